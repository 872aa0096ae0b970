/**
 * What finance and the operator look at (issue 16, fair use and usage): a CloudWatch dashboard of the
 * jobs, the audio transcribed, the paid AI services' calls and billed units (functions/platform/metrics.ts),
 * and the API's, functions' and workflow's health; and a monthly AWS Budgets alarm (on by default) to the
 * alarm topic.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Dashboard, GraphWidget, MathExpression, Metric, SingleValueWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ENGINE_DIMENSION, METRIC, METRICS_NAMESPACE, METRICS_SERVICE, PAID_SERVICES } from '../../functions/domain/usage-metrics';

export interface UsageProps {
  httpApi: HttpApi;
  functions: IFunction[];
  stateMachine: StateMachine;
  /** A monthly cost budget for the account, notified at 80 % spent and at 100 % forecast to the alarm topic (and `email`). */
  budget?: { monthlyUsd: number; topic: ITopic; email?: string | undefined } | undefined;
}

const DAY = Duration.days(1);

/** One of the app's own metrics, summed per day. */
const appMetric = (metricName: string, label: string, extra: Record<string, string> = {}): Metric =>
  new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: METRICS_SERVICE, ...extra }, statistic: 'Sum', period: DAY, label });

export class Usage extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: UsageProps) {
    super(scope, id);
    const audioHours = new MathExpression({ expression: 'seconds / 3600', usingMetrics: { seconds: appMetric(METRIC.audioSeconds, 'Audio seconds') }, label: 'Audio hours', period: DAY });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      // Dashboards and budgets are account-wide, not regional: the region keeps two regions' stacks apart.
      dashboardName: `${Stack.of(this).stackName}-usage-${Stack.of(this).region}`,
      defaultInterval: Duration.days(30),
      widgets: [
        [
          new GraphWidget({ title: 'Transcriptions per day', left: [appMetric(METRIC.jobsCompleted, 'Completed'), appMetric(METRIC.jobsFailed, 'Failed')], width: 8 }),
          new GraphWidget({ title: 'Audio transcribed per day (hours)', left: [audioHours], width: 8 }),
          new SingleValueWidget({ title: 'Audio hours, this period', metrics: [audioHours], setPeriodToTimeRange: true, width: 8 }),
        ],
        [
          new GraphWidget({ title: 'Paid AI service calls per day', left: PAID_SERVICES.map((engine) => appMetric(METRIC.serviceCalls, engine, { [ENGINE_DIMENSION]: engine })), width: 8 }),
          new GraphWidget({
            title: 'Bedrock tokens per day',
            left: [appMetric(METRIC.bedrockInputTokens, 'Input'), appMetric(METRIC.bedrockOutputTokens, 'Output'), appMetric(METRIC.askInputTokens, 'Ask input'), appMetric(METRIC.askOutputTokens, 'Ask output'), appMetric(METRIC.embeddingTokens, 'Embedding input')],
            width: 8,
          }),
          new GraphWidget({ title: 'Translate characters per day', left: [appMetric(METRIC.translatedCharacters, 'Characters')], width: 8 }),
        ],
        [
          new GraphWidget({
            title: 'API answers per day',
            left: [props.httpApi.metricCount({ period: DAY, label: 'Requests' }), props.httpApi.metricClientError({ period: DAY, label: '4xx' }), props.httpApi.metricServerError({ period: DAY, label: '5xx' })],
            width: 8,
          }),
          new GraphWidget({ title: 'Function errors per day', left: props.functions.map((fn) => fn.metricErrors({ period: DAY, statistic: 'Sum' })), width: 8 }),
          new GraphWidget({
            title: 'Workflow runs per day',
            left: [props.stateMachine.metricSucceeded({ period: DAY, label: 'Succeeded' }), props.stateMachine.metricFailed({ period: DAY, label: 'Failed' }), props.stateMachine.metricTimedOut({ period: DAY, label: 'Timed out' })],
            width: 8,
          }),
        ],
        [
          // The admission line (issue 31 point 1), at its worst each hour: how many wait, and the longest wait for capacity.
          new GraphWidget({
            title: 'Transcriptions waiting for a place (hourly maximum)',
            left: [new Metric({ namespace: METRICS_NAMESPACE, metricName: METRIC.jobsWaiting, dimensionsMap: { service: METRICS_SERVICE }, statistic: 'Maximum', period: Duration.hours(1), label: 'Waiting' })],
            right: [new Metric({ namespace: METRICS_NAMESPACE, metricName: METRIC.admissionQueueAge, dimensionsMap: { service: METRICS_SERVICE }, statistic: 'Maximum', period: Duration.hours(1), label: 'Longest wait for capacity (s)' })],
            width: 12,
          }),
        ],
      ],
    });

    if (props.budget) {
      const subscribers = [{ subscriptionType: 'SNS', address: props.budget.topic.topicArn }, ...(props.budget.email ? [{ subscriptionType: 'EMAIL', address: props.budget.email }] : [])];
      new CfnBudget(this, 'Budget', {
        budget: {
          budgetName: `${Stack.of(this).stackName}-monthly-${Stack.of(this).region}`,
          budgetType: 'COST',
          timeUnit: 'MONTHLY',
          budgetLimit: { amount: props.budget.monthlyUsd, unit: 'USD' },
        },
        notificationsWithSubscribers: [
          { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers },
          { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers },
        ],
      });
    }
  }
}
