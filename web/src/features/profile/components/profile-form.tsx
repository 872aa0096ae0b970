import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { SubmitActions } from '@web/components/ui/button';
import { CardSection } from '@web/components/ui/card-section';
import { SelectField, TextField } from '@web/components/ui/field';
import { PROFILE_TEXTS } from '../texts';
import { isUnauthorized } from '@web/lib/api-client';
import { FIELD_LIMITS } from '@domain/constants';
import type { Profile } from '../api/get-profile';
import { useUpdateProfile } from '../api/profile-api';
import {
  dateOfBirthChangesLeft,
  dateOfBirthLocked,
  formValuesFrom,
  OTHER_GENDER,
  profileSaveErrorMessage,
  todayIso,
  type ProfileFormValues,
} from '../form';

const T = PROFILE_TEXTS;

/**
 * The editable profile (docs/product.md#screens-and-routes, #validation, #errors): Name, Gender (Other asks for the custom text),
 * Date of Birth (locked at the change limit), Country; 'Save Changes' sends the trimmed form and
 * toasts the answer top-right for 3 s.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesFrom(profile));
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => setValues((prev) => ({ ...prev, [key]: value }));
  const locked = dateOfBirthLocked(profile);

  const mutation = useUpdateProfile({
    onSaved: (answer, sent) => {
      toast.success(answer?.message ?? T.saved);
      // Show what was saved (trimmed); the profile is asked for again for the new date-of-birth count.
      setValues({ ...sent, name: sent.name.trim(), customGender: sent.customGender.trim() });
    },
    onError: (error) => {
      // A 401 is the shared rule's (toast and /login).
      if (!isUnauthorized(error)) toast.error(profileSaveErrorMessage(error));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A locked date of birth is sent unchanged: the server counts only real changes.
    mutation.mutate(locked ? { ...values, age: profile.age ?? '' } : values);
  };

  return (
    <CardSection title={T.detailsSection} className="profile__section">
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField label={T.name} name="name" autoComplete="name" maxLength={FIELD_LIMITS.name} value={values.name} onChange={(e) => set('name', e.target.value)} />
          <SelectField label={T.gender} name="gender" options={T.genderOptions} placeholder={T.genderPlaceholder} value={values.gender} onChange={(e) => set('gender', e.target.value)} />
          {values.gender === OTHER_GENDER && (
            <TextField
              label={T.customGender}
              name="customGender"
              maxLength={FIELD_LIMITS.customGender}
              value={values.customGender}
              onChange={(e) => set('customGender', e.target.value)}
            />
          )}
          <TextField
            label={T.dateOfBirth}
            name="age"
            type="date"
            autoComplete="bday"
            max={todayIso()}
            disabled={locked}
            hint={locked ? T.dobLimitReached : T.dobChangesLeft(dateOfBirthChangesLeft(profile))}
            value={locked ? (profile.age ?? '') : values.age}
            onChange={(e) => set('age', e.target.value)}
          />
          <SelectField label={T.country} name="country" autoComplete="country-name" options={T.countryOptions} placeholder={T.countryPlaceholder} value={values.country} onChange={(e) => set('country', e.target.value)} />
        </div>
        <SubmitActions busy={mutation.isPending}>{T.save}</SubmitActions>
      </form>
    </CardSection>
  );
}
