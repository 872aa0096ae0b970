import { Link, useParams } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { paths } from '@web/config/paths';
import { RESET_PASSWORD_TEXTS } from '@web/features/auth/texts';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';

export function Component() {
  const { token = '' } = useParams();
  return (
    <AuthLayout title={RESET_PASSWORD_TEXTS.title} footer={<Link to={paths.login}>{RESET_PASSWORD_TEXTS.backToLogin}</Link>}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
