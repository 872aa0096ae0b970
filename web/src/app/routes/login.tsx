import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { LOGIN_TEXTS } from '@web/features/auth/texts';
import { LoginForm } from '@web/features/auth/components/login-form';

const T = LOGIN_TEXTS;

export function Component() {
  const footer = (
    <p>
      {T.noAccount} <Link to={paths.signup}>{T.signupLink}</Link>
    </p>
  );
  return (
    <AuthLayout documentTitle={COMMON_TEXTS.login} title={T.title} subtitle={T.subtitle} footer={footer}>
      <LoginForm />
    </AuthLayout>
  );
}
