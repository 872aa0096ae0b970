/**
 * Moonshine speech recognition on onnxruntime-node: the int8 ONNX weights shipped inside the
 * `@moonshine-ai/moonshine-js` tarball, decoded by domain/moonshine-decoding.ts (shared with the
 * browser's live worker, which runs it on onnxruntime-web). Only the weights are taken from the
 * package: its JavaScript is browser-only.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { BASE_SPANISH_SHAPE, decodeMoonshine, TINY_ENGLISH_SHAPE, type Decoded, type ModelShape, type MoonshineSessions } from '../../domain/moonshine-decoding';
import { EngineError } from '../engine-error';

export type { Decoded } from '../../domain/moonshine-decoding';

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
  return { dir: join(moonshinePackageDir('moonshine-js-spanish'), 'dist/model/base-es-non-commercial/quantized'), shape: BASE_SPANISH_SHAPE };
}

/** Moonshine tiny, English (MIT). */
export function tinyEnglish(): MoonshineModelSpec {
  return { dir: join(moonshinePackageDir(), 'dist/model/tiny/quantized'), shape: TINY_ENGLISH_SHAPE };
}

export class MoonshineModel {
  private constructor(private readonly sessions: MoonshineSessions) {}

  /** Loads both sessions; `threads` caps the cores one recognition uses. */
  static async load(spec: MoonshineModelSpec, threads: number): Promise<MoonshineModel> {
    const options: InferenceSession.SessionOptions = { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' };
    const [encoder, decoder] = await Promise.all([
      InferenceSession.create(join(spec.dir, 'encoder_model.onnx'), options),
      InferenceSession.create(join(spec.dir, 'decoder_model_merged.onnx'), options),
    ]);
    return new MoonshineModel({ encoder, decoder, Tensor, shape: spec.shape });
  }

  /** Text of 16 kHz mono samples in [-1, 1] and the decoder's confidence in each token (decodeMoonshine). */
  recognize(audio: Float32Array): Promise<Decoded> {
    return decodeMoonshine(this.sessions, audio);
  }
}
