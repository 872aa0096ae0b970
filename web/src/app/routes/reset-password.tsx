import { Link, useParams } from 'react-router-dom';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { useDocumentTitle } from '../../components/document-title';
import { paths } from '../../config/paths';
import { TEXTS } from '../../config/texts';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export function Component() {
  useDocumentTitle(TEXTS.resetPassword.title);
  const { token = '' } = useParams();
  return (
    <AuthLayout title={TEXTS.resetPassword.title} footer={<Link to={paths.login}>{TEXTS.resetPassword.backToLogin}</Link>}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
