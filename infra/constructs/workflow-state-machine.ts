/**
 * A Standard state machine of ours: its definition is an ASL file of infra/workflow/ (the same file the local
 * runner executes) whose tasks invoke the workflow's step function. Logged without execution data (it holds
 * user content: transitions and errors are enough to follow a job), traced, and allowed to invoke that one
 * function only.
 */
import { readFileSync } from 'node:fs';
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';

/** In `scope` as 'StateMachine' (and its log group 'Logs'). */
export function workflowStateMachine(scope: Construct, { stateMachineName, aslPath, stepFunction }: { stateMachineName: string; aslPath: string; stepFunction: IFunction }): StateMachine {
  const stateMachine = new StateMachine(scope, 'StateMachine', {
    stateMachineName,
    stateMachineType: StateMachineType.STANDARD,
    definitionBody: DefinitionBody.fromString(readFileSync(aslPath, 'utf8')),
    definitionSubstitutions: { WorkflowFunctionArn: stepFunction.functionArn },
    logs: {
      // Under /aws/vendedlogs/: CloudWatch Logs' resource policy for vended logs stays within its size limit however many state machines log.
      destination: new LogGroup(scope, 'Logs', { logGroupName: `/aws/vendedlogs/states/${stateMachineName}`, retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      level: LogLevel.ALL,
      includeExecutionData: false,
    },
    tracingEnabled: true,
  });
  // The ASL invokes the unqualified function ARN only (no versions or aliases).
  stateMachine.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [stepFunction.functionArn] }));
  Validations.of(stateMachine).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: 'CloudWatch Logs delivery and X-Ray trace actions support no resource-level permissions; they require Resource "*".',
  });
  return stateMachine;
}
