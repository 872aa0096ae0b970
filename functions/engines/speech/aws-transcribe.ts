/**
 * AWS speech engine: starts an Amazon Transcribe batch job that writes its JSON result to our
 * bucket. The job's completion arrives as an EventBridge event (the workflow waits on a task token).
 */
import { DeleteTranscriptionJobCommand, GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient, type LanguageCode, type MediaFormat, type StartTranscriptionJobCommandInput } from '@aws-sdk/client-transcribe';
import { AUTO_LANGUAGE, findLanguage, LANGUAGES } from '../../domain/languages';
import type { ReadableMedia } from '../../domain/speech-audio';
import { clientSettings, getConfig } from '../../platform/config';
import { checkedClient } from '../../platform/aws-clients';
import { once } from '../../platform/lazy';
import { recordServiceCall } from '../../platform/metrics';
import { asBusy, EngineError } from '../engine-error';
import type { SpeechCapabilities, SpeechEngine, SpeechJob, SpeechStart } from './types';

const DEFAULT_MAX_SPEAKERS = 10;
/**
 * Our detected containers → Transcribe's MediaFormat: the only ones it reads (AMR, FLAC, M4A, MP3, MP4, Ogg,
 * WebM, WAV). MOV, MKV, AVI, AIFF, CAF, MPEG-TS, 3GP and the rest are converted by PrepareMedia first.
 */
const MEDIA_FORMATS: Record<string, MediaFormat> = { mp3: 'mp3', mp4: 'mp4', m4a: 'm4a', wav: 'wav', flac: 'flac', ogg: 'ogg', opus: 'ogg', amr: 'amr', webm: 'webm' };
/**
 * What Transcribe reads as is (docs.aws.amazon.com/transcribe/latest/dg/how-input.html: one or two channels;
 * 8,000 Hz, or 16,000 to 48,000 Hz). Its page names containers, not codecs, so only each container's usual
 * codec passes: FLAC and 16-bit PCM, the lossless ones it recommends, and the lossy ones its containers are
 * made for. Anything else (ALAC in M4A, 8- or 24-bit WAV, Vorbis in Ogg) is converted by PrepareMedia first.
 */
const READS: ReadableMedia = {
  extensions: Object.keys(MEDIA_FORMATS),
  maxChannels: 2,
  codecs: { mp3: ['mp3'], mp4: ['aac'], m4a: ['aac'], wav: ['pcm_s16le'], flac: ['flac'], ogg: ['opus'], opus: ['opus'], amr: ['amr_nb', 'amr_wb'], webm: ['opus'] },
  sampleRates: [
    [8_000, 8_000],
    [16_000, 48_000],
  ],
};
const JOB_NAME = /^[0-9a-zA-Z._-]{1,200}$/;

const transcribeClient = once(() => checkedClient(new TranscribeClient(clientSettings(getConfig().TRANSCRIBE_ENDPOINT))));

/** The StartTranscriptionJob request for a job; pure, so it is tested without AWS. */
export function buildStartTranscriptionJob(job: SpeechJob): StartTranscriptionJobCommandInput {
  if (!JOB_NAME.test(job.jobName)) throw new Error(`Invalid Transcribe job name: ${job.jobName}`);
  const maxSpeakers = Math.min(30, Math.max(2, job.speakers ?? job.maxSpeakers ?? DEFAULT_MAX_SPEAKERS));
  return {
    TranscriptionJobName: job.jobName,
    ...languageSettings(job.language),
    Media: { MediaFileUri: `s3://${job.media.bucket}/${job.media.key}` },
    ...(job.mediaExtension && MEDIA_FORMATS[job.mediaExtension] ? { MediaFormat: MEDIA_FORMATS[job.mediaExtension] } : {}),
    OutputBucketName: job.output.bucket,
    OutputKey: job.output.key,
    ...(job.diarization ? { Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: maxSpeakers } } : {}),
  };
}

/** A language Transcribe is told, or with 'auto' its language identification among the languages it transcribes here. */
function languageSettings(requested: string): Pick<StartTranscriptionJobCommandInput, 'LanguageCode' | 'IdentifyLanguage' | 'LanguageOptions'> {
  if (requested === AUTO_LANGUAGE) return { IdentifyLanguage: true, LanguageOptions: TRANSCRIBED.map((language) => language.transcribe.code as LanguageCode) };
  const language = findLanguage(requested);
  if (!language) throw new EngineError('unsupported-language', `Unknown language "${requested}".`);
  if (language.transcribe.code === null) throw new EngineError('unsupported-language', language.transcribe.reason);
  return { LanguageCode: language.transcribe.code as LanguageCode };
}

const TRANSCRIBED = LANGUAGES.filter((language) => language.transcribe.code !== null);

export class AwsTranscribeEngine implements SpeechEngine {
  readonly reads = READS;

  constructor(private readonly client: Pick<TranscribeClient, 'send'> = transcribeClient()) {}

  capabilities(): SpeechCapabilities {
    return { languages: TRANSCRIBED.map((language) => language.code), speakerIdentification: true };
  }

  async start(job: SpeechJob): Promise<SpeechStart> {
    try {
      await this.client.send(new StartTranscriptionJobCommand(buildStartTranscriptionJob(job)));
      recordServiceCall('Transcribe');
      return { status: 'started' };
    } catch (error) {
      // Job names are per transcript: a conflict is our own job, started by an earlier try of this step.
      if ((error as { name?: string }).name !== 'ConflictException') throw asBusy(error, 'Amazon Transcribe');
      return this.existing(job.jobName);
    }
  }

  async forget(jobName: string): Promise<void> {
    await this.client.send(new DeleteTranscriptionJobCommand({ TranscriptionJobName: jobName })).catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'NotFoundException') throw asBusy(error, 'Amazon Transcribe');
    });
  }

  /** Where an already started job stands: still running (its event will come), or ended (its event may have been missed). */
  private async existing(jobName: string): Promise<SpeechStart> {
    const answer = await this.client.send(new GetTranscriptionJobCommand({ TranscriptionJobName: jobName })).catch((error: unknown) => {
      throw asBusy(error, 'Amazon Transcribe');
    });
    const job = answer.TranscriptionJob;
    if (job?.TranscriptionJobStatus === 'COMPLETED') return { status: 'ended', outcome: 'COMPLETED' };
    if (job?.TranscriptionJobStatus === 'FAILED') return { status: 'ended', outcome: 'FAILED', ...(job.FailureReason ? { failureReason: job.FailureReason } : {}) };
    return { status: 'started' };
  }
}
