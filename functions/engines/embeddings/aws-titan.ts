/**
 * AWS sentence vectors: Amazon Titan Text Embeddings V2 through Bedrock's InvokeModel, 512 dimensions,
 * unit length (the model normalises them). One call a text (the model takes no batch), a few at a time.
 */
import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { z } from 'zod';
import { concurrencyLimit } from '../../domain/concurrency';
import { EMBEDDING_MODEL_ID } from '../../domain/constants';
import { EMBEDDING_DIMENSIONS, normalize, type EmbeddingEngine } from '../../domain/embedding';
import { checkedClient } from '../../platform/aws-clients';
import { clientSettings, getConfig } from '../../platform/config';
import { once } from '../../platform/lazy';
import { recordUsage } from '../../platform/metrics';
import { METRIC } from '../../domain/usage-metrics';
import { asBusy, EngineError } from '../engine-error';

/** Calls in flight for one batch of passages: the model's request quota is per second, not per batch. */
const CONCURRENT_CALLS = 8;
/** The model takes up to 50,000 characters; a passage is about a minute of speech, far below. */
const MAX_INPUT_CHARS = 50_000;

/** The vector, and the input tokens the call is billed for. */
const TitanAnswer = z.object({ embedding: z.array(z.number()).length(EMBEDDING_DIMENSIONS), inputTextTokenCount: z.number().int().min(0).optional() });

const bedrockClient = once(() => checkedClient(new BedrockRuntimeClient(clientSettings(getConfig().BEDROCK_ENDPOINT))));

export class TitanEmbeddingEngine implements EmbeddingEngine {
  readonly model = `${EMBEDDING_MODEL_ID}/${EMBEDDING_DIMENSIONS}`;

  constructor(private readonly client: Pick<BedrockRuntimeClient, 'send'> = bedrockClient()) {}

  private async embedOne(text: string): Promise<{ vector: Float32Array; tokens: number }> {
    const body = JSON.stringify({ inputText: text.slice(0, MAX_INPUT_CHARS) || ' ', dimensions: EMBEDDING_DIMENSIONS, normalize: true });
    const output = await this.client.send(new InvokeModelCommand({ modelId: EMBEDDING_MODEL_ID, contentType: 'application/json', accept: 'application/json', body })).catch((error: unknown) => {
      throw asBusy(error, 'The embedding model');
    });
    const parsed = TitanAnswer.safeParse(JSON.parse(new TextDecoder().decode(output.body)));
    if (!parsed.success) throw new EngineError('failed', 'The embedding model answered without a vector.');
    return { vector: normalize(parsed.data.embedding), tokens: parsed.data.inputTextTokenCount ?? 0 };
  }

  /** The batch's tokens go in one metric (a backfill's batch is hundreds of calls: one log line, not hundreds). */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const limit = concurrencyLimit(CONCURRENT_CALLS);
    const made = await Promise.all(texts.map((text) => limit(() => this.embedOne(text))));
    recordUsage(METRIC.embeddingTokens, made.reduce((sum, { tokens }) => sum + tokens, 0));
    return made.map(({ vector }) => vector);
  }
}
