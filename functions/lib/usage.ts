/**
 * Use per calendar month (UTC) and the optional monthly audio quota (setting MONTHLY_AUDIO_QUOTA_SECONDS,
 * issue 16). A month's use is its transcripts' audio and their number, deleted ones included: deleting a
 * transcript gives no allowance back. The audio is each recording's whole length, as the speech service
 * bills it (silence and music after the last word too): of finished jobs, of failed ones whose speech service
 * had finished, and of running ones as far as it is known yet, so jobs started one after another can't pass
 * the quota together.
 */
import type { UsageView } from '../contract/views';
import { allTranscripts, type TranscriptItem } from '../data/transcripts';
import { MESSAGES } from '../domain/messages';
import { getConfig } from './config';
import { HttpError } from './http';

const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

export const msOf = (seconds: number): number => Math.round(seconds * 1000);

/** The audio a transcript counts; one made before the recording's length was stored counts where its last word ends, as it did then. */
export const audioMsOf = (item: Pick<TranscriptItem, 'audioMs' | 'durationMs'>): number => item.audioMs ?? item.durationMs ?? 0;

export async function monthUsage(userId: string, now = new Date()): Promise<UsageView> {
  const month = monthOf(now);
  const jobs = (await allTranscripts(userId)).filter((item) => item.createdAt.startsWith(month));
  const audioMs = jobs.reduce((sum, item) => sum + audioMsOf(item), 0);
  return { month, audio_seconds: Math.round(audioMs / 1000), jobs: jobs.length, quota_seconds: getConfig().MONTHLY_AUDIO_QUOTA_SECONDS ?? null };
}

/** 429 before a job when the month's allowance is used up, saying when it comes back (the day, and the wait in seconds). */
export async function refuseOverQuota(userId: string, now = new Date()): Promise<void> {
  const usage = await monthUsage(userId, now);
  if (usage.quota_seconds === null || usage.audio_seconds < usage.quota_seconds) return;
  const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const day = resets.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  // With the wait, as every other 429 of the API has it (retry_after and Retry-After).
  throw new HttpError(429, MESSAGES.quotaUsed(day), Math.ceil((resets.getTime() - now.getTime()) / 1000));
}
