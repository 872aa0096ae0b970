/**
 * Issue 31 point 2: the text-jobs workflow, a small Standard state machine (infra/workflow/text-jobs.asl.json, the
 * same file the local runner executes) that makes a long transcript's summary or translation with the workflow's
 * step function, so that no API function waits on a model. Apart from the transcription state machine: its own
 * executions, retries, timeout and failure alarm, and nothing of the transcription's definition changes.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { REPO_ROOT } from './app-function';

export const TEXT_JOBS_ASL_PATH = path.join(REPO_ROOT, 'infra/workflow/text-jobs.asl.json');

export interface TextJobsProps {
  /** The workflow's step function (functions/workflow/handler.ts), which runs RunTextJob and MarkTextJobFailed. */
  stepFunction: IFunction;
}

export class TextJobs extends Construct {
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, { stepFunction }: TextJobsProps) {
    super(scope, id);
    const stateMachineName = `${Stack.of(this).stackName}-text-jobs`;
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName,
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(readFileSync(TEXT_JOBS_ASL_PATH, 'utf8')),
      definitionSubstitutions: { WorkflowFunctionArn: stepFunction.functionArn },
      // Execution data holds user content (a custom instruction); transitions and errors are enough to follow a job.
      logs: {
        destination: new LogGroup(this, 'Logs', { logGroupName: `/aws/vendedlogs/states/${stateMachineName}`, retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        level: LogLevel.ALL,
        includeExecutionData: false,
      },
      tracingEnabled: true,
    });
    // The ASL invokes the unqualified function ARN only.
    this.stateMachine.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [stepFunction.functionArn] }));
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'CloudWatch Logs delivery and X-Ray trace actions support no resource-level permissions; they require Resource "*".',
    });
    // The steps translate a long text now (Summarize again and the templates use the model the steps already may call).
    stepFunction.addToRolePolicy(new PolicyStatement({ actions: ['translate:TranslateText'], resources: ['*'] }));
    Validations.of(stepFunction.role ?? stepFunction).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: 'Amazon Translate TranslateText supports no resource-level permissions: it requires Resource "*".' });
  }
}
