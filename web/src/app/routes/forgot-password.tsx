import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { paths } from '@web/config/paths';
import { FORGOT_PASSWORD_TEXTS } from '@web/features/auth/texts';
import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';

const T = FORGOT_PASSWORD_TEXTS;

export function Component() {
  return (
    <AuthLayout title={T.title} subtitle={T.subtitle} footer={<Link to={paths.login}>{T.backToLogin}</Link>}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
