import type { ChangeEvent } from 'react';
import { PasswordField } from '@web/components/ui/field';

/** How both fields say they are needed: `required` (the browser checks) or aria-required (the form's own checks, noValidate). */
type Needed = { required: true } | { 'aria-required': 'true' };

interface NewPasswordTexts {
  password: string;
  confirmPassword: string;
  passwordHint: string;
}

/** Signup and reset password (docs/product.md#screens-and-routes, #validation): a new password, the policy under it, and its confirmation. */
export function NewPasswordFields({
  texts,
  needed,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  texts: NewPasswordTexts;
  needed: Needed;
  password: string;
  confirm: string;
  onPassword: (event: ChangeEvent<HTMLInputElement>) => void;
  onConfirm: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <PasswordField label={texts.password} name="password" autoComplete="new-password" {...needed} hint={texts.passwordHint} value={password} onChange={onPassword} />
      <PasswordField label={texts.confirmPassword} name="confirmPassword" autoComplete="new-password" {...needed} value={confirm} onChange={onConfirm} />
    </>
  );
}
