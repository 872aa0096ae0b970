/** Profile items: made at the first sign-in, read and changed by their owner only (keyed by the session's user id). */
import type { EntityItem } from 'electrodb';
import type { ProfileChanges, StoredProfile } from '../domain/profile';
import { db } from './db';
import type { Profile } from './entities/profile';
import { isConditionFailure } from './errors';

export type ProfileItem = EntityItem<typeof Profile>;

export interface ProfileRecord extends StoredProfile {
  welcomed: boolean;
}

/** The item with its defaults filled in (items stored before a field existed lack it). */
const asRecord = (item: ProfileItem): ProfileRecord => ({
  userId: item.userId,
  email: item.email,
  name: item.name ?? '',
  country: item.country ?? '',
  gender: item.gender ?? '',
  customGender: item.customGender ?? '',
  age: item.age ?? '',
  ageChangeCount: item.ageChangeCount ?? 0,
  welcomed: item.welcomed ?? false,
});

export async function findProfile(userId: string): Promise<ProfileRecord | null> {
  const { data } = await db().entities.profile.get({ userId }).go();
  return data ? asRecord(data) : null;
}

/** The user's profile, created from the identity on first sign-in (a repeat is harmless). */
export async function ensureProfile(identity: Pick<ProfileItem, 'userId' | 'email' | 'name'>): Promise<ProfileRecord> {
  const existing = await findProfile(identity.userId);
  if (existing) return existing;
  await db()
    .entities.profile.create({ userId: identity.userId, email: identity.email, name: identity.name })
    .go()
    .catch((error: unknown) => {
      // Two first sign-ins at once: the other one made it.
      if (!isConditionFailure(error)) throw error;
    });
  return (await findProfile(identity.userId))!;
}

export async function updateProfile(userId: string, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db().entities.profile.patch({ userId }).set(changes).go();
}

export async function markWelcomed(userId: string): Promise<void> {
  await db().entities.profile.patch({ userId }).set({ welcomed: true }).go();
}
