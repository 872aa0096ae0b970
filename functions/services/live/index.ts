/**
 * Live transcription through the streaming service (issue 29): a signed-in user within the monthly quota gets
 * a presigned address for a language the service streams, and each session's time is counted in the month's
 * usage (and its quota ledger) by what the server can bound, whatever the browser reports: at most the time
 * since the address was issued, and at most one stream's four hours. A session never ended is counted at that
 * bound when its user next asks for one, or once the bound has passed when the month's usage is read.
 */
import type { LiveEndView, LiveSessionView } from '../../contract';
import { countLiveSession, createLiveSession, findLiveSession, listLiveSessions, type LiveSessionItem } from '../../data/live-sessions';
import { countedLiveMs, LIVE_ADDRESS_SECONDS } from '../../domain/live-minutes';
import { findLanguage, streamingCodeOf } from '../../domain/languages';
import { MESSAGES } from '../../domain/messages';
import { liveStreamingLanguages } from '../../engines/wiring';
import { ServiceError } from '../service-error';
import { addToReservation, monthOf, refuseOverQuota } from '../usage';
import { presignStream, STREAM_SAMPLE_RATE } from './stream-address';

/** The TTL of a session: a month after its own month ends, as the quota ledger's. */
const sessionExpiry = (now: Date): number => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1) / 1000;

/** Counts a session once (a second count changes nothing) and adds its time to its month's quota ledger. */
async function count(session: LiveSessionItem, ms: number): Promise<number> {
  if (await countLiveSession(session, ms)) await addToReservation(session.userId, session.month, ms);
  return ms;
}

/** Counts the user's sessions never ended at their bound (each can have streamed at most that long). */
async function countAbandoned(userId: string, now: number): Promise<void> {
  const open = (await listLiveSessions(userId)).filter((session) => session.countedMs === undefined);
  await Promise.all(open.map((session) => count(session, countedLiveMs(session, now))));
}

export async function startLiveSession(userId: string, language: string, now = new Date()): Promise<LiveSessionView> {
  if (liveStreamingLanguages().length === 0) throw new ServiceError('unprocessable', MESSAGES.liveUnavailable);
  const code = streamingCodeOf(language);
  if (!code) throw new ServiceError('unprocessable', MESSAGES.liveLanguageUnavailable(findLanguage(language)?.name ?? language));
  await countAbandoned(userId, now.getTime());
  await refuseOverQuota(userId, now);
  const session = await createLiveSession({ userId, language: code, month: monthOf(now), startedAt: now.getTime(), expiresAt: sessionExpiry(now) });
  return {
    id: session.sessionId,
    url: await presignStream(code, LIVE_ADDRESS_SECONDS, now),
    language_code: code,
    sample_rate: STREAM_SAMPLE_RATE,
    expires_at: new Date(now.getTime() + LIVE_ADDRESS_SECONDS * 1000).toISOString(),
  };
}

/** Counts a session's streamed time as the browser reports it, within the server's bound; once. */
export async function endLiveSession(userId: string, sessionId: string, seconds: number, now = new Date()): Promise<LiveEndView> {
  const session = await findLiveSession(userId, sessionId);
  if (!session) throw new ServiceError('not-found', MESSAGES.liveSessionNotFound);
  const ms = session.countedMs ?? (await count(session, countedLiveMs(session, now.getTime(), seconds)));
  return { counted_seconds: Math.round(ms / 1000) };
}

