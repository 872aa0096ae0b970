/** The signed-in user's own profile (docs/product.md#screens-and-routes, #entities, #validation). */
import type { ProfileView } from '../../contract';
import { ensureProfile, markWelcomed, updateProfile } from '../../data/profiles';
import { profileChanges, profileView, ProfileRuleError } from '../../domain/profile';
import { ServiceError } from '../service-error';
import { endFirstLogin, type Session } from './sessions';

const profileOf = (session: Session) => ensureProfile({ userId: session.userId, email: session.email, name: '' });

/** The profile; loading it means the user is in (welcome page or dashboard): the first login (of `sessionToken`) is over. */
export async function readProfile(session: Session, sessionToken: string | undefined): Promise<ProfileView> {
  const profile = await profileOf(session);
  if (session.firstLogin) await Promise.all([endFirstLogin(sessionToken), markWelcomed(session.userId)]);
  return profileView(profile);
}

export async function saveProfile(session: Session, form: Parameters<typeof profileChanges>[1]): Promise<void> {
  const profile = await profileOf(session);
  try {
    await updateProfile(session.userId, profileChanges(profile, form));
  } catch (error) {
    if (error instanceof ProfileRuleError) throw new ServiceError('forbidden', error.message);
    throw error;
  }
}
