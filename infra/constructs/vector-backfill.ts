/**
 * Issue 30: the vector-backfill workflow, a small Standard state machine (infra/workflow/vector-backfill.asl.json, the
 * same file the local runner executes) that gives a user's passages indexed before search by meaning their
 * vectors with the workflow's step function, batch after batch, so that no question waits on a library's embeddings.
 * The step function already reads and writes the user's search index and calls the embedding model (it indexes a
 * finished transcript): the machine needs only to invoke it.
 */
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { REPO_ROOT } from './app-function';
import { workflowStateMachine } from './workflow-state-machine';

export const VECTOR_BACKFILL_ASL_PATH = path.join(REPO_ROOT, 'infra/workflow/vector-backfill.asl.json');

export class VectorBackfill extends Construct {
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, { stepFunction }: { stepFunction: IFunction }) {
    super(scope, id);
    this.stateMachine = workflowStateMachine(this, { stateMachineName: `${Stack.of(this).stackName}-vector-backfill`, aslPath: VECTOR_BACKFILL_ASL_PATH, stepFunction });
  }
}
