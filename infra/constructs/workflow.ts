/**
 * The transcription workflow (DESIGN.md section 6): the Standard state machine defined by
 * infra/workflow/transcription.asl.json (the same file the local runner executes), the one Lambda
 * that runs its steps, and the EventBridge rule that reports Transcribe job state changes to it.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { EventField, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { AppFunction, REPO_ROOT } from './app-function';
import { grantUserObjects } from './storage';

export const ASL_PATH = path.join(REPO_ROOT, 'infra/workflow/transcription.asl.json');

/** Uploaded objects live under `users/{userId}/...` (DESIGN.md section 5); nothing else is the workflow's. */

export interface WorkflowProps {
  environment: Record<string, string>;
  uploads: Bucket;
}

export class Workflow extends Construct {
  readonly fn: IFunction;
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);

    const stepFunction = new AppFunction(this, 'StepFunction', {
      entry: 'functions/workflow/handler.ts',
      description: 'Transcription workflow steps',
      environment: props.environment,
      timeout: Duration.seconds(60),
    });
    const fn = (this.fn = stepFunction.fn);
    // PrepareMedia's HeadObject is authorised by s3:GetObject.
    grantUserObjects(fn, props.uploads, ['s3:GetObject'], 'Reads any uploaded object, all of which are under users/; which one is known only at run time.');

    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(readFileSync(ASL_PATH, 'utf8')),
      definitionSubstitutions: { WorkflowFunctionArn: fn.functionArn },
      // Execution data holds user content; state transitions and errors are enough to follow a job.
      logs: {
        destination: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        level: LogLevel.ALL,
        includeExecutionData: false,
      },
      tracingEnabled: true,
    });
    // The ASL invokes the unqualified function ARN only (no versions or aliases).
    this.stateMachine.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'CloudWatch Logs delivery and X-Ray trace actions support no resource-level permissions; they require Resource "*".',
    });

    // Transcribe reports the end of a job here; the step resumes the waiting execution by job name.
    new Rule(this, 'TranscribeJobStateChange', {
      description: 'Transcribe job finished: resume the waiting workflow execution',
      eventPattern: {
        source: ['aws.transcribe'],
        detailType: ['Transcribe Job State Change'],
        detail: { TranscriptionJobStatus: ['COMPLETED', 'FAILED'] },
      },
      targets: [
        new LambdaFunction(fn, {
          event: RuleTargetInput.fromObject({ step: 'TranscriptionJobStateChange', input: EventField.fromPath('$.detail') }),
        }),
      ],
    });
  }
}
