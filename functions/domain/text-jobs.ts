/**
 * Issue 31 point 2, long work is a job: "Summarize again", a summary template or a translation of a long
 * transcript runs in the text-jobs workflow (infra/workflow/text-jobs.asl.json), not inside the request.
 * The request answers 202 and the page polls the transcript, whose `text_job` says where the work stands.
 * One text job per transcript at a time: what it makes is written only when it is done, so the summary or
 * translation there before stays until then, and stays if the job fails. Pure.
 */
import { MESSAGES } from './messages';
import type { SummaryTemplate } from './summary-templates';

/**
 * Up to this many words the work runs inside the request, as before jobs: a model writes a few hundred tokens
 * of summary about this long in a couple of seconds, and a translation is one or two calls. Longer: a job.
 * About seven minutes of speech.
 */
export const INLINE_TEXT_WORDS = 1000;

/** Longer than this, a running text job is reported failed and another may start (the state machine stops it at 11 minutes). */
export const TEXT_JOB_STALE_SECONDS = 12 * 60;

export const TEXT_JOB_KINDS = ['summary', 'translation'] as const;
export type TextJobKind = (typeof TEXT_JOB_KINDS)[number];

/** What the transcript's item holds of its text job (`startedAt` names the run: only that run ends it). */
export interface StoredTextJob {
  kind: TextJobKind;
  /** A summary's template (key points included). */
  template?: SummaryTemplate | undefined;
  /** A translation's target language (its name). */
  language?: string | undefined;
  startedAt: string;
  /** Set when the job failed: what the user reads. */
  error?: string | undefined;
}

/** What the API shows of it (null: no job, or the last one finished). */
export interface TextJobView {
  kind: TextJobKind;
  template: SummaryTemplate | null;
  language: string | null;
  status: 'running' | 'failed';
  /** The same stages as a transcription's progress display. */
  stage: 'summarizing' | 'translating' | null;
  error: string | null;
  started_at: string;
}

/** Words in a transcript's body (its word groups'). */
export const wordsIn = (body: { word_timings: readonly { words: readonly unknown[] }[] }): number => body.word_timings.reduce((sum, group) => sum + group.words.length, 0);

export const runsAsJob = (body: { word_timings: readonly { words: readonly unknown[] }[] }): boolean => wordsIn(body) > INLINE_TEXT_WORDS;

const isStale = (job: StoredTextJob, now: number): boolean => now - Date.parse(job.startedAt) > TEXT_JOB_STALE_SECONDS * 1000;

/** Whether a job runs now (a stale one does not: it was stopped without word). */
export const textJobRunning = (job: StoredTextJob | undefined, now = Date.now()): boolean => Boolean(job && !job.error && !isStale(job, now));

export function textJobView(job: StoredTextJob | undefined, now = Date.now()): TextJobView | null {
  if (!job) return null;
  const error = job.error ?? (isStale(job, now) ? MESSAGES.textJobTimedOut(job.kind) : undefined);
  return {
    kind: job.kind,
    template: job.template ?? null,
    language: job.language ?? null,
    status: error ? 'failed' : 'running',
    stage: error ? null : job.kind === 'summary' ? 'summarizing' : 'translating',
    error: error ?? null,
    started_at: job.startedAt,
  };
}
