import { AuthLayout } from '@web/components/layouts/auth-layout';
import { useDocumentTitle } from '@web/components/document-title';
import { TEXTS } from '@web/config/texts';
import { VerifyForm } from '@web/features/auth/components/verify-form';

export function Component() {
  useDocumentTitle(TEXTS.verify.title);
  return (
    <AuthLayout title={TEXTS.verify.title}>
      <VerifyForm />
    </AuthLayout>
  );
}
