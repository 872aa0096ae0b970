/**
 * The vector backfill as a job (AWS): an execution of infra/workflow/vector-backfill.asl.json, whose step runs one
 * batch (./batch.ts) and goes round again while more remain. One execution a user per window: its name is the
 * user's and the window's, so the questions of a window start it once (Step Functions answers the same execution
 * for the same name and input while it runs, and refuses the name once it has ended).
 */
import { setting } from '../../platform/config';
import { startExecution } from '../../platform/executions';
import { hashedUser } from '../../platform/logger';
import type { VectorBackfill } from './types';

/** A user's backfill starts at most once in this long (a run of a thousand transcripts' passages takes minutes). */
const BACKFILL_WINDOW_SECONDS = 30 * 60;

export class VectorBackfillJobs implements VectorBackfill {
  async start(userId: string): Promise<void> {
    const window = Math.floor(Date.now() / (BACKFILL_WINDOW_SECONDS * 1000));
    await startExecution(setting('VECTOR_BACKFILL_STATE_MACHINE_ARN'), `${hashedUser(userId)}-${window}`, JSON.stringify({ userId }));
  }
}
