/**
 * Where an unfinished transcription stands (issue 15, "live progress"): its stage and, where the engine
 * knows them, its progress (0-1) and its place in the engine's queue. The workflow records them on the
 * transcript's item as it goes; the views derive what the API shows from them. Pure.
 *
 * No stage for translation: no job translates (translation is asked for afterwards, and answers at once).
 */
/** Where a transcript's job ends up; defined here, below transcript-view.ts, so the two don't import each other. */
export type TranscriptStatus = 'processing' | 'complete' | 'failed';

export const JOB_STAGES = ['uploaded', 'queued', 'transcribing', 'summarizing'] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/** What the workflow stores on the item (0 where a figure is not known). */
export interface StoredProgress {
  stage?: JobStage | undefined;
  progress?: number | undefined;
  queuePosition?: number | undefined;
}

/** What the API shows: all null once the job has ended (complete or failed). */
export interface JobProgressView {
  stage: JobStage | null;
  /** 0-1 while transcribing, when the engine tells it. */
  progress: number | null;
  /** 1 = starts next; while queued, when the engine tells it. */
  queue_position: number | null;
}

/** A job recorded before stages were: it was made, nothing more is known. */
const DEFAULT_STAGE: JobStage = 'uploaded';

export function jobProgress(status: TranscriptStatus, stored: StoredProgress): JobProgressView {
  if (status !== 'processing') return { stage: null, progress: null, queue_position: null };
  const stage = stored.stage ?? DEFAULT_STAGE;
  const progress = stage === 'transcribing' && stored.progress !== undefined && Number.isFinite(stored.progress) && stored.progress > 0 ? Math.min(1, stored.progress) : null;
  const position = stage === 'queued' && stored.queuePosition !== undefined && stored.queuePosition >= 1 ? Math.floor(stored.queuePosition) : null;
  return { stage, progress, queue_position: position };
}

/** Progress alone is written at most this often (the page asks every 5 s); a new stage or place in line at once. */
export const PROGRESS_WRITE_MS = 2000;

/** Whether an update is worth a write: a new stage or queue position always, progress only after PROGRESS_WRITE_MS, and never backwards. */
export function worthRecording(last: (StoredProgress & { at: number }) | undefined, next: StoredProgress, now: number): boolean {
  if (!last || last.stage !== next.stage || (last.queuePosition ?? 0) !== (next.queuePosition ?? 0)) return true;
  const forward = (next.progress ?? 0) > (last.progress ?? 0);
  return forward && ((next.progress ?? 0) >= 1 || now - last.at >= PROGRESS_WRITE_MS);
}
