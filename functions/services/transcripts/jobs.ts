/**
 * The transcript service as the workflow sees it: a job's transcript, where the job stands, its finished body
 * and search entry, its end, and what it holds of the quota. The workflow reaches the transcript only through
 * these (lint holds it). Kept apart from index.ts, which brings the exports (docx) the workflow's bundle does not need.
 */
import { findTranscript, updateTranscript, type TranscriptItem } from '../../data/transcripts';
import type { StoredProgress } from '../../domain/job-progress';
import { searchSourceOf } from '../../domain/search';
import { embeddingEngine } from '../../engines/wiring';
import { spokenLength, type TranscriptBody } from '../../domain/transcript-view';
import { bodyKey, putJson } from '../../storage/media-store';
import { indexTranscriptQuietly } from '../../storage/search-store';
import { msOf } from '../usage';
import { asRecord, readBody } from './records';

export { holdForJob, releaseHold, settleHold } from './quota-holds';
// The admission starter's entry (functions/workflow/admission.ts) comes through this door too.
export { runEnded, sweepAdmission, type AdmissionPass } from './admission';
export type JobTranscript = TranscriptItem;

/** Null once the transcript is gone (deleted, or with its account, while the job ran). */
export function findJobTranscript(userId: string, transcriptId: string): Promise<JobTranscript | null> {
  return findTranscript(userId, transcriptId);
}

/** Where the job stands (issue 15): its stage, with its progress and place in the user's line. */
export function recordStage(userId: string, transcriptId: string, { stage, progress, queuePosition }: StoredProgress): Promise<void> {
  return updateTranscript(userId, transcriptId, { stage, progress: progress ?? 0, queuePosition: queuePosition ?? 0 });
}

/** The recording's length as the job learnt it (usage counts it). */
export function recordAudioLength(userId: string, transcriptId: string, seconds: number): Promise<void> {
  return updateTranscript(userId, transcriptId, { audioMs: msOf(seconds) });
}

/** What the engine heard: the recording's length (usage counts it), the language it found (with 'auto') and whether it doubts the speech is in it (issue 27). */
export function recordHeard(userId: string, transcriptId: string, heard: { seconds: number; language?: string | undefined; languageMismatch?: boolean | undefined }): Promise<void> {
  return updateTranscript(userId, transcriptId, { audioMs: msOf(heard.seconds), ...(heard.language ? { language: heard.language } : {}), languageMismatch: heard.languageMismatch ?? false });
}

/** What a speech service's result says once it is read: the language it identified (with 'auto'), and whether it doubts the speech is in it. */
export function recordFound(userId: string, transcriptId: string, found: { language?: string | undefined; languageMismatch?: boolean | undefined }): Promise<void> {
  return updateTranscript(userId, transcriptId, { ...(found.language ? { language: found.language } : {}), ...(found.languageMismatch !== undefined ? { languageMismatch: found.languageMismatch } : {}) });
}

/** Issue 31: the speech job's end was found by checking it after the capped wait, its end event lost. */
export const recordEventLost = (userId: string, transcriptId: string): Promise<void> => updateTranscript(userId, transcriptId, { eventLost: true });

/** Stores the finished body where the transcript keeps it; answers its key. */
export async function storeBody(userId: string, transcriptId: string, body: TranscriptBody): Promise<string> {
  const key = bodyKey(userId, transcriptId);
  await putJson(key, body);
  return key;
}

export const readJobBody = (key: string): Promise<TranscriptBody | null> => readBody({ bodyKey: key });

interface Finished {
  bodyKey: string;
  preview: string;
  topic?: string;
  summary?: string;
  /** The summary step failed after its retries (a busy model): the job completes without it and says so. */
  summaryLeftOut: boolean;
}

/** The job is done: the transcript leads to its body and shows its preview, summary and spoken length. */
export function completeJob(userId: string, transcriptId: string, finished: Finished, body: TranscriptBody | null): Promise<void> {
  return updateTranscript(userId, transcriptId, { status: 'complete', ...finished, ...(body ? { durationMs: spokenLength(body) } : {}) });
}

/** The finished transcript becomes findable; a failure is logged, never a failed job. */
export async function indexJobTranscript(item: JobTranscript, body: TranscriptBody): Promise<void> {
  return indexTranscriptQuietly(item.userId, searchSourceOf(asRecord(item), body), await embeddingEngine());
}

/** The job failed with `reason`; its audio counts only if the speech service got through it (`recognised`). */
export function failJob(userId: string, transcriptId: string, reason: string, recognised: boolean): Promise<void> {
  return updateTranscript(userId, transcriptId, { status: 'failed', error: reason, ...(recognised ? {} : { audioMs: 0 }) });
}
export { markTextJobFailed, runTextJob, TextJobInput } from './text-jobs';
export { backfillVectorsStep } from './vector-backfill';
