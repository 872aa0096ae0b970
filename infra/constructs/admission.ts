/**
 * The admission starter (issue 31 point 1; functions/workflow/admission.ts): one small function that starts the
 * waiting transcriptions' workflows as places free up. It runs on each execution's end (Step Functions' status-change
 * event for this state machine only) and every minute (the sweep, which also finds runs whose end event was lost).
 * Its role: the table's items and the admission line's partition, StartExecution on this state machine and
 * DescribeExecution on its executions; nothing else.
 */
import { ArnFormat, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { AdmissionEvent } from '../../functions/workflow/admission';
import { AppFunction } from './app-function';
import { stateMachineNameOf } from './workflow';

export interface AdmissionProps {
  environment: Record<string, string>;
  table: ITable;
  stateMachine: StateMachine;
}

/** How often the sweep runs: a run whose end event was lost gives its place back within this (and a minute). */
export const ADMISSION_SWEEP = Duration.minutes(1);
/** The execution ends the starter hears: every way a run can end. */
export const ENDED_STATUSES = ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;

export class Admission extends Construct {
  readonly fn: IFunction;

  constructor(scope: Construct, id: string, props: AdmissionProps) {
    super(scope, id);
    const { stateMachine } = props;
    const fn = (this.fn = new AppFunction(this, 'Function', {
      entry: 'functions/workflow/admission.ts',
      description: 'Starts waiting transcriptions as places free up (issue 31)',
      environment: { ...props.environment, STATE_MACHINE_ARN: stateMachine.stateMachineArn },
      // A pass: a query, a conditional write, up to a few hundred starts or checks (the sweep).
      timeout: Duration.minutes(1),
    }).fn);
    const allow = (actions: string[], resources: string[]) => fn.addToRolePolicy(new PolicyStatement({ actions, resources }));
    allow(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query'], [props.table.tableArn]);
    allow(['states:StartExecution'], [stateMachine.stateMachineArn]);
    const machine = stateMachineNameOf(Stack.of(this).stackName);
    allow(['states:DescribeExecution'], [Stack.of(this).formatArn({ service: 'states', resource: 'execution', resourceName: `${machine}:*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME })]);
    Validations.of(fn.role ?? fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:${machine}:*]`,
      reason: "Executions are named by their transcript, known only at run time; the grant is this state machine's executions only.",
    });

    const event = (input: AdmissionEvent) => RuleTargetInput.fromObject(input);
    new Rule(this, 'RunEnded', {
      description: 'A transcription run ended: its place goes to the next in line',
      eventPattern: { source: ['aws.states'], detailType: ['Step Functions Execution Status Change'], detail: { stateMachineArn: [stateMachine.stateMachineArn], status: [...ENDED_STATUSES] } },
      targets: [new LambdaFunction(fn, { event: event({ kind: 'ended', name: EventField.fromPath('$.detail.name') }) })],
    });
    new Rule(this, 'Sweep', {
      description: 'Starts what waits, and frees the places of runs whose end event was lost',
      schedule: Schedule.rate(ADMISSION_SWEEP),
      targets: [new LambdaFunction(fn, { event: event({ kind: 'sweep' }) })],
    });
  }
}
