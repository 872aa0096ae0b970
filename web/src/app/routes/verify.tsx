import { AuthLayout } from '../../components/layouts/auth-layout';
import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { VerifyForm } from '../../features/auth/components/verify-form';

export function Component() {
  useDocumentTitle(TEXTS.verify.title);
  return (
    <AuthLayout title={TEXTS.verify.title}>
      <VerifyForm />
    </AuthLayout>
  );
}
