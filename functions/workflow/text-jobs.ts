/**
 * The steps of the text-jobs workflow (issue 31 point 2, infra/workflow/text-jobs.asl.json): a long transcript's
 * summary or translation, run by the workflow's Lambda so that no API function waits on a model.
 */
import { z } from 'zod';
import { USER_FACING_ERROR } from '../domain/workflow-failure';
import { EngineBusyError } from '../engines/engine-error';
import { markTextJobFailed, runTextJob, TextJobInput } from '../services/transcripts/jobs';
import { ServiceError } from '../services/service-error';

/**
 * The work itself. A busy or failing model or translator throws EngineBusy, which the state machine retries with
 * backoff; any other refusal is written for the user (MediaError's name): the failure step shows it as it is.
 */
async function runTextJobStep(input: unknown): Promise<void> {
  try {
    await runTextJob(TextJobInput.parse(input));
  } catch (error) {
    if (error instanceof EngineBusyError) throw error;
    if (error instanceof ServiceError && error.cause instanceof EngineBusyError) throw error.cause;
    if (error instanceof ServiceError) throw Object.assign(new Error(error.message), { name: USER_FACING_ERROR });
    throw error;
  }
}

const FailedInput = TextJobInput.extend({ failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional() });

async function markTextJobFailedStep(input: unknown): Promise<{ reason: string }> {
  const { failure, ...job } = FailedInput.parse(input);
  return markTextJobFailed(job, failure);
}

export const TEXT_JOB_STEPS = { RunTextJob: runTextJobStep, MarkTextJobFailed: markTextJobFailedStep };
