import { Link } from 'react-router-dom';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { useDocumentTitle } from '../../components/document-title';
import { paths } from '../../config/paths';
import { TEXTS } from '../../config/texts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function Component() {
  useDocumentTitle(TEXTS.forgotPassword.title);
  return (
    <AuthLayout
      title={TEXTS.forgotPassword.title}
      subtitle={TEXTS.forgotPassword.subtitle}
      footer={<Link to={paths.login}>{TEXTS.forgotPassword.backToLogin}</Link>}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
