/** Password-reset tokens: one link works once, until it expires. */
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db } from './db';
import type { ResetToken } from './entities/reset-token';
import { whileLive } from './live-items';

export type ResetTokenItem = EntityItem<typeof ResetToken>;

export async function createResetToken(item: CreateEntityItem<typeof ResetToken>): Promise<void> {
  await db().entities.resetToken.create(item).go();
}

/** The token while it is still valid; null when unknown or expired. */
export async function findLiveResetToken(tokenId: string): Promise<ResetTokenItem | null> {
  return whileLive((await db().entities.resetToken.get({ tokenId }).go()).data);
}

export async function deleteResetToken(tokenId: string): Promise<void> {
  await db().entities.resetToken.delete({ tokenId }).go();
}
