/**
 * What tells the operator something is wrong (issue 31 point 5): an SNS topic, mailed to `alarmEmail` when set,
 * and CloudWatch alarms on failed or timed-out transcriptions, the API's 5xx rate, function errors, Lambda
 * throttling, Bedrock and Translate throttling, and the admission queue's age. Each alarm costs $0.10 a month per metric it reads
 * (standard resolution): ALARM_METRICS counts them, docs/operations.md states the sum.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../../functions/domain/usage-metrics';

export interface AlarmsProps {
  /** Who is mailed; unset, the topic has no subscriber (subscribe in the console). */
  email: string | undefined;
  httpApi: HttpApi;
  /** The app's functions: each one's errors are watched. */
  functions: IFunction[];
  stateMachine: StateMachine;
  /** The model whose throttling is watched (AWS/Bedrock's ModelId). */
  bedrockModelId: string;
}

const FIVE_MINUTES = Duration.minutes(5);
/** A CloudWatch metric math alarm reads at most 10 metrics. */
const METRICS_PER_ALARM = 10;

/**
 * When each alarm fires. A failed run is often the user's (a damaged file), so a few an hour; a timed-out run
 * never is. The 5xx rate counts once the API has had 20 requests in the 5 minutes, so one error of a quiet night
 * is no alarm. Throttling retried by the SDK and the state machine becomes an alarm when it persists.
 */
export const ALARM_THRESHOLDS = {
  failedRunsPerHour: 5,
  timedOutRuns: 1,
  api5xxPercent: 5,
  apiRequestsForRate: 20,
  functionErrors: 5,
  lambdaThrottles: 1,
  serviceThrottles: 5,
  /** A job waiting this long for the account's capacity (not for its own user's other jobs): raise transcribeConcurrency with Transcribe's quota. */
  admissionQueueAgeSeconds: 30 * 60,
} as const;

export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.topic = new Topic(this, 'Topic', { topicName: `${stack.stackName}-alarms`, displayName: `${stack.stackName} alarms`, enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    // AWS Budgets publishes the budget's notifications here too (infra/constructs/usage.ts), for this account only.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: "Alarm and budget notices carry no user data; CloudWatch and Budgets can't publish to a topic under the AWS-managed SNS key, and a customer key would add $1 a month to an idle deployment.",
    });

    const alarm = (name: string, metric: IMetric, threshold: number, description: string, treatMissingData = TreatMissingData.NOT_BREACHING) =>
      new Alarm(this, name, {
        alarmName: `${stack.stackName}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData,
      }).addAlarmAction(new SnsAction(this.topic));

    const t = ALARM_THRESHOLDS;
    alarm('WorkflowFailed', props.stateMachine.metricFailed({ period: Duration.hours(1), statistic: 'Sum' }), t.failedRunsPerHour, `${t.failedRunsPerHour} or more transcriptions failed in an hour: see the state machine's failed executions and the workflow function's logs.`);
    alarm('WorkflowTimedOut', props.stateMachine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }), t.timedOutRuns, 'A transcription ran into the state machine\'s 6-hour limit.');
    alarm(
      'Api5xxRate',
      new MathExpression({
        expression: `IF(requests >= ${t.apiRequestsForRate}, 100 * errors / requests, 0)`,
        usingMetrics: { requests: props.httpApi.metricCount({ period: FIVE_MINUTES }), errors: props.httpApi.metricServerError({ period: FIVE_MINUTES }) },
        period: FIVE_MINUTES,
        label: 'API 5xx (%)',
      }),
      t.api5xxPercent,
      `${t.api5xxPercent} % or more of the API's answers in 5 minutes were 5xx: see the API functions' logs.`,
    );
    chunks(props.functions, METRICS_PER_ALARM).forEach((group, index) =>
      alarm(
        `FunctionErrors${index + 1}`,
        new MathExpression({
          expression: group.map((_, n) => `e${n}`).join(' + '),
          usingMetrics: Object.fromEntries(group.map((fn, n) => [`e${n}`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })])),
          period: FIVE_MINUTES,
          label: 'Function errors',
        }),
        t.functionErrors,
        `${t.functionErrors} or more function errors (crashes, timeouts) in 5 minutes: see the functions' logs.`,
      ),
    );
    // Lambda throttles at the account's concurrency in the region (no function here reserves any): the account's metric.
    alarm('LambdaThrottles', new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES }), t.lambdaThrottles, "Lambda refused invocations: the account's concurrency in this region is used up (Service Quotas, Lambda concurrent executions).");
    alarm(
      'BedrockThrottles',
      new Metric({ namespace: 'AWS/Bedrock', metricName: 'InvocationThrottles', dimensionsMap: { ModelId: props.bedrockModelId }, statistic: 'Sum', period: FIVE_MINUTES }),
      t.serviceThrottles,
      "Bedrock throttled the summary model's calls: ask for more tokens per minute (Service Quotas, Amazon Bedrock).",
    );
    alarm(
      'TranslateThrottles',
      new Metric({ namespace: 'AWS/Translate', metricName: 'ThrottledCount', dimensionsMap: { Operation: 'TranslateText' }, statistic: 'Sum', period: FIVE_MINUTES }),
      t.serviceThrottles,
      'Translate throttled translations: ask for a higher rate (Service Quotas, Amazon Translate).',
    );
    // The admission starter writes the queue's age at every pass (each minute at least): no data means it stopped.
    alarm(
      'AdmissionQueueAge',
      new Metric({ namespace: METRICS_NAMESPACE, metricName: METRIC.admissionQueueAge, dimensionsMap: { service: METRICS_SERVICE }, statistic: 'Maximum', period: FIVE_MINUTES }),
      t.admissionQueueAgeSeconds,
      `A transcription has waited ${t.admissionQueueAgeSeconds / 60} minutes or more for a place (or the admission starter wrote nothing for 5 minutes): raise Transcribe's concurrent-job quota and transcribeConcurrency (docs/operations.md, "Jobs waiting"), or see the admission function's logs.`,
      TreatMissingData.BREACHING,
    );
  }
}

/** The number of metrics the alarms read for `functions` functions: what they cost, at $0.10 a metric a month. */
export const alarmMetrics = (functions: number): number => 1 + 1 + 2 + functions + 1 + 1 + 1 + 1;

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}
