/**
 * Issue 31 point 2: the text-jobs workflow, a small Standard state machine (infra/workflow/text-jobs.asl.json, the
 * same file the local runner executes) that makes a long transcript's summary or translation with the workflow's
 * step function, so that no API function waits on a model. Apart from the transcription state machine: its own
 * executions, retries, timeout and failure alarm, and nothing of the transcription's definition changes.
 */
import * as path from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { REPO_ROOT } from './app-function';
import { workflowStateMachine } from './workflow-state-machine';

export const TEXT_JOBS_ASL_PATH = path.join(REPO_ROOT, 'infra/workflow/text-jobs.asl.json');

export interface TextJobsProps {
  /** The workflow's step function (functions/workflow/handler.ts), which runs RunTextJob and MarkTextJobFailed. */
  stepFunction: IFunction;
}

export class TextJobs extends Construct {
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, { stepFunction }: TextJobsProps) {
    super(scope, id);
    this.stateMachine = workflowStateMachine(this, { stateMachineName: `${Stack.of(this).stackName}-text-jobs`, aslPath: TEXT_JOBS_ASL_PATH, stepFunction });
    // The steps translate a long text now (Summarize again and the templates use the model the steps already may call).
    stepFunction.addToRolePolicy(new PolicyStatement({ actions: ['translate:TranslateText'], resources: ['*'] }));
    Validations.of(stepFunction.role ?? stepFunction).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: 'Amazon Translate TranslateText supports no resource-level permissions: it requires Resource "*".' });
  }
}
