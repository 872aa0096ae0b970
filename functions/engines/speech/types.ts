/** The speech-to-text port. Both adapters produce Amazon Transcribe's JSON, so ParseTranscript is shared. */
import type { ReadableMedia } from '../../domain/speech-audio';
import type { TranscribeJson } from '../../domain/transcribe-json';

export interface S3Location {
  bucket: string;
  key: string;
}

export interface SpeechJob {
  /** Unique per job: letters, digits, '.', '_' and '-' (Transcribe's job-name rule), at most 200 characters. */
  jobName: string;
  /** The uploaded recording. */
  media: S3Location;
  /** Whose job it is: a local engine takes waiting jobs in turn from each owner (issue 16's fair use). */
  owner?: string;
  /** A product language name or ISO code ('en', 'French', ...), or 'auto': the engine finds it. */
  language: string;
  /** Label speakers. */
  diarization: boolean;
  /** Upper bound on speakers when diarization is on (2 to 30); defaults to 10. */
  maxSpeakers?: number;
  /** How many speakers the user says there are (2 to 10; `speaker_count`): exactly that many locally, at most that many on Transcribe. */
  speakers?: number;
  /** Where Transcribe writes its JSON result. */
  output: S3Location;
  /** The container as detected from the file's bytes (mp3, wav, mp4, ...): the key has no extension to tell it. */
  mediaExtension?: string;
  /** Hears where the job stands, when the engine knows (a local engine: its queue and its pieces; issue 15). */
  onProgress?: (update: SpeechProgress) => void;
}

/** Waiting for the engine (1: starts next), or being recognised (0-1 of the audio done). */
export type SpeechProgress = { stage: 'queued'; queuePosition: number } | { stage: 'transcribing'; progress: number };

/**
 * 'started': the result will be written to `output` and a job-state event will follow (AWS).
 * 'completed': the engine finished at once and returns the result (local), with the length of the audio it decoded,
 * the language it heard, and whether the speech may not be in that language.
 * 'ended': a start retried after its job had already ended (AWS; the event may have been missed).
 */
export type SpeechStart =
  | { status: 'started' }
  | { status: 'completed'; transcript: TranscribeJson; audioSeconds: number; language?: string; languageMismatch?: boolean }
  | { status: 'ended'; outcome: 'COMPLETED' | 'FAILED'; failureReason?: string };

/** What an engine can do, said before anything is uploaded (GET /api/capabilities). */
export interface SpeechCapabilities {
  /** ISO codes of the languages it transcribes. */
  languages: string[];
  speakerIdentification: boolean;
}

export interface SpeechEngine {
  /** What the service reads as is; the workflow converts anything else first. Engines that decode anything leave it out. */
  readonly reads?: ReadableMedia;
  start(job: SpeechJob): Promise<SpeechStart>;
  /** Removes the service's record of an ended job (Transcribe keeps it 90 days otherwise); engines that keep none leave it out. */
  forget?(jobName: string): Promise<void>;
  /** Ends the processes the engine runs on this machine (the local engine's worker), for the app's stop; a job in progress fails. */
  stop?(): Promise<void>;
  capabilities(): SpeechCapabilities;
}
