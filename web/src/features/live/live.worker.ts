/// <reference lib="webworker" />
/**
 * The in-browser live engine's worker: onnxruntime-web (WebAssembly, one thread: no cross-origin isolation
 * needed) loads Silero VAD and the Moonshine model of the language from our own origin, then turns the
 * 16 kHz samples it is sent into updates (transcriber.ts). Messages: LiveWorkerRequest in, LiveWorkerReply out.
 */
import * as ort from 'onnxruntime-web/wasm';
import { BASE_SPANISH_SHAPE, TINY_ENGLISH_SHAPE, type ModelShape } from '@domain/moonshine-decoding';
import type { LiveAssetUrls } from './assets';
import type { LiveUpdate } from './engine';
import { createTranscriber, type Transcriber } from './transcriber';

export type LiveWorkerRequest =
  | { readonly kind: 'start'; readonly language: string; readonly assets: LiveAssetUrls }
  | { readonly kind: 'audio'; readonly samples: Float32Array }
  | { readonly kind: 'finish' };

export type LiveWorkerReply = { readonly kind: 'ready' } | { readonly kind: 'update'; readonly update: LiveUpdate } | { readonly kind: 'finished' } | { readonly kind: 'failed'; readonly reason: string };

const SHAPES: Record<string, ModelShape> = { en: TINY_ENGLISH_SHAPE, es: BASE_SPANISH_SHAPE };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: LiveWorkerReply) => scope.postMessage(message);
let transcriber: Promise<Transcriber> | undefined;

async function load(language: string, assets: LiveAssetUrls): Promise<Transcriber> {
  ort.env.wasm.wasmPaths = assets.runtime;
  ort.env.wasm.numThreads = 1;
  const folder = assets.models[language];
  const shape = SHAPES[language];
  if (!folder || !shape) throw new Error(`No live model for ${language}`);
  const options: ort.InferenceSession.SessionOptions = { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  const [vad, encoder, decoder] = await Promise.all([
    ort.InferenceSession.create(assets.vad, options),
    ort.InferenceSession.create(`${folder}encoder_model.onnx`, options),
    ort.InferenceSession.create(`${folder}decoder_model_merged.onnx`, options),
  ]);
  return createTranscriber({ vad, moonshine: { encoder, decoder, Tensor: ort.Tensor, shape } }, (update) => reply({ kind: 'update', update }), (error) => console.warn('live: a frame was lost', error));
}

const failed = (error: unknown) => reply({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });

scope.onmessage = ({ data }: MessageEvent<LiveWorkerRequest>) => {
  if (data.kind === 'start') {
    transcriber = load(data.language, data.assets);
    transcriber.then(() => reply({ kind: 'ready' }), failed);
  } else if (data.kind === 'audio') void transcriber?.then((running) => running.push(data.samples)).catch(() => {});
  else void transcriber?.then((running) => running.finish()).then(() => reply({ kind: 'finished' }), failed);
};
