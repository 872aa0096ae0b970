import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@web/lib/api-client';
import { TextField } from '@web/components/ui/field';
import { CardSection } from '@web/components/ui/card-section';
import { PROFILE_TEXTS } from '../texts';
import type { Profile } from '../api/get-profile';
import { DeleteAccountSection } from './delete-account';
import { ProfileForm } from './profile-form';
import { usageText } from '../usage';

const T = PROFILE_TEXTS;

/** docs/product.md#screens-and-routes, the Profile tab: read-only User ID and Email, the editable details, Delete Account. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const usage = useQuery({ queryKey: ['usage'], queryFn: () => apiCall('GET /api/usage') });
  return (
    <div className="profile">
      <CardSection title={T.accountSection} className="profile__section">
        <div className="form-grid">
          <TextField label={T.userId} name="userId" value={profile.userId} readOnly className="field--readonly" />
          <TextField label={T.email} name="email" type="email" value={profile.email} readOnly className="field--readonly" />
        </div>
        <p className="note profile__note">{T.accountNote}</p>
        {usage.isSuccess && <p className="note profile__note">{usageText(usage.data)}</p>}
      </CardSection>
      <ProfileForm profile={profile} />
      <DeleteAccountSection />
    </div>
  );
}
