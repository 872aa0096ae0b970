/**
 * PrepareMedia's side of the media function (issue 25 point 7): ffmpeg runs there, on links that reach only
 * this job's upload and its converted audio, signed here for as long as that function may run. The links go
 * in the call itself: never in the execution's state, so Step Functions' history never holds them.
 */
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { z } from 'zod';
import { MEDIA_FUNCTION_SECONDS } from '../../domain/constants';
import { AUDIO_MESSAGES, SPEECH_AUDIO, type ReadableMedia } from '../../domain/speech-audio';
import { EngineError } from '../../engines/engine-error';
import type { MediaRequest } from '../../domain/speech-audio';
import { lambdaClient } from '../../platform/aws-clients';
import { setting } from '../../platform/config';
import { mediaLinks } from '../../storage/media-store';

export interface StoredMedia {
  key: string;
  /** The container detected from its bytes (functions/domain/media-type.ts). */
  extension: string;
}

/** What the service will read, and its length as ffmpeg reads it (null when ffmpeg can't tell). */
export interface SpeechReadyMedia extends StoredMedia {
  durationSeconds: number | null;
}

/** The media function's answer is checked like any input: ffmpeg may have been taken over there. */
const MediaAnswer = z.object({ converted: z.boolean(), durationSeconds: z.number().nonnegative().finite().nullable() });
const MediaFailure = z.object({ errorType: z.string().optional(), errorMessage: z.string().optional() });
/** The only failures passed on to the user as the media function words them. */
const USER_REASONS: readonly string[] = Object.values(AUDIO_MESSAGES);

/**
 * The recording as the service reads it: `upload` itself, or its audio converted by the media function into
 * `convertedKey`. With `playableType` (the upload's type) the media function may replace the upload with a copy
 * that states its length (needsPlayableCopy).
 */
export async function speechReadyInMediaFunction(upload: StoredMedia, convertedKey: string, readable: ReadableMedia, playableType?: string): Promise<SpeechReadyMedia> {
  const links = await mediaLinks(upload.key, convertedKey, SPEECH_AUDIO.mime, MEDIA_FUNCTION_SECONDS, playableType);
  const request: z.input<typeof MediaRequest> = { ...links, extension: upload.extension, readable };
  const answer = await lambdaClient().send(new InvokeCommand({ FunctionName: setting('MEDIA_FUNCTION_NAME'), Payload: JSON.stringify(request) }));
  const { converted, durationSeconds } = mediaAnswer(answer);
  return converted ? { key: convertedKey, extension: SPEECH_AUDIO.extension, durationSeconds } : { ...upload, durationSeconds };
}

/**
 * The recording's length as ffmpeg reads it, nothing converted (an engine that reads anything takes the upload
 * as is): the media function is asked with the upload's own container and any number of channels as readable.
 * With `playableType`, a browser recording is replaced by its copy that states its length meanwhile.
 */
export async function measuredInMediaFunction(upload: StoredMedia, convertedKey: string, playableType?: string): Promise<number | null> {
  const readable = { extensions: [upload.extension], maxChannels: Number.MAX_SAFE_INTEGER };
  return (await speechReadyInMediaFunction(upload, convertedKey, readable, playableType)).durationSeconds;
}

/** The media function's answer (Lambda's Invoke output): its check of the recording, or the failure it reported, thrown. */
export function mediaAnswer(answer: { FunctionError?: string | undefined; Payload?: Uint8Array | undefined }): z.infer<typeof MediaAnswer> {
  const payload: unknown = JSON.parse(Buffer.from(answer.Payload ?? new Uint8Array()).toString('utf8') || 'null');
  if (answer.FunctionError) throw failureOf(payload);
  return MediaAnswer.parse(payload);
}

/** The user's reason when the recording can't be used; any other failure is the service's, told in general words. */
function failureOf(payload: unknown): Error {
  const failure = MediaFailure.safeParse(payload);
  const { errorType, errorMessage } = failure.success ? failure.data : {};
  if (errorType === 'EngineError' && errorMessage && USER_REASONS.includes(errorMessage)) return new EngineError('bad-media', errorMessage);
  return new Error(`The media function failed (${errorType ?? 'no error type'}).`);
}
