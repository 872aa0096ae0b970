/**
 * Use per calendar month (UTC) and the optional monthly audio quota (setting MONTHLY_AUDIO_QUOTA_SECONDS,
 * issue 16). A month's use is its transcripts' audio and their number, deleted ones included: deleting a
 * transcript gives no allowance back. The audio is each recording's whole length, as the speech service
 * bills it (silence and music after the last word too): of finished jobs, of failed ones whose speech service
 * had finished, and of running ones as far as it is known yet.
 *
 * The quota itself is held by a ledger per user and month (data/audio-months.ts, issue 25): a job reserves
 * its recording's length when it starts (at the API when the file's start tells the length, else in the
 * workflow once ffmpeg has read it, before any recognition), with one conditional add that never passes the
 * quota, so parallel starts can't pass it together; a job that fails before the speech service got through it
 * gives its reservation back. The transcript records what it holds (quotaMs, quotaMonth: services/transcripts/quota-holds.ts).
 */
import type { UsageView } from '../../contract';
import { addToMonth, openMonth, reservedInMonth, reserveInMonth, type MonthKey } from '../../data/audio-months';
import { listLiveSessions } from '../../data/live-sessions';
import { allTranscripts, type TranscriptItem } from '../../data/transcripts';
import { countedLiveMs, isSurelyOver } from '../../domain/live-minutes';
import { MESSAGES } from '../../domain/messages';
import { getConfig } from '../../platform/config';
import { ServiceError } from '../service-error';
import { logger } from '../../platform/logger';

/** A calendar month (UTC) as the ledger names it: YYYY-MM. */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

export const msOf = (seconds: number): number => Math.round(seconds * 1000);

/** The audio a transcript counts; one made before the recording's length was stored counts where its last word ends, as it did then. */
export const audioMsOf = (item: Pick<TranscriptItem, 'audioMs' | 'durationMs'>): number => item.audioMs ?? item.durationMs ?? 0;

/** Whether a monthly quota is on (MONTHLY_AUDIO_QUOTA_SECONDS set). */
const quotaMs = (): number | null => {
  const seconds = getConfig().MONTHLY_AUDIO_QUOTA_SECONDS;
  return seconds === undefined ? null : seconds * 1000;
};

export const quotaOn = (): boolean => quotaMs() !== null;

/** The month's transcripts' audio as counted from the transcripts themselves (the usage view; a new ledger starts from it). */
async function countedMs(userId: string, month: string): Promise<{ audioMs: number; jobs: number }> {
  const jobs = (await allTranscripts(userId)).filter((item) => item.createdAt.startsWith(month));
  return { audioMs: jobs.reduce((sum, item) => sum + audioMsOf(item), 0), jobs: jobs.length };
}

/** The month's live transcription (issue 29): its sessions' counted time, and those surely over but never ended at their bound. */
async function liveMsOf(userId: string, month: string, now: number): Promise<number> {
  const sessions = (await listLiveSessions(userId)).filter((session) => session.month === month);
  return sessions.reduce((sum, session) => sum + (session.countedMs ?? (isSurelyOver(session, now) ? countedLiveMs(session, now) : 0)), 0);
}

export async function monthUsage(userId: string, now = new Date()): Promise<UsageView> {
  const month = monthOf(now);
  const [{ audioMs, jobs }, liveMs] = await Promise.all([countedMs(userId, month), liveMsOf(userId, month, now.getTime())]);
  return { month, audio_seconds: Math.round(audioMs / 1000), live_seconds: Math.round(liveMs / 1000), jobs, quota_seconds: getConfig().MONTHLY_AUDIO_QUOTA_SECONDS ?? null };
}

/** When the month's allowance comes back: the day in words, and the wait in seconds. */
function resetOf(now: Date): { day: string; seconds: number } {
  const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const day = resets.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return { day, seconds: Math.ceil((resets.getTime() - now.getTime()) / 1000) };
}

/** The TTL of a month's ledger: a month after its own ends (the usage view counts transcripts, not this). */
const ledgerExpiry = (now: Date): number => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1) / 1000;

/**
 * How a month without a ledger yet starts: from its transcripts (the API: the first job of the month, or the
 * first since the ledger exists), or empty (the workflow, which reads no lists: the API opened the month
 * when the job started, so only a job started the month before finds none).
 */
type Opening = 'counted' | 'empty';

/** Opens the month's ledger (one opened meanwhile is kept). */
async function openLedger(key: MonthKey, now: Date, opening: Opening): Promise<void> {
  await openMonth(key, opening === 'counted' ? (await countedMs(key.userId, key.month)).audioMs : 0, ledgerExpiry(now));
}

/** The month's reserved audio, opening its ledger when there is none yet. */
async function reservedMs(key: MonthKey, now: Date): Promise<number> {
  const reserved = await reservedInMonth(key);
  if (reserved !== null) return reserved;
  await openLedger(key, now, 'counted');
  return (await reservedInMonth(key)) ?? 0;
}

/** 429 before a job when the month's allowance is used up, saying when it comes back (the day, and the wait in seconds). */
export async function refuseOverQuota(userId: string, now = new Date()): Promise<void> {
  const limit = quotaMs();
  if (limit === null || (await reservedMs({ userId, month: monthOf(now) }, now)) < limit) return;
  const { day, seconds } = resetOf(now);
  // With the wait, as every other 429 of the API has it (retry_after and Retry-After).
  throw new ServiceError('too-many', MESSAGES.quotaUsed(day), seconds);
}

/** What a job holds of a month's quota. */
export interface Reservation {
  month: string;
  ms: number;
}

/**
 * Reserves a recording of `seconds` in this month's quota (one conditional write), or throws a 429 that
 * says how long the recording is and how much is left. Undefined without a quota (nothing to hold).
 */
export async function reserveAudio(userId: string, seconds: number, opening: Opening = 'counted', now = new Date()): Promise<Reservation | undefined> {
  const limit = quotaMs();
  if (limit === null) return undefined;
  const key = { userId, month: monthOf(now) };
  const ms = msOf(seconds);
  let outcome = await reserveInMonth(key, ms, limit);
  if (!outcome.reserved && outcome.reservedMs === null) {
    await openLedger(key, now, opening);
    outcome = await reserveInMonth(key, ms, limit);
  }
  if (outcome.reserved) return { month: key.month, ms };
  const left = limit - (outcome.reservedMs ?? 0);
  const { day, seconds: wait } = resetOf(now);
  throw new ServiceError('too-many', left > 0 ? MESSAGES.quotaTooShort(seconds, left / 1000, day) : MESSAGES.quotaUsed(day), wait);
}

/** The transcript's fields that record a reservation (none without one). */
export const holdOf = (reservation: Reservation | undefined): { quotaMs?: number; quotaMonth?: string } =>
  reservation ? { quotaMs: reservation.ms, quotaMonth: reservation.month } : {};

/** Gives a reservation back (a start that made no job); a failure is logged: it only costs the user allowance. */
export async function giveBack(userId: string, reservation: Reservation): Promise<void> {
  await addToMonth({ userId, month: reservation.month }, -reservation.ms).catch((error: Error) => logger.warn('A quota reservation was not given back', { userId, error: error.message }));
}

/** Adds `ms` to what the user's `month` holds, whatever the quota (negative gives back): a job's length settled. */
export async function addToReservation(userId: string, month: string, ms: number): Promise<void> {
  await addToMonth({ userId, month }, ms);
}
