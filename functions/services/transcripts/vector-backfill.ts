/**
 * The vector backfill a question asks for (functions/engines/vector-backfill/types.ts), and the workflow's step
 * that runs a batch of it as a job.
 */
import { z } from 'zod';
import { embeddingEngine, vectorBackfill } from '../../engines/wiring';
import { backfillVectorsBatch } from '../../engines/vector-backfill/batch';
import { logger } from '../../platform/logger';

/** Asks for the user's backfill; a failure to start it is logged (the next question asks again), never the question's. */
export async function requestVectorBackfill(userId: string): Promise<void> {
  await vectorBackfill()
    .start(userId)
    .catch((error: Error) => logger.error('The vector backfill did not start', { error: error.message }));
}

const VectorBackfillInput = z.object({ userId: z.string().min(1) });

/** The workflow's BackfillVectors step: one batch; `more` sends the execution round again. */
export async function backfillVectorsStep(input: unknown): Promise<{ more: boolean }> {
  return { more: await backfillVectorsBatch(VectorBackfillInput.parse(input).userId, await embeddingEngine()) };
}
