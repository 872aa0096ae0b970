import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { useDocumentTitle } from '@web/components/document-title';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';

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
