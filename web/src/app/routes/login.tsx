import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { LoginForm } from '@web/features/auth/components/login-form';

const T = TEXTS.login;

export function Component() {
  const footer = (
    <p>
      {T.noAccount} <Link to={paths.signup}>{T.signupLink}</Link>
    </p>
  );
  return (
    <AuthLayout documentTitle={TEXTS.common.login} title={T.title} subtitle={T.subtitle} footer={footer}>
      <LoginForm />
    </AuthLayout>
  );
}
