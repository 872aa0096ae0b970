/**
 * Usage for the people who pay (issue 16): what each job and each call to a paid AI service used, as
 * CloudWatch metrics in the embedded metric format. They are lines in the function's own log (no API
 * call, no extra permission); the stack's dashboard reads them. The local stack turns them off
 * (POWERTOOLS_METRICS_DISABLED: no CloudWatch there).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { ENGINE_DIMENSION, METRIC, METRICS_NAMESPACE, METRICS_SERVICE, type PaidService } from '../domain/usage-metrics';
import { once } from './lazy';

const metrics = once(() => new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE }));

/** Writes one metric at once (its own log line), so no invocation has anything left to flush. */
function emit(name: string, unit: Parameters<Metrics['addMetric']>[1], value: number, dimension?: [string, string]): void {
  const single = metrics().singleMetric();
  if (dimension) single.addDimension(...dimension);
  single.addMetric(name, unit, value);
}

/** One finished job: its outcome and the seconds of audio the speech service processed (a failed job: only when the service had finished). */
export function recordJob(outcome: 'completed' | 'failed', audioSeconds?: number): void {
  emit(outcome === 'completed' ? METRIC.jobsCompleted : METRIC.jobsFailed, MetricUnit.Count, 1);
  if (audioSeconds !== undefined) emit(METRIC.audioSeconds, MetricUnit.Seconds, audioSeconds);
}

/** One call to a paid service, by service. */
export function recordServiceCall(service: PaidService): void {
  emit(METRIC.serviceCalls, MetricUnit.Count, 1, [ENGINE_DIMENSION, service]);
}

/** What one call used of what its service bills (tokens, characters). */
export function recordUsage(
  metric: typeof METRIC.bedrockInputTokens | typeof METRIC.bedrockOutputTokens | typeof METRIC.askInputTokens | typeof METRIC.askOutputTokens | typeof METRIC.embeddingTokens | typeof METRIC.translatedCharacters,
  value: number,
): void {
  emit(metric, MetricUnit.Count, value);
}

/** One pass of the admission starter: how many jobs wait, and the oldest one's wait. */
export function recordAdmission(waiting: number, oldestWaitSeconds: number): void {
  emit(METRIC.jobsWaiting, MetricUnit.Count, waiting);
  emit(METRIC.admissionQueueAge, MetricUnit.Seconds, oldestWaitSeconds);
}
