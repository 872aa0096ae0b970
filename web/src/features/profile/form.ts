/** The profile form's rules (docs/product.md#entities, #validation, #errors). Pure; unit-tested in test/unit/web-profile.test.ts. */
import { DATE_OF_BIRTH_CHANGE_LIMIT } from '@web/config/constants';
import { PROFILE_TEXTS } from './texts';
import { failureText } from '@web/lib/api-client';
import type { SignInMethod } from '@domain/account-deletion';
import { COUNTRIES, GENDERS } from '@domain/constants';
import type { Profile } from './api/get-profile';

export const OTHER_GENDER = 'Other';

/** What the form holds while it is edited. */
export interface ProfileFormValues {
  name: string;
  /** One of GENDERS, or '' (not set). */
  gender: string;
  /** The custom text, used when gender is Other. */
  customGender: string;
  /** The date of birth, YYYY-MM-DD, or ''. */
  age: string;
  country: string;
}

const isOneOf = (list: readonly string[], value: string) => list.includes(value);

/** The form's starting values from a loaded profile. A gender outside the four options is custom text: Other. */
export function formValuesFrom(profile: Partial<Profile>): ProfileFormValues {
  const gender = profile.gender ?? '';
  const custom = gender === OTHER_GENDER ? (profile.customGender ?? '') : gender !== '' && !isOneOf(GENDERS, gender) ? gender : '';
  return {
    name: profile.name ?? '',
    gender: gender !== '' && !isOneOf(GENDERS, gender) ? OTHER_GENDER : gender,
    customGender: custom,
    age: profile.age ?? '',
    country: profile.country && isOneOf(COUNTRIES, profile.country) ? profile.country : '',
  };
}

/** The gender as sent: when Other is chosen, the custom text (trimmed) takes its place (docs/product.md#validation). */
export function genderToSend(values: Pick<ProfileFormValues, 'gender' | 'customGender'>): string {
  if (values.gender !== OTHER_GENDER) return values.gender.trim();
  return values.customGender.trim() || OTHER_GENDER;
}

/** The multipart form of `PUT /api/profile`: {name, country, gender, age}, trimmed. */
export function profileFormData(values: ProfileFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('country', values.country.trim());
  form.append('gender', genderToSend(values));
  form.append('age', values.age.trim());
  return form;
}

/** The date of birth may change until age_change_count reaches the limit (docs/product.md#states). */
export const dateOfBirthLocked = (profile: Partial<Pick<Profile, 'age_change_count'>>): boolean =>
  (profile.age_change_count ?? 0) >= DATE_OF_BIRTH_CHANGE_LIMIT;

export const dateOfBirthChangesLeft = (profile: Partial<Pick<Profile, 'age_change_count'>>): number =>
  Math.max(0, DATE_OF_BIRTH_CHANGE_LIMIT - (profile.age_change_count ?? 0));

/** Today as YYYY-MM-DD in the reader's time zone: the latest date of birth the picker offers. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Profile save failure: the server's error or 'Failed to save changes.'. */
export function profileSaveErrorMessage(error: unknown): string {
  return failureText(error, PROFILE_TEXTS.saveFailed);
}

/** Account deletion failure: the server's error or 'Failed to delete account.'. */
export function deleteAccountErrorMessage(error: unknown): string {
  return failureText(error, PROFILE_TEXTS.deleteFailed);
}

/**
 * Delete account needs the checkbox and a non-empty password (docs/product.md#validation). After a Google sign-in
 * the password is optional (the server accepts a recent Google sign-in instead): only the checkbox is needed.
 */
export function validateDeleteAccount(input: { agreed: boolean; password: string; signInMethod?: SignInMethod | undefined }): string | undefined {
  if (input.signInMethod === 'google') return input.agreed ? undefined : PROFILE_TEXTS.deleteWarningGoogle;
  return input.agreed && input.password !== '' ? undefined : PROFILE_TEXTS.deleteWarning;
}
