/** Session items (docs/architecture.md#sessions-and-identity): keyed by the SHA-256 of the cookie token, never the token itself. */
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db } from './db';
import type { Session } from './entities/session';

export type SessionItem = EntityItem<typeof Session>;

export async function findSessionItem(tokenHash: string): Promise<SessionItem | null> {
  return (await db().entities.session.get({ tokenHash }).go()).data;
}

export async function createSessionItem(item: CreateEntityItem<typeof Session>): Promise<void> {
  await db().entities.session.create(item).go();
}

export async function deleteSessionItem(tokenHash: string): Promise<void> {
  await db().entities.session.delete({ tokenHash }).go();
}

export async function endFirstLoginItem(tokenHash: string): Promise<void> {
  await db().entities.session.patch({ tokenHash }).set({ firstLogin: false }).go();
}

/** Deletes every session of a user (password reset, account deletion). */
export async function revokeUserSessions(userId: string): Promise<void> {
  const { data } = await db().entities.session.query.byUser({ userId }).go({ pages: 'all' });
  if (data.length > 0) await db().entities.session.delete(data.map(({ tokenHash }) => ({ tokenHash }))).go();
}
