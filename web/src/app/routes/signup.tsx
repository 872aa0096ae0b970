import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { SIGNUP_TEXTS } from '@web/features/auth/texts';
import { SignupForm } from '@web/features/auth/components/signup-form';

const T = SIGNUP_TEXTS;

export function Component() {
  const footer = (
    <p>
      {T.haveAccount} <Link to={paths.login}>{T.loginLink}</Link>
    </p>
  );
  return (
    <AuthLayout documentTitle={COMMON_TEXTS.signup} title={T.title} subtitle={T.subtitle} footer={footer}>
      <SignupForm />
    </AuthLayout>
  );
}
