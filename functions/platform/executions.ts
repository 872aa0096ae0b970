/** Starting a Step Functions execution, as every starter does it (workflow admission, text jobs, the vector backfill). */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { sfnClient } from './aws-clients';

/** Step Functions' refusal of a name already started: the same start repeated (a name makes a start idempotent). */
const isAlreadyStarted = (error: unknown): boolean => (error as { name?: string }).name === 'ExecutionAlreadyExists' || (error as { code?: string }).code === 'ExecutionAlreadyExists';

/** Starts the execution `name` of the machine with `input` (JSON); a name already started is no error: nothing more runs. */
export async function startExecution(stateMachineArn: string, name: string, input: string): Promise<void> {
  await sfnClient()
    .send(new StartExecutionCommand({ stateMachineArn, name, input }))
    .catch((error: unknown) => {
      if (!isAlreadyStarted(error)) throw error;
    });
}
