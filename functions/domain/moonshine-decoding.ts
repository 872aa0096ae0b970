/**
 * Moonshine's greedy decoding, the way `@moonshine-ai/moonshine-js`'s own `src/model.ts` does it (encoder
 * once, then `decoder_model_merged` with its KV cache; token 1 starts, 2 ends, at most ~6 tokens per
 * second of audio), on whichever ONNX runtime the caller loaded the two sessions with: onnxruntime-node
 * for the server's engine, onnxruntime-web in the browser's live worker. Both share onnxruntime-common's API.
 */
import type { InferenceSession, Tensor } from 'onnxruntime-common';
import llamaTokenizer from 'llama-tokenizer-js';

/** Moonshine hears 16 kHz mono. */
export const MOONSHINE_SAMPLE_RATE = 16_000;
const START_TOKEN = 1;
const END_TOKEN = 2;
/** Moonshine emits at most about this many tokens per second of speech; a bound on runaway decoding. */
const MAX_TOKENS_PER_SECOND = 6;

/** The decoder's cache layout, per model size (from moonshine-js `src/model.ts`). */
export interface ModelShape {
  layers: number;
  kvHeads: number;
  headDim: number;
}

export const TINY_ENGLISH_SHAPE: ModelShape = { layers: 6, kvHeads: 8, headDim: 36 };
export const BASE_SPANISH_SHAPE: ModelShape = { layers: 8, kvHeads: 8, headDim: 52 };

/** A decoded stretch of speech: its text, and the log-probability of each token the decoder chose. */
export interface Decoded {
  text: string;
  logProbs: number[];
}

/** The two sessions of one model, and the runtime's Tensor class (each runtime checks tensors are its own). */
export interface MoonshineSessions {
  encoder: InferenceSession;
  decoder: InferenceSession;
  Tensor: typeof Tensor;
  shape: ModelShape;
}

/**
 * Text of 16 kHz mono samples in [-1, 1], with the model's own capitals and punctuation, and how sure the
 * decoder was of each token it chose (its log-probability): what tells speech in another language.
 */
export async function decodeMoonshine({ encoder, decoder, Tensor: TensorOf, shape }: MoonshineSessions, audio: Float32Array): Promise<Decoded> {
  const { last_hidden_state: encoded } = await encoder.run({ input_values: new TensorOf('float32', audio, [1, audio.length]) });
  let cache = emptyCache(TensorOf, shape);
  const tokens: number[] = [];
  const logProbs: number[] = [];
  let next = START_TOKEN;
  const maxTokens = Math.max(1, Math.trunc((audio.length / MOONSHINE_SAMPLE_RATE) * MAX_TOKENS_PER_SECOND));
  for (let step = 0; step < maxTokens; step += 1) {
    const output = await decoder.run({
      input_ids: new TensorOf('int64', BigInt64Array.from([BigInt(next)]), [1, 1]),
      encoder_hidden_states: encoded!,
      use_cache_branch: new TensorOf('bool', [step > 0], [1]),
      ...cache,
    });
    const logits = output.logits!.data as Float32Array;
    next = argMax(logits);
    if (next === END_TOKEN) break;
    tokens.push(next);
    logProbs.push(logProbability(logits, next));
    cache = nextCache(cache, output, step === 0);
  }
  return { text: tokens.length === 0 ? '' : llamaTokenizer.decode(tokens).trim(), logProbs };
}

function emptyCache(TensorOf: typeof Tensor, { layers, kvHeads, headDim }: ModelShape): Record<string, Tensor> {
  const cache: Record<string, Tensor> = {};
  for (let layer = 0; layer < layers; layer += 1) {
    for (const side of ['decoder', 'encoder']) {
      for (const kind of ['key', 'value']) cache[`past_key_values.${layer}.${side}.${kind}`] = new TensorOf('float32', new Float32Array(0), [0, kvHeads, 1, headDim]);
    }
  }
  return cache;
}

/** The decoder's self-attention cache grows every step; the encoder's cross-attention cache is fixed after the first. */
function nextCache(cache: Record<string, Tensor>, output: InferenceSession.OnnxValueMapType, first: boolean): Record<string, Tensor> {
  const updated: Record<string, Tensor> = {};
  for (const name of Object.keys(cache)) {
    const present = output[name.replace('past_key_values', 'present')] as Tensor | undefined;
    updated[name] = present && (first || name.includes('.decoder.')) ? present : cache[name]!;
  }
  return updated;
}

/** log softmax(logits)[token], computed stably. */
function logProbability(logits: Float32Array, token: number): number {
  const top = logits[argMax(logits)]!;
  let sum = 0;
  for (const logit of logits) sum += Math.exp(logit - top);
  return logits[token]! - top - Math.log(sum);
}

function argMax(values: Float32Array): number {
  let best = 0;
  for (let index = 1; index < values.length; index += 1) if (values[index]! > values[best]!) best = index;
  return best;
}
