/**
 * The usage metrics (functions/platform/metrics.ts) as CloudWatch reads them: embedded-metric-format lines in
 * the function's log, in the namespace and with the names the dashboard uses.
 */
import { METRIC, METRICS_NAMESPACE } from '../../functions/domain/usage-metrics';
import { recordJob, recordServiceCall, recordUsage } from '../../functions/platform/metrics';

/** An embedded-metric-format line: the metric values by name, the dimensions' values, and `_aws`. */
type EmfLine = Record<string, unknown> & { _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] } };

/** The EMF lines written while `act` runs. */
function emfLines(act: () => void): EmfLine[] {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    act();
  } finally {
    write.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as EmfLine).filter((line) => line._aws);
}

const metricNames = (line: EmfLine): string[] => line._aws.CloudWatchMetrics[0]!.Metrics.map((metric) => metric.Name);

beforeAll(() => {
  delete process.env.POWERTOOLS_METRICS_DISABLED;
});

it('a completed job: one count and its audio seconds, in the dashboard namespace', () => {
  const lines = emfLines(() => recordJob('completed', 73.5));
  expect(lines.map(metricNames)).toEqual([[METRIC.jobsCompleted], [METRIC.audioSeconds]]);
  for (const line of lines) expect(line._aws.CloudWatchMetrics[0]!.Namespace).toBe(METRICS_NAMESPACE);
  expect(lines[0]![METRIC.jobsCompleted]).toBe(1);
  expect(lines[1]![METRIC.audioSeconds]).toBe(73.5);
});

it('a failed job: one count, and its audio only when the speech service had got through it', () => {
  expect(emfLines(() => recordJob('failed')).map(metricNames)).toEqual([[METRIC.jobsFailed]]);
  const lines = emfLines(() => recordJob('failed', 12));
  expect(lines.map(metricNames)).toEqual([[METRIC.jobsFailed], [METRIC.audioSeconds]]);
  expect(lines[1]![METRIC.audioSeconds]).toBe(12);
});

it('a paid call carries its service as a dimension; usage figures their value', () => {
  const [call] = emfLines(() => recordServiceCall('Translate'));
  expect(call!.engine).toBe('Translate');
  expect(call!.service).toBe('transcribe-app');
  expect(call!._aws.CloudWatchMetrics[0]!.Dimensions[0]).toEqual(expect.arrayContaining(['service', 'engine']));
  expect(call![METRIC.serviceCalls]).toBe(1);
  const [tokens] = emfLines(() => recordUsage(METRIC.bedrockInputTokens, 1234));
  expect(tokens![METRIC.bedrockInputTokens]).toBe(1234);
});
