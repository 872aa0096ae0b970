/** The form checks of docs/product.md#validation for the sign-in flows. Pure; unit-tested. */
import { VERIFICATION_CODE_LENGTH } from '@web/config/constants';
import { RESET_PASSWORD_TEXTS, SIGNUP_TEXTS, VERIFY_TEXTS } from './texts';

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

/** The first problem of a signup form, or undefined when it may be sent. */
export function validateSignup(input: SignupInput): string | undefined {
  if (!input.name.trim() || !input.email.trim() || !input.password || !input.confirmPassword) return SIGNUP_TEXTS.requiredFields;
  if (input.password !== input.confirmPassword) return SIGNUP_TEXTS.passwordMismatch;
  if (!input.acceptTerms) return SIGNUP_TEXTS.termsRequired;
  return undefined;
}

/** The verification code must be exactly 6 characters. */
export function validateVerificationCode(code: string): string | undefined {
  return code.length === VERIFICATION_CODE_LENGTH ? undefined : VERIFY_TEXTS.invalidCode;
}

/** Keeps what may be typed into the code box: digits only, at most 6. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

/** Reset password: both fields required (the browser checks), and they must match. */
export function validateNewPassword(password: string, confirm: string): string | undefined {
  return password === confirm ? undefined : RESET_PASSWORD_TEXTS.mismatch;
}
