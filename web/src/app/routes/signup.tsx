import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { SignupForm } from '@web/features/auth/components/signup-form';

const T = TEXTS.signup;

export function Component() {
  const footer = (
    <p>
      {T.haveAccount} <Link to={paths.login}>{T.loginLink}</Link>
    </p>
  );
  return (
    <AuthLayout documentTitle={TEXTS.common.signup} title={T.title} subtitle={T.subtitle} footer={footer}>
      <SignupForm />
    </AuthLayout>
  );
}
