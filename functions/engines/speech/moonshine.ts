/**
 * Moonshine speech recognition on onnxruntime-node: the int8 ONNX weights shipped inside the
 * `@moonshine-ai/moonshine-js` tarball, decoded greedily the way that package's own `src/model.ts`
 * does in the browser (encoder once, then `decoder_model_merged` with its KV cache; token 1
 * starts, 2 ends, at most ~6 tokens per second of audio). Only the weights are taken from the
 * package: its JavaScript is browser-only.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import llamaTokenizer from 'llama-tokenizer-js';
import { EngineError } from '../engine-error';
import { SAMPLE_RATE } from './audio';

const START_TOKEN = 1;
const END_TOKEN = 2;
/** Moonshine emits at most about this many tokens per second of speech; a bound on runaway decoding. */
const MAX_TOKENS_PER_SECOND = 6;

/** The decoder's cache layout, per model size (from moonshine-js `src/model.ts`). */
interface ModelShape {
  layers: number;
  kvHeads: number;
  headDim: number;
}

export interface MoonshineModelSpec {
  /** Folder holding `encoder_model.onnx` and `decoder_model_merged.onnx`. */
  dir: string;
  shape: ModelShape;
}

/** Where npm put a moonshine-js install (an npm alias puts the Spanish one under another name); its `exports` hide package.json from require.resolve. */
export function moonshinePackageDir(packageName = '@moonshine-ai/moonshine-js'): string {
  const found = (require.resolve.paths(packageName) ?? []).map((folder) => join(folder, packageName)).find((folder) => existsSync(join(folder, 'package.json')));
  if (!found) throw new EngineError('tool-missing', `The speech model package ${packageName} is not installed. Run npm install.`);
  return found;
}

/**
 * Moonshine base, Spanish: in moonshine-js 0.1.28 (installed as the npm alias moonshine-js-spanish).
 * Its licence is the Moonshine AI Community Licence (free for non-commercial use and organisations
 * under US$1M revenue a year), not MIT: an operator's opt-in (LOCAL_SPANISH_SPEECH=on), off by default.
 */
export function baseSpanish(): MoonshineModelSpec {
  return { dir: join(moonshinePackageDir('moonshine-js-spanish'), 'dist/model/base-es-non-commercial/quantized'), shape: { layers: 8, kvHeads: 8, headDim: 52 } };
}

/** Moonshine tiny, English (MIT). */
export function tinyEnglish(): MoonshineModelSpec {
  return { dir: join(moonshinePackageDir(), 'dist/model/tiny/quantized'), shape: { layers: 6, kvHeads: 8, headDim: 36 } };
}

/** A decoded stretch of speech: its text, and the log-probability of each token the decoder chose. */
export interface Decoded {
  text: string;
  logProbs: number[];
}

export class MoonshineModel {
  private constructor(
    private readonly encoder: InferenceSession,
    private readonly decoder: InferenceSession,
    private readonly shape: ModelShape,
  ) {}

  /** Loads both sessions; `threads` caps the cores one recognition uses. */
  static async load(spec: MoonshineModelSpec, threads: number): Promise<MoonshineModel> {
    const options: InferenceSession.SessionOptions = { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' };
    const [encoder, decoder] = await Promise.all([
      InferenceSession.create(join(spec.dir, 'encoder_model.onnx'), options),
      InferenceSession.create(join(spec.dir, 'decoder_model_merged.onnx'), options),
    ]);
    return new MoonshineModel(encoder, decoder, spec.shape);
  }

  /**
   * Text of 16 kHz mono samples in [-1, 1], with the model's own capitals and punctuation, and how sure the
   * decoder was of each token it chose (its log-probability): what tells speech in another language.
   */
  async recognize(audio: Float32Array): Promise<Decoded> {
    const { last_hidden_state: encoded } = await this.encoder.run({ input_values: new Tensor('float32', audio, [1, audio.length]) });
    let cache = this.emptyCache();
    const tokens: number[] = [];
    const logProbs: number[] = [];
    let next = START_TOKEN;
    const maxTokens = Math.max(1, Math.trunc((audio.length / SAMPLE_RATE) * MAX_TOKENS_PER_SECOND));
    for (let step = 0; step < maxTokens; step += 1) {
      const output = await this.decoder.run({
        input_ids: new Tensor('int64', BigInt64Array.from([BigInt(next)]), [1, 1]),
        encoder_hidden_states: encoded!,
        use_cache_branch: new Tensor('bool', [step > 0], [1]),
        ...cache,
      });
      const logits = output.logits!.data as Float32Array;
      next = argMax(logits);
      if (next === END_TOKEN) break;
      tokens.push(next);
      logProbs.push(logProbability(logits, next));
      cache = this.nextCache(cache, output, step === 0);
    }
    return { text: tokens.length === 0 ? '' : llamaTokenizer.decode(tokens).trim(), logProbs };
  }

  private emptyCache(): Record<string, Tensor> {
    const { layers, kvHeads, headDim } = this.shape;
    const cache: Record<string, Tensor> = {};
    for (let layer = 0; layer < layers; layer += 1) {
      for (const side of ['decoder', 'encoder']) {
        for (const kind of ['key', 'value']) cache[`past_key_values.${layer}.${side}.${kind}`] = new Tensor('float32', new Float32Array(0), [0, kvHeads, 1, headDim]);
      }
    }
    return cache;
  }

  /** The decoder's self-attention cache grows every step; the encoder's cross-attention cache is fixed after the first. */
  private nextCache(cache: Record<string, Tensor>, output: InferenceSession.OnnxValueMapType, first: boolean): Record<string, Tensor> {
    const updated: Record<string, Tensor> = {};
    for (const name of Object.keys(cache)) {
      const present = output[name.replace('past_key_values', 'present')] as Tensor | undefined;
      updated[name] = present && (first || name.includes('.decoder.')) ? present : cache[name]!;
    }
    return updated;
  }
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
