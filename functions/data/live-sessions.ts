/** Live transcription sessions (LiveSession, issue 29), always addressed by the session's user id. */
import type { EntityItem } from 'electrodb';
import { db } from './db';
import type { LiveSession } from './entities/live-session';
import { writtenIf } from './errors';
import { newItemId } from './ids';

export type LiveSessionItem = EntityItem<typeof LiveSession>;

export async function createLiveSession(fields: Omit<LiveSessionItem, 'sessionId' | 'countedMs'>): Promise<LiveSessionItem> {
  return (await db().entities.liveSession.create({ ...fields, sessionId: newItemId() }).go()).data as LiveSessionItem;
}

export async function findLiveSession(userId: string, sessionId: string): Promise<LiveSessionItem | null> {
  return (await db().entities.liveSession.get({ userId, sessionId }).go({ consistent: true })).data;
}

/** The user's sessions (a month's and the month before's at most: the TTL removes older ones). */
export async function listLiveSessions(userId: string): Promise<LiveSessionItem[]> {
  return (await db().entities.liveSession.query.primary({ userId }).go({ pages: 'all' })).data;
}

/** Records the time a session counts, once: false when it was already counted (a second end changes nothing). */
export async function countLiveSession(session: Pick<LiveSessionItem, 'userId' | 'sessionId'>, countedMs: number): Promise<boolean> {
  return writtenIf(
    db()
      .entities.liveSession.patch({ userId: session.userId, sessionId: session.sessionId })
      .set({ countedMs })
      .where(({ countedMs: counted }, { notExists }) => notExists(counted))
      .go(),
  );
}
