/**
 * Issue 31 point 2: a summary or translation of a long transcript runs as a job of the text-jobs workflow
 * (infra/workflow/text-jobs.asl.json), so no request waits on a model. The request claims the transcript's one
 * text job and starts the execution; the workflow's steps run the same work the request did for a short text,
 * then clear the claim, or record the failure (what was there before is never touched until the new one is written).
 */
import { z } from 'zod';
import { claimTextJob, endTextJob, findTranscript, type TranscriptItem } from '../../data/transcripts';
import { MESSAGES } from '../../domain/messages';
import { SUMMARY_TEMPLATES } from '../../domain/summary-templates';
import { TEXT_JOB_KINDS, TEXT_JOB_STALE_SECONDS, type StoredTextJob } from '../../domain/text-jobs';
import { readableFailureReason, type CaughtFailure } from '../../domain/workflow-failure';
import { startExecution } from '../../platform/executions';
import { setting } from '../../platform/config';
import { logger } from '../../platform/logger';
import { ServiceError } from '../service-error';
import { summarizeAgain, summarizeAs } from './edits';
import { translated } from './translations';

/** The execution's input: which transcript, which run of its text job, and what to make. */
export const TextJobInput = z.object({
  userId: z.string().min(1),
  transcriptId: z.string().min(1),
  startedAt: z.string().min(1),
  kind: z.enum(TEXT_JOB_KINDS),
  template: z.enum(SUMMARY_TEMPLATES).optional(),
  instruction: z.string().optional(),
  language: z.string().optional(),
});
export type TextJobInput = z.output<typeof TextJobInput>;

type NewTextJob = Omit<StoredTextJob, 'startedAt' | 'error'>;

/**
 * Claims the transcript's text job (409 while another runs: the page shows that one's progress) and starts it.
 * A start that fails gives the claim back and answers 503: nothing ran, the user may try again.
 */
export async function startTextJob(item: TranscriptItem, job: NewTextJob, instruction?: string): Promise<TranscriptItem> {
  const now = Date.now();
  const startedAt = new Date(now).toISOString();
  const textJob = { ...job, startedAt };
  if (!(await claimTextJob(item, textJob, new Date(now - TEXT_JOB_STALE_SECONDS * 1000).toISOString()))) throw new ServiceError('conflict', MESSAGES.textJobBusy);
  const input: TextJobInput = { userId: item.userId, transcriptId: item.transcriptId, ...textJob, ...(instruction ? { instruction } : {}) };
  try {
    await startExecution(setting('TEXT_JOBS_STATE_MACHINE_ARN'), `${item.transcriptId}-${now}`, JSON.stringify(input));
  } catch (error) {
    logger.error('A text job could not be started', { transcriptId: item.transcriptId, error: error as Error });
    await endTextJob(item, startedAt);
    throw new ServiceError('unavailable', job.kind === 'summary' ? MESSAGES.summaryUnavailable : MESSAGES.translationUnavailable);
  }
  return { ...item, textJob };
}

/**
 * The workflow's RunTextJob step: the work, written where a short text's is, then the claim cleared. A transcript
 * deleted for good meanwhile, or whose claim a newer run took (this one was reported stale), ends quietly.
 */
export async function runTextJob(input: TextJobInput): Promise<void> {
  const owned = async () => (await findTranscript(input.userId, input.transcriptId))?.textJob?.startedAt === input.startedAt;
  const item = await findTranscript(input.userId, input.transcriptId);
  if (!item || item.textJob?.startedAt !== input.startedAt) return;
  // Checked again once the engine has answered, which may take long: a newer run's result is never written over.
  const stillOwned = async () => {
    if (!(await owned())) throw new Superseded();
  };
  try {
    if (input.kind === 'translation') await translated(item, input.language ?? '', stillOwned);
    else if (!input.template || input.template === 'key_points') await summarizeAgain(item, stillOwned);
    else await summarizeAs(item, input.template, input.instruction, stillOwned);
  } catch (error) {
    if (error instanceof Superseded) return;
    throw error;
  }
  await endTextJob(item, input.startedAt);
}

/** This run was given up (reported stopped) and another took the transcript's job: it writes nothing. */
class Superseded extends Error {}

/** The workflow's MarkTextJobFailed step: the job's failure, in the user's words, on the transcript (its older results stay). */
export async function markTextJobFailed(input: TextJobInput, failure: CaughtFailure | undefined): Promise<{ reason: string }> {
  const reason = readableFailureReason(failure, { generic: MESSAGES.textJobFailed(input.kind), timeout: MESSAGES.textJobTimedOut(input.kind) });
  logger.warn('A text job failed', { transcriptId: input.transcriptId, kind: input.kind, reason, error: failure?.Error });
  await endTextJob(input, input.startedAt, reason);
  return { reason };
}
