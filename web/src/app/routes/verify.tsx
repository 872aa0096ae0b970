import { AuthLayout } from '@web/components/layouts/auth-layout';
import { TEXTS } from '@web/config/texts';
import { VerifyForm } from '@web/features/auth/components/verify-form';

export function Component() {
  return (
    <AuthLayout title={TEXTS.verify.title}>
      <VerifyForm />
    </AuthLayout>
  );
}
