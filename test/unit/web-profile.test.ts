/** The Profile tab's rules (docs/product.md#entities, #validation, #errors) and the dashboard's tab addresses (section 2). */
import { ApiRequestError, NetworkError } from '../../web/src/lib/api-client';
import { PROFILE_TEXTS } from '../../web/src/features/profile/texts';
import {
  dateOfBirthChangesLeft,
  dateOfBirthLocked,
  deleteAccountErrorMessage,
  formValuesFrom,
  genderToSend,
  profileFormData,
  profileSaveErrorMessage,
  todayIso,
  validateDeleteAccount,
} from '../../web/src/features/profile/form';
import { DASHBOARD_TABS, DEFAULT_TAB, tabFromLocation, tabHref, tabLabel } from '../../web/src/config/dashboard-tabs';
import { COUNTRIES, DATE_OF_BIRTH_CHANGE_LIMIT, GENDERS } from '../../functions/domain/constants';

const profile = { userId: 'u1', email: 'ada@example.com' };
const answered = (status: number, error?: string) => new ApiRequestError(status, error ?? `Request failed with status ${status}.`, error, error ? { error } : undefined);

describe('profile form values', () => {
  it('start from the loaded profile', () => {
    expect(formValuesFrom({ ...profile, name: 'Ada', gender: 'Female', age: '1990-05-17', country: 'Kenya', age_change_count: 1 })).toEqual({
      name: 'Ada',
      gender: 'Female',
      customGender: '',
      age: '1990-05-17',
      country: 'Kenya',
    });
  });

  it('start empty for a new profile', () => {
    expect(formValuesFrom(profile)).toEqual({ name: '', gender: '', customGender: '', age: '', country: '' });
  });

  it('show Other with its custom text', () => {
    expect(formValuesFrom({ ...profile, gender: 'Other', customGender: 'Non-binary' })).toMatchObject({ gender: 'Other', customGender: 'Non-binary' });
    // A custom text stored as the gender itself reads the same way.
    expect(formValuesFrom({ ...profile, gender: 'Agender' })).toMatchObject({ gender: 'Other', customGender: 'Agender' });
  });

  it('leave a country outside the list unset', () => {
    expect(formValuesFrom({ ...profile, country: 'Atlantis' }).country).toBe('');
  });
});

describe('the profile form as sent', () => {
  it('sends the custom text as the gender when Other is chosen, trimmed', () => {
    expect(genderToSend({ gender: 'Other', customGender: '  Non-binary ' })).toBe('Non-binary');
    expect(genderToSend({ gender: 'Other', customGender: '   ' })).toBe('Other');
    expect(genderToSend({ gender: 'Male', customGender: 'ignored' })).toBe('Male');
    expect(genderToSend({ gender: '', customGender: '' })).toBe('');
  });

  it('is a multipart form {name, country, gender, age}, trimmed', () => {
    const form = profileFormData({ name: '  Ada King ', gender: 'Other', customGender: ' Non-binary ', age: '1990-05-17', country: 'Kenya' });
    expect([...form.entries()]).toEqual([
      ['name', 'Ada King'],
      ['country', 'Kenya'],
      ['gender', 'Non-binary'],
      ['age', '1990-05-17'],
    ]);
  });
});

describe('date of birth limit', () => {
  it(`locks at ${DATE_OF_BIRTH_CHANGE_LIMIT} changes`, () => {
    expect(dateOfBirthLocked({ age_change_count: 0 })).toBe(false);
    expect(dateOfBirthLocked({})).toBe(false);
    expect(dateOfBirthLocked({ age_change_count: 1 })).toBe(false);
    expect(dateOfBirthLocked({ age_change_count: 2 })).toBe(true);
    expect(dateOfBirthLocked({ age_change_count: 5 })).toBe(true);
  });

  it('counts the changes left', () => {
    expect(dateOfBirthChangesLeft({})).toBe(2);
    expect(dateOfBirthChangesLeft({ age_change_count: 1 })).toBe(1);
    expect(dateOfBirthChangesLeft({ age_change_count: 3 })).toBe(0);
    expect(PROFILE_TEXTS.dobChangesLeft(1)).toBe('You can change your date of birth 1 more time.');
  });

  it("offers dates up to today, in the reader's calendar", () => {
    expect(todayIso(new Date(2025, 6, 9, 23, 30))).toBe('2025-07-09');
  });
});

describe('profile texts and choices', () => {
  it('offers the 4 genders and 20 countries of docs/product.md', () => {
    expect(PROFILE_TEXTS.genderOptions).toEqual(['Male', 'Female', 'Prefer not to say', 'Other']);
    expect(PROFILE_TEXTS.genderOptions).toBe(GENDERS);
    expect(PROFILE_TEXTS.countryOptions).toBe(COUNTRIES);
    expect(COUNTRIES).toHaveLength(20);
  });

  it("says the product's error texts on failure", () => {
    expect(profileSaveErrorMessage(answered(403, 'Date of birth change limit reached'))).toBe('Date of birth change limit reached');
    expect(profileSaveErrorMessage(answered(500))).toBe('Failed to save changes.');
    expect(profileSaveErrorMessage(new NetworkError())).toBe('Failed to save changes.');
    expect(deleteAccountErrorMessage(answered(403, 'The password is not correct.'))).toBe('The password is not correct.');
    expect(deleteAccountErrorMessage(answered(502))).toBe('Failed to delete account.');
    expect(deleteAccountErrorMessage(new NetworkError())).toBe('Failed to delete account.');
  });

  it('needs the checkbox and the password to delete the account', () => {
    expect(validateDeleteAccount({ agreed: true, password: 'x' })).toBeUndefined();
    expect(validateDeleteAccount({ agreed: false, password: 'x' })).toBe('Please agree and enter your password.');
    expect(validateDeleteAccount({ agreed: true, password: '' })).toBe('Please agree and enter your password.');
    expect(validateDeleteAccount({ agreed: true, password: '', signInMethod: 'password' })).toBe('Please agree and enter your password.');
  });

  it('after a Google sign-in, needs only the checkbox: the password is optional', () => {
    expect(validateDeleteAccount({ agreed: true, password: '', signInMethod: 'google' })).toBeUndefined();
    expect(validateDeleteAccount({ agreed: true, password: 'x', signInMethod: 'google' })).toBeUndefined();
    expect(validateDeleteAccount({ agreed: false, password: 'x', signInMethod: 'google' })).toBe('Please tick "I understand and agree" to delete your account.');
  });
});

describe('dashboard tabs', () => {
  it('are the five of docs/product.md#screens-and-routes, Transcribe File by default', () => {
    expect(DASHBOARD_TABS.map(tabLabel)).toEqual(['Profile', 'Transcribe File', 'Transcribed Files', 'Projects', 'Tags']);
    expect(DEFAULT_TAB).toBe('transcribe');
  });

  it('live in the address, and read back from it', () => {
    expect(tabHref('profile')).toBe('/profile');
    expect(tabHref('transcribe')).toBe('/dashboard');
    expect(tabHref('projects')).toBe('/dashboard?tab=projects');
    for (const tab of DASHBOARD_TABS) {
      const url = new URL(tabHref(tab), 'http://localhost');
      expect(tabFromLocation(url.pathname, url.search)).toBe(tab);
    }
  });

  it('fall back to the default tab for an unknown ?tab=', () => {
    expect(tabFromLocation('/dashboard', '?tab=nope')).toBe('transcribe');
    expect(tabFromLocation('/dashboard', '')).toBe('transcribe');
    expect(tabFromLocation('/profile/', '')).toBe('profile');
  });
});
