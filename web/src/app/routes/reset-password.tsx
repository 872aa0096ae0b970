import { Link, useParams } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';

export function Component() {
  const { token = '' } = useParams();
  return (
    <AuthLayout title={TEXTS.resetPassword.title} footer={<Link to={paths.login}>{TEXTS.resetPassword.backToLogin}</Link>}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
