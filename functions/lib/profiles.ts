/** Profile items: made at the first sign-in, read and changed by their owner only (keyed by the session's user id). */
import { db } from '../data/db';
import type { ProfileChanges, StoredProfile } from '../domain/profile';
import type { Identity } from './identity';

export interface ProfileRecord extends StoredProfile {
  welcomed: boolean;
}

export async function findProfile(userId: string): Promise<ProfileRecord | null> {
  const { data } = await db().entities.profile.get({ userId }).go();
  return data ? { ...data, welcomed: data.welcomed ?? false } as ProfileRecord : null;
}

/** The user's profile, created from the identity on first sign-in (a repeat is harmless). */
export async function ensureProfile(identity: Identity): Promise<ProfileRecord> {
  const existing = await findProfile(identity.userId);
  if (existing) return existing;
  await db()
    .entities.profile.create({ userId: identity.userId, email: identity.email, name: identity.name, createdAt: Date.now() })
    .go()
    .catch((error: Error) => {
      // Two first sign-ins at once: the other one made it.
      if (!/conditional/i.test(error.message)) throw error;
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
