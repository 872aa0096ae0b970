/**
 * Local speech engine: takes the recording of a job and hands it to recognition (recognition.ts: ffmpeg,
 * levels, Silero VAD, Moonshine, word timing, speakers), which runs in a process of its own
 * (recognition-process.ts) so the app goes on answering while it works, and lives on whatever a recording
 * does to it. The models load once per worker,
 * and jobs take turns, in turn from each owner (fairLimit).
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { AUTO_LANGUAGE, findLanguage } from '../../domain/languages';
import { MESSAGES } from '../../domain/messages';
import { fairLimit } from '../../domain/concurrency';
import { EngineError } from '../engine-error';
import { withWorkDir } from '../../platform/work-dir';
import { tinyEnglish, type MoonshineModelSpec } from './moonshine';
import type { LocalTranscription, RecognitionRequest, Recognizer } from './recognition';
import { ProcessRecognizer } from './recognition-process';
import type { S3Location, SpeechCapabilities, SpeechEngine, SpeechJob, SpeechProgress, SpeechStart } from './types';

export interface LocalSpeechOptions {
  /** Copies the uploaded recording to a local file (from S3, or s3rver locally). */
  fetchMedia: (media: S3Location, destination: string) => Promise<void>;
  /** Cores one recognition may use; defaults to all of them (jobs take turns, see engines/wiring.ts). */
  threads?: number;
  /** The model of each language this server transcribes, by ISO code; defaults to Moonshine tiny English. */
  models?: Record<string, () => MoonshineModelSpec>;
  /** Where recognition runs; defaults to a process of its own. */
  recognizer?: Recognizer;
}

export interface TranscribeOptions {
  /** ISO code of a language in `models`, or 'auto': the installed model most confident on the recording. */
  language: string;
  jobName?: string;
  /** Label speakers (speakers.ts), at most `maxSpeakers` of them (default 10), or exactly `speakers`. */
  diarization?: boolean;
  maxSpeakers?: number;
  speakers?: number;
  /** Hears the share of the audio recognised so far. */
  onProgress?: (update: SpeechProgress) => void;
  /** Recognise each speech span alone, the method before issue 27 (the benchmark compares). */
  spanBySpan?: boolean;
}

const DEFAULT_MAX_SPEAKERS = 10;

export class MoonshineSpeechEngine implements SpeechEngine {
  private readonly threads: number;
  private readonly specs: Record<string, () => MoonshineModelSpec>;
  private readonly recognizer: Recognizer;
  /** One job at a time: each already uses every core, and the VAD keeps state while it runs. */
  private readonly turn = fairLimit(1);

  constructor(private readonly options: LocalSpeechOptions) {
    this.threads = options.threads ?? availableParallelism();
    this.specs = options.models ?? { en: tinyEnglish };
    this.recognizer = options.recognizer ?? new ProcessRecognizer();
  }

  /** Speaker identification measured on voices it was not tuned on (docs/benchmark.md, `npx tsx test/bench/run.ts speakers`): offered. */
  capabilities(): SpeechCapabilities {
    return { languages: Object.keys(this.specs), speakerIdentification: true };
  }

  async start(job: SpeechJob): Promise<SpeechStart> {
    const language = this.languageCode(job.language);
    const { transcript, audioSeconds, language: found, languageMismatch } = await withWorkDir('speech', async (dir) => {
      const input = join(dir, 'input');
      await this.options.fetchMedia(job.media, input);
      const options: TranscribeOptions = { language, jobName: job.jobName, diarization: job.diarization, ...(job.maxSpeakers ? { maxSpeakers: job.maxSpeakers } : {}), ...(job.speakers ? { speakers: job.speakers } : {}), ...(job.onProgress ? { onProgress: job.onProgress } : {}) };
      return this.turn(job.owner ?? '', () => this.transcribeIn(dir, input, options), (queuePosition) => job.onProgress?.({ stage: 'queued', queuePosition }));
    });
    return { status: 'completed', transcript, audioSeconds, language: found, languageMismatch };
  }

  async stop(): Promise<void> {
    await this.recognizer.stop?.();
  }

  /** Transcribes a local audio or video file (the benchmark and tests call this directly). */
  transcribeFile(path: string, options: TranscribeOptions = { language: 'en' }): Promise<LocalTranscription> {
    const language = this.languageCode(options.language);
    return withWorkDir('speech', (dir) => this.turn('', () => this.transcribeIn(dir, path, { ...options, language })));
  }

  private languageCode(requested: string): string {
    if (requested === AUTO_LANGUAGE) return requested;
    const found = findLanguage(requested);
    if (found && this.specs[found.code]) return found.code;
    throw new EngineError('unsupported-language', MESSAGES.languageNotTranscribable(found?.name ?? `"${requested}"`));
  }

  private transcribeIn(dir: string, input: string, options: TranscribeOptions): Promise<LocalTranscription> {
    const { jobName, diarization, maxSpeakers = DEFAULT_MAX_SPEAKERS, speakers, onProgress, spanBySpan } = options;
    // With 'auto', the first installed language leads (English) and the others are tried against it.
    const auto = options.language === AUTO_LANGUAGE;
    const language = auto ? Object.keys(this.specs)[0]! : options.language;
    const others = Object.keys(this.specs).filter((code) => code !== language).map((code) => ({ language: code, model: this.specs[code]!() }));
    const request: RecognitionRequest = { dir, input, language, model: this.specs[language]!(), others, threads: this.threads, maxSpeakers, ...(auto ? { auto } : {}), ...(jobName ? { jobName } : {}), ...(diarization ? { diarization } : {}), ...(speakers ? { speakers } : {}), ...(spanBySpan ? { spanBySpan } : {}) };
    return this.recognizer.recognize(request, (progress) => onProgress?.({ stage: 'transcribing', progress }));
  }
}
