/**
 * Speaker identification without a neural model (no registry package carries one), the classical way:
 * 1. cepstra (MFCC c1..c19 of 25 ms frames every 10 ms; c0, the level, left out, as levels differ by
 *    20 dB and more between speakers) summed in blocks of 0.2 s inside the speech: only sums are kept, so
 *    hours of speech take a few megabytes;
 * 2. the blocks normalised over the recording (cepstral mean and variance normalisation);
 * 3. windows of a second clustered bottom-up (average linkage on cosine distance), the tree cut at each count
 *    of speakers (or at the count the user gave);
 * 4. each cut re-segmented: one Gaussian per speaker over the frames, and a Viterbi pass over the blocks where a
 *    change of speaker costs a lot inside speech and little at a pause, so turns are whole, short ones kept;
 * 5. the count whose re-segmentation explains the frames best, less a price per speaker, wins;
 * 6. each word takes the speaker of the blocks it spans.
 * Every setting was chosen on the tuning half of the fixture voices only (test/fixtures/conversations.ts); the
 * held-out half measures it: docs/benchmark.md (`npx tsx test/bench/run.ts speakers`).
 */
import { SAMPLE_RATE } from './audio';
import type { TimeSpan } from './voice-activity';

const FRAME = 400;
const HOP = 160;
const FFT_SIZE = 512;
const BANDS = 40;
/** c1..c19. */
const CEPSTRA = 19;
const LOWEST_HZ = 60;
const HIGHEST_HZ = 7600;
/** A frame this far below the loudest frame of its span is a pause, not voice. */
const PAUSE_DB = 30;
/** Blocks further apart than this have a pause between them. */
const PAUSE_SECONDS = 0.05;

export interface SpeakerOptions {
  /** Frames per block (0.2 s), the unit of re-segmentation. */
  blockFrames: number;
  /** Blocks per clustering window, and blocks between window starts. */
  windowBlocks: number;
  hopBlocks: number;
  /** Clusters of windows further apart than this (average cosine distance) may be different speakers: it bounds the counts tried. */
  threshold: number;
  /**
   * How much better (log-likelihood per frame) a further speaker must explain the frames. Per frame, not BIC's
   * log(frames) per parameter: that split a 40 s conversation but not the same two voices in 16 s.
   */
  gainPerSpeaker: number;
  /**
   * ...and, as AIC asks, a further log-likelihood per parameter of its model (a mean and a variance per cepstrum),
   * counting frames in groups of this many: frames 10 ms apart are far from independent, and a short recording of
   * one voice was otherwise split.
   */
  correlatedFrames: number;
  /** Log-likelihood a change of speaker costs in re-segmentation: inside speech, and at a pause (where turns change). */
  switchPenalty: number;
  pauseSwitchPenalty: number;
  /** Re-segmentation rounds (each refits the speakers' Gaussians on the last one's turns). */
  rounds: number;
  /** A speaker with less than this share of the speech is merged into the others. */
  minShare: number;
  /** Windows clustered at most (longer recordings space their windows out). */
  maxWindows: number;
}

export const SPEAKER_OPTIONS: SpeakerOptions = { blockFrames: 20, windowBlocks: 5, hopBlocks: 2, threshold: 0.6, gainPerSpeaker: 0.2, correlatedFrames: 13, switchPenalty: 160, pauseSwitchPenalty: 16, rounds: 2, minShare: 0.1, maxWindows: 600 };

/** Sums over the voiced frames of a block of speech: their count, cepstra and squared cepstra. */
export interface SpeakerWindow extends TimeSpan {
  frames: number;
  sum: number[];
  squares: number[];
}

/**
 * Blocks of about 0.2 s inside a speech span with the sums of their frames' cepstra; `samples` are the span's own,
 * from its first sample (a job reads one span at a time).
 */
export function speakerWindows(samples: Float32Array, span: TimeSpan, options: SpeakerOptions = SPEAKER_OPTIONS): SpeakerWindow[] {
  const frames = cepstralFrames(samples);
  const loudest = frames.reduce((most, frame) => Math.max(most, frame.energy), -Infinity);
  const blocks: SpeakerWindow[] = [];
  for (let first = 0; first < frames.length; first += options.blockFrames) {
    const voiced = frames.slice(first, first + options.blockFrames).filter((frame) => frame.energy > loudest - PAUSE_DB / 10);
    if (voiced.length < options.blockFrames / 4) continue;
    const start = span.start + (first * HOP) / SAMPLE_RATE;
    const end = Math.min(span.end, span.start + ((first + options.blockFrames) * HOP + FRAME - HOP) / SAMPLE_RATE);
    const sum = new Array<number>(CEPSTRA).fill(0);
    const squares = new Array<number>(CEPSTRA).fill(0);
    for (const { cepstra } of voiced) {
      for (let index = 0; index < CEPSTRA; index += 1) {
        sum[index]! += cepstra[index]!;
        squares[index]! += cepstra[index]! ** 2;
      }
    }
    blocks.push({ start, end, frames: voiced.length, sum, squares });
  }
  return blocks;
}

interface Frame {
  /** log10 of the frame's power. */
  energy: number;
  cepstra: Float64Array;
}

const MEL = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const HAMMING = Float64Array.from({ length: FRAME }, (_, index) => 0.54 - 0.46 * Math.cos((2 * Math.PI * index) / (FRAME - 1)));
/** Each mel band's triangle over the FFT bins: its first bin and weights. */
const FILTERS: { first: number; weights: Float64Array }[] = (() => {
  const edges = Array.from({ length: BANDS + 2 }, (_, index) => MEL(LOWEST_HZ) + ((MEL(HIGHEST_HZ) - MEL(LOWEST_HZ)) * index) / (BANDS + 1));
  const bins = edges.map((mel) => ((700 * (10 ** (mel / 2595) - 1)) / SAMPLE_RATE) * FFT_SIZE);
  return Array.from({ length: BANDS }, (_, band) => {
    const [low, middle, high] = [bins[band]!, bins[band + 1]!, bins[band + 2]!];
    const first = Math.ceil(low);
    const weights: number[] = [];
    for (let bin = first; bin <= Math.floor(high); bin += 1) weights.push(bin <= middle ? (bin - low) / (middle - low) : (high - bin) / (high - middle));
    return { first, weights: Float64Array.from(weights) };
  });
})();
/** DCT-II rows 1..CEPSTRA, flattened. */
const DCT = Float64Array.from({ length: CEPSTRA * BANDS }, (_, at) => Math.cos((Math.PI * (Math.floor(at / BANDS) + 1) * ((at % BANDS) + 0.5)) / BANDS));
const COS = Float64Array.from({ length: FFT_SIZE / 2 }, (_, index) => Math.cos((-2 * Math.PI * index) / FFT_SIZE));
const SIN = Float64Array.from({ length: FFT_SIZE / 2 }, (_, index) => Math.sin((-2 * Math.PI * index) / FFT_SIZE));
const REVERSED = Uint16Array.from({ length: FFT_SIZE }, (_, index) => {
  let reversed = 0;
  for (let bit = 1, mirror = FFT_SIZE >> 1; bit < FFT_SIZE; bit <<= 1, mirror >>= 1) if (index & bit) reversed |= mirror;
  return reversed;
});

/** The log power and cepstra of each 25 ms frame, every 10 ms (typed arrays and plain loops: this runs 100 times per second of speech). */
function cepstralFrames(samples: Float32Array): Frame[] {
  const frames: Frame[] = [];
  const windowed = new Float64Array(FFT_SIZE);
  const real = new Float64Array(FFT_SIZE);
  const imaginary = new Float64Array(FFT_SIZE);
  const bands = new Float64Array(BANDS);
  for (let at = 0; at + FRAME <= samples.length; at += HOP) {
    let power = 0;
    for (let index = 0; index < FRAME; index += 1) {
      // Pre-emphasis, then the window.
      const value = samples[at + index]! - 0.97 * (at + index > 0 ? samples[at + index - 1]! : 0);
      power += value * value;
      windowed[index] = value * HAMMING[index]!;
    }
    fft(windowed, real, imaginary);
    for (let band = 0; band < BANDS; band += 1) {
      const { first, weights } = FILTERS[band]!;
      let energy = 1e-10;
      for (let offset = 0; offset < weights.length; offset += 1) energy += weights[offset]! * (real[first + offset]! ** 2 + imaginary[first + offset]! ** 2);
      bands[band] = Math.log(energy);
    }
    const cepstra = new Float64Array(CEPSTRA);
    for (let row = 0; row < CEPSTRA; row += 1) {
      let sum = 0;
      for (let band = 0; band < BANDS; band += 1) sum += DCT[row * BANDS + band]! * bands[band]!;
      cepstra[row] = sum;
    }
    frames.push({ energy: Math.log10(1e-12 + power / FRAME), cepstra });
  }
  return frames;
}

/** Radix-2 FFT of FFT_SIZE real points (the rest of `input` zero) into `real` and `imaginary`. */
function fft(input: Float64Array, real: Float64Array, imaginary: Float64Array): void {
  for (let index = 0; index < FFT_SIZE; index += 1) {
    real[index] = input[REVERSED[index]!]!;
    imaginary[index] = 0;
  }
  for (let length = 2; length <= FFT_SIZE; length <<= 1) {
    const half = length >> 1;
    const stride = FFT_SIZE / length;
    for (let start = 0; start < FFT_SIZE; start += length) {
      for (let offset = 0; offset < half; offset += 1) {
        const cos = COS[offset * stride]!;
        const sin = SIN[offset * stride]!;
        const a = start + offset;
        const b = a + half;
        const re = real[b]! * cos - imaginary[b]! * sin;
        const im = real[b]! * sin + imaginary[b]! * cos;
        real[b] = real[a]! - re;
        imaginary[b] = imaginary[a]! - im;
        real[a] = real[a]! + re;
        imaginary[a] = imaginary[a]! + im;
      }
    }
  }
}

export interface SpeakerRequest {
  /** At most this many speakers, or exactly `speakers` when given (the user's hint). */
  maxSpeakers: number;
  speakers?: number;
}

/**
 * Each word's speaker index (0, 1, ... in order of first appearance) from the recording's blocks (in time order).
 * Words between blocks take the nearest one's speaker; with no blocks, everyone is speaker 0.
 */
export function speakersOfWords(blocks: readonly SpeakerWindow[], words: readonly TimeSpan[], request: SpeakerRequest, options: SpeakerOptions = SPEAKER_OPTIONS): number[] {
  const labels = blockSpeakers(blocks, request, options);
  return inOrderOfAppearance(words.map((word) => speakerAt(blocks, labels, word)));
}

/**
 * Each block's speaker: windows clustered bottom-up, the tree cut at each count of speakers up to the maximum
 * (or at the count asked for) and each cut re-segmented; the count whose re-segmentation explains the frames best,
 * less a fixed gain asked of each speaker, wins.
 */
export function blockSpeakers(blocks: readonly SpeakerWindow[], request: SpeakerRequest, options: SpeakerOptions = SPEAKER_OPTIONS): number[] {
  if (blocks.length === 0) return [];
  const normalised = normalise(blocks);
  const windows = clusteringWindows(normalised, options);
  if (windows.length < 2) return blocks.map(() => 0);
  const merges = mergeTree(windows.map((window) => window.vector));
  // Clusters further apart than the threshold are different speakers: at most that many are tried.
  const apart = Math.max(1, windows.length - merges.filter(([, , distance]) => distance <= options.threshold).length);
  const counts = request.speakers === undefined ? Array.from({ length: Math.min(request.maxSpeakers, apart) }, (_, index) => index + 1) : [Math.min(request.speakers, windows.length)];
  const frames = normalised.reduce((sum, block) => sum + block.frames, 0);
  let best: { labels: number[]; score: number } | undefined;
  for (const count of counts) {
    const windowLabels = cutTree(merges, windows.length, count);
    let labels = blocks.map(() => -1);
    windows.forEach((window, index) => window.blocks.forEach((block) => (labels[block] = windowLabels[index]!)));
    let models: Gaussian[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      models = speakerModels(normalised, labels, request.speakers === undefined ? options.minShare : 0);
      labels = models.length <= 1 ? blocks.map(() => 0) : viterbi(normalised, models, options);
    }
    // Numbered in order of first appearance, the labels are the models' indices.
    labels = inOrderOfAppearance(labels);
    models = speakerModels(normalised, labels, 0);
    const fit = normalised.reduce((sum, block, index) => sum + logLikelihood(block, models[labels[index]!]!), 0);
    const score = fit / frames - (options.gainPerSpeaker + (options.correlatedFrames * 2 * CEPSTRA) / frames) * models.length;
    if (!best || score > best.score) best = { labels, score };
  }
  return best!.labels;
}

interface Normalised {
  /** Whether a pause comes before it (a change of speaker there costs less). */
  afterPause: boolean;
  frames: number;
  /** Sums of the normalised cepstra and of their squares. */
  sum: number[];
  squares: number[];
}

/** Blocks with their frames' cepstra brought to zero mean and unit variance over the recording. */
function normalise(blocks: readonly SpeakerWindow[]): Normalised[] {
  const frames = blocks.reduce((total, block) => total + block.frames, 0);
  const mean = Array.from({ length: CEPSTRA }, (_, index) => blocks.reduce((total, block) => total + block.sum[index]!, 0) / frames);
  const deviation = mean.map((value, index) => Math.sqrt(Math.max(1e-6, blocks.reduce((total, block) => total + block.squares[index]!, 0) / frames - value * value)));
  return blocks.map((block, index) => ({
    afterPause: index > 0 && block.start - blocks[index - 1]!.end > PAUSE_SECONDS,
    frames: block.frames,
    sum: block.sum.map((value, index) => (value - block.frames * mean[index]!) / deviation[index]!),
    squares: block.squares.map((value, index) => (value - 2 * mean[index]! * block.sum[index]! + block.frames * mean[index]! ** 2) / deviation[index]! ** 2),
  }));
}

interface ClusteringWindow {
  blocks: number[];
  vector: number[];
}

/**
 * Windows of `windowBlocks` consecutive blocks (fewer at the end of a run), a new one every `hopBlocks` (spaced out
 * on long recordings); blocks run on while each starts where the last ended. The vector is the window's mean
 * normalised cepstra and their deviations.
 */
function clusteringWindows(blocks: readonly Normalised[], options: SpeakerOptions): ClusteringWindow[] {
  const hop = Math.max(options.hopBlocks, Math.ceil(blocks.length / options.maxWindows));
  const windows: ClusteringWindow[] = [];
  for (let first = 0; first < blocks.length; first += hop) {
    const members = Array.from({ length: Math.min(options.windowBlocks, blocks.length - first) }, (_, offset) => first + offset);
    const frames = members.reduce((total, block) => total + blocks[block]!.frames, 0);
    const mean = Array.from({ length: CEPSTRA }, (_, index) => members.reduce((total, block) => total + blocks[block]!.sum[index]!, 0) / frames);
    const deviation = mean.map((value, index) => Math.sqrt(Math.max(1e-6, members.reduce((total, block) => total + blocks[block]!.squares[index]!, 0) / frames - value * value)));
    windows.push({ blocks: members, vector: [...mean, ...deviation.map((value) => Math.log(value))] });
  }
  return windows;
}

/** Agglomerative clustering, average linkage on cosine distance: the merges in order, [kept cluster, merged cluster, their distance]. */
export function mergeTree(points: readonly number[][]): [number, number, number][] {
  const count = points.length;
  const unit = points.map((point) => {
    const length = Math.sqrt(point.reduce((sum, value) => sum + value * value, 0)) || 1;
    return point.map((value) => value / length);
  });
  const distances = unit.map((a) => unit.map((b) => 1 - a.reduce((sum, value, index) => sum + value * b[index]!, 0)));
  const sizes = new Array<number>(count).fill(1);
  const alive = new Set(Array.from({ length: count }, (_, index) => index));
  const merges: [number, number, number][] = [];
  while (alive.size > 1) {
    let best: [number, number, number] = [-1, -1, Infinity];
    for (const a of alive) for (const b of alive) if (a < b && distances[a]![b]! < best[2]) best = [a, b, distances[a]![b]!];
    const [a, b, distance] = best;
    for (const other of alive) {
      if (other === a || other === b) continue;
      const merged = (distances[a]![other]! * sizes[a]! + distances[b]![other]! * sizes[b]!) / (sizes[a]! + sizes[b]!);
      distances[a]![other] = merged;
      distances[other]![a] = merged;
    }
    sizes[a]! += sizes[b]!;
    alive.delete(b);
    merges.push([a, b, distance]);
  }
  return merges;
}

/** Each point's cluster when the tree of `count` points is cut at `clusters` clusters; 0.. in order of first appearance. */
export function cutTree(merges: readonly [number, number, number][], count: number, clusters: number): number[] {
  const owner = Array.from({ length: count }, (_, index) => index);
  for (const [kept, merged] of merges.slice(0, count - clusters)) owner.forEach((cluster, index) => {
    if (cluster === merged) owner[index] = kept;
  });
  return inOrderOfAppearance(owner);
}

interface Gaussian {
  mean: number[];
  variance: number[];
  /** Σ log(2π variance), the constant of the log-likelihood. */
  constant: number;
}

/** A diagonal Gaussian per speaker over the frames of their blocks; speakers with too small a share dropped. */
function speakerModels(blocks: readonly Normalised[], labels: readonly number[], minShare: number): Gaussian[] {
  const total = blocks.reduce((sum, block) => sum + block.frames, 0);
  const speakers = [...new Set(labels.filter((label) => label >= 0))];
  return speakers.flatMap((speaker) => {
    const members = blocks.filter((_, index) => labels[index] === speaker);
    const frames = members.reduce((sum, block) => sum + block.frames, 0);
    if (frames < minShare * total || frames < 2) return [];
    const mean = Array.from({ length: CEPSTRA }, (_, index) => members.reduce((sum, block) => sum + block.sum[index]!, 0) / frames);
    const variance = mean.map((value, index) => Math.max(0.01, members.reduce((sum, block) => sum + block.squares[index]!, 0) / frames - value * value));
    return [{ mean, variance, constant: variance.reduce((sum, value) => sum + Math.log(2 * Math.PI * value), 0) }];
  });
}

/** Log-likelihood of a block's frames under a Gaussian, from the block's sums alone. */
function logLikelihood(block: Normalised, model: Gaussian): number {
  let sum = block.frames * model.constant;
  for (let index = 0; index < CEPSTRA; index += 1) sum += (block.squares[index]! - 2 * model.mean[index]! * block.sum[index]! + block.frames * model.mean[index]! ** 2) / model.variance[index]!;
  return -sum / 2;
}

/** The most likely speaker of each block, a change of speaker costing a penalty: less at a pause, where turns change. */
function viterbi(blocks: readonly Normalised[], models: readonly Gaussian[], options: SpeakerOptions): number[] {
  let scores = models.map(() => 0);
  const back: number[][] = [];
  for (const block of blocks) {
    const cost = block.afterPause ? options.pauseSwitchPenalty : options.switchPenalty;
    const bestBefore = scores.reduce((best, score, index) => (score > scores[best]! ? index : best), 0);
    const step = models.map((model, speaker) => {
      const from = scores[speaker]! >= scores[bestBefore]! - cost ? speaker : bestBefore;
      return { from, score: scores[from]! - (from === speaker ? 0 : cost) + logLikelihood(block, model) };
    });
    back.push(step.map((entry) => entry.from));
    scores = step.map((entry) => entry.score);
  }
  const labels = new Array<number>(blocks.length);
  let speaker = scores.reduce((best, score, index) => (score > scores[best]! ? index : best), 0);
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    labels[index] = speaker;
    speaker = back[index]![speaker]!;
  }
  return labels;
}

function inOrderOfAppearance(labels: readonly number[]): number[] {
  const order = new Map<number, number>();
  return labels.map((label) => {
    if (!order.has(label)) order.set(label, order.size);
    return order.get(label)!;
  });
}

/** The speaker of a stretch of time: the label with the most overlap among the blocks overlapping it (the nearest block if none). */
function speakerAt(blocks: readonly TimeSpan[], labels: readonly number[], span: TimeSpan): number {
  const votes = new Map<number, number>();
  blocks.forEach((block, index) => {
    const overlap = Math.min(block.end, span.end) - Math.max(block.start, span.start);
    if (overlap > 0) votes.set(labels[index]!, (votes.get(labels[index]!) ?? 0) + overlap);
  });
  if (votes.size > 0) return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const middle = (span.start + span.end) / 2;
  let closest = 0;
  blocks.forEach((block, index) => {
    if (Math.abs((block.start + block.end) / 2 - middle) < Math.abs((blocks[closest]!.start + blocks[closest]!.end) / 2 - middle)) closest = index;
  });
  return labels[closest] ?? 0;
}
