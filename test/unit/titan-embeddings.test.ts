/** Titan Text Embeddings V2 (issue 30): what a batch of passages costs is written as a metric, as Ask's tokens are. */
import { InvokeModelCommand, type BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { EMBEDDING_DIMENSIONS } from '../../functions/domain/embedding';
import { METRIC } from '../../functions/domain/usage-metrics';
import { TitanEmbeddingEngine } from '../../functions/engines/embeddings/aws-titan';

const metricsDisabled = process.env.POWERTOOLS_METRICS_DISABLED;
afterEach(() => {
  if (metricsDisabled === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
  else process.env.POWERTOOLS_METRICS_DISABLED = metricsDisabled;
});

it('sums the input tokens Titan reports for a batch into one EmbeddingTokens metric', async () => {
  const answer = (tokens: number) => ({ body: new TextEncoder().encode(JSON.stringify({ embedding: Array.from({ length: EMBEDDING_DIMENSIONS }, (_, index) => index), inputTextTokenCount: tokens })) });
  const send = jest.fn().mockResolvedValueOnce(answer(7)).mockResolvedValueOnce(answer(12));
  delete process.env.POWERTOOLS_METRICS_DISABLED;
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => lines.push(String(chunk)) > 0);
  const vectors = await new TitanEmbeddingEngine({ send } as unknown as BedrockRuntimeClient).embed(['first passage', 'second passage']);
  write.mockRestore();
  expect(vectors).toHaveLength(2);
  expect(send.mock.calls.map(([command]) => (command as InvokeModelCommand).input.modelId)).toEqual(['amazon.titan-embed-text-v2:0', 'amazon.titan-embed-text-v2:0']);
  // As CloudWatch reads them: embedded-metric-format lines in the log, one for the batch.
  const metrics = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => METRIC.embeddingTokens in line);
  expect(metrics.map((line) => line[METRIC.embeddingTokens])).toEqual([19]);
});
