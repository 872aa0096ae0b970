import { AuthLayout } from '@web/components/layouts/auth-layout';
import { VERIFY_TEXTS } from '@web/features/auth/texts';
import { VerifyForm } from '@web/features/auth/components/verify-form';

export function Component() {
  return (
    <AuthLayout title={VERIFY_TEXTS.title}>
      <VerifyForm />
    </AuthLayout>
  );
}
