/** The profile's rules (docs/product.md#entities, #validation): what a form changes, and the date-of-birth limit. */
import { genderFields, type ProfileFormInput } from './account-schemas';
import { DATE_OF_BIRTH_CHANGE_LIMIT } from './constants';
import { MESSAGES } from './messages';

export interface StoredProfile {
  userId: string;
  email: string;
  name: string;
  country: string;
  gender: string;
  customGender: string;
  age: string;
  ageChangeCount: number;
}

/** The profile as docs/product.md#entities names its fields. */
export function profileView(profile: StoredProfile) {
  return {
    userId: profile.userId,
    email: profile.email,
    name: profile.name,
    country: profile.country,
    gender: profile.gender,
    customGender: profile.customGender,
    age: profile.age,
    age_change_count: profile.ageChangeCount,
  };
}

export type ProfileChanges = Partial<Pick<StoredProfile, 'name' | 'country' | 'gender' | 'customGender' | 'age' | 'ageChangeCount'>>;

export class ProfileRuleError extends Error {}

/** The changes a submitted form makes; a new date of birth past the change limit is refused. */
export function profileChanges(current: StoredProfile, form: ProfileFormInput): ProfileChanges {
  const changes: ProfileChanges = {};
  if (form.name !== undefined) changes.name = form.name;
  if (form.country !== undefined) changes.country = form.country;
  if (form.gender !== undefined) Object.assign(changes, genderFields(form.gender));
  if (form.age !== undefined && form.age !== current.age) {
    if (current.ageChangeCount >= DATE_OF_BIRTH_CHANGE_LIMIT) throw new ProfileRuleError(MESSAGES.dobLimitReached);
    changes.age = form.age;
    changes.ageChangeCount = current.ageChangeCount + 1;
  }
  return changes;
}
