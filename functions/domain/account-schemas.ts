/** The account routes' request bodies, checked at the trust boundary (docs/product.md#validation, #calls). */
import { z } from 'zod';
import { COUNTRIES, FIELD_LIMITS, GENDERS, VERIFICATION_CODE_LENGTH } from './constants';
import { MESSAGES } from './messages';

const required = (label: string) => ({ error: `${label} is required.` });

export const Email = z
  .string(required('Email'))
  .trim()
  .toLowerCase()
  .min(1, `Email is required.`)
  .max(FIELD_LIMITS.email, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'));

const Password = z.string(required('Password')).min(1, 'Password is required.').max(FIELD_LIMITS.password, 'Password is too long.');
const Name = z.string(required('Name')).trim().min(1, 'Name is required.').max(FIELD_LIMITS.name, `Name must be at most ${FIELD_LIMITS.name} characters.`);

export const LoginBody = z.object({ email: Email, password: Password });
export const SignupBody = z.object({ name: Name, email: Email, password: Password });
export const VerifyBody = z.object({
  email: Email,
  code: z.string(required('Code')).trim().regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), MESSAGES.enterValidCode),
});
/** An address alone: forgot-password, resend-code. */
export const EmailBody = z.object({ email: Email });
export const ResetBody = z.object({ token: z.string(required('Token')).min(1).max(200), password: Password });
/** The password may be empty or left out: whether that is enough is `deletionCheck`'s call (account-deletion.ts). */
export const DeleteAccountBody = z.object({ password: z.string().max(FIELD_LIMITS.password).default('') });

const STANDARD_GENDERS: readonly string[] = GENDERS.filter((gender) => gender !== 'Other');
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD that is a real calendar day (1990-02-31 is not) and not in the future. */
function isPastCalendarDate(value: string): boolean {
  const parts = isoDate.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() <= Date.now();
}

/** PUT /api/profile (multipart form): every field optional, trimmed; empty strings clear a field. */
export const ProfileForm = z.object({
  name: z.string().trim().max(FIELD_LIMITS.name, `Name must be at most ${FIELD_LIMITS.name} characters.`).optional(),
  country: z
    .string()
    .trim()
    .refine((value) => value === '' || (COUNTRIES as readonly string[]).includes(value), 'Choose a country from the list.')
    .optional(),
  /** One of the standard options, 'Other', or the custom text sent in place of 'Other' (docs/product.md#validation). */
  gender: z.string().trim().max(FIELD_LIMITS.customGender, `Gender must be at most ${FIELD_LIMITS.customGender} characters.`).optional(),
  /** The date of birth, YYYY-MM-DD, not in the future. */
  age: z
    .string()
    .trim()
    .refine((value) => value === '' || isPastCalendarDate(value), 'Enter a valid date of birth.')
    .optional(),
});
export type ProfileFormInput = z.infer<typeof ProfileForm>;

export interface GenderFields {
  gender: string;
  customGender: string;
}

/** Splits the sent gender into the option and the custom text the profile keeps. */
export function genderFields(sent: string): GenderFields {
  if (sent === '' || STANDARD_GENDERS.includes(sent) || sent === 'Other') return { gender: sent, customGender: '' };
  return { gender: 'Other', customGender: sent };
}
