/**
 * The vector backfill as a job (AWS): an execution of infra/workflow/vector-backfill.asl.json, whose step runs one
 * batch (./batch.ts) and goes round again while more remain. One execution a user per window: its name is the
 * user's and the window's, so the questions of a window start it once (Step Functions answers the same execution
 * for the same name and input while it runs, and refuses the name once it has ended).
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { sfnClient } from '../../platform/aws-clients';
import { setting } from '../../platform/config';
import { hashedUser } from '../../platform/logger';
import type { VectorBackfill } from './types';

/** A user's backfill starts at most once in this long (a run of a thousand transcripts' passages takes minutes). */
const BACKFILL_WINDOW_SECONDS = 30 * 60;

const isAlreadyStarted = (error: unknown): boolean => (error as { name?: string }).name === 'ExecutionAlreadyExists' || (error as { code?: string }).code === 'ExecutionAlreadyExists';

export class VectorBackfillJobs implements VectorBackfill {
  async start(userId: string): Promise<void> {
    const window = Math.floor(Date.now() / (BACKFILL_WINDOW_SECONDS * 1000));
    const command = new StartExecutionCommand({ stateMachineArn: setting('VECTOR_BACKFILL_STATE_MACHINE_ARN'), name: `${hashedUser(userId)}-${window}`, input: JSON.stringify({ userId }) });
    await sfnClient().send(command).catch((error: unknown) => {
      if (!isAlreadyStarted(error)) throw error;
    });
  }
}
