/** Pending sign-ups: which browsers may confirm the sign-up waiting for its code. One per address, the newest. */
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db } from './db';
import type { PendingSignUp } from './entities/pending-sign-up';
import { writtenIf } from './errors';
import { whileLive } from './live-items';

export type PendingSignUpItem = EntityItem<typeof PendingSignUp>;

/** Stores the sign-up, replacing any earlier one of the address. */
export async function putPendingSignUp(item: CreateEntityItem<typeof PendingSignUp>): Promise<void> {
  await db().entities.pendingSignUp.put(item).go();
}

/** The address's sign-up while it is still valid; null when unknown or expired. */
export async function findLivePendingSignUp(email: string): Promise<PendingSignUpItem | null> {
  return whileLive((await db().entities.pendingSignUp.get({ email }).go()).data);
}

/** Adds a browser to the sign-up of identity `userId`; false when the address's sign-up is another's (or gone). */
export async function addPendingSignUpBrowser(email: string, userId: string, nonceHash: string, expiresAt: number): Promise<boolean> {
  return writtenIf(
    db()
      .entities.pendingSignUp.patch({ email })
      .append({ nonceHashes: [nonceHash] })
      .set({ expiresAt })
      .where(({ userId: stored }, { eq }) => eq(stored, userId))
      .go(),
  );
}

export async function deletePendingSignUp(email: string): Promise<void> {
  await db().entities.pendingSignUp.delete({ email }).go();
}
