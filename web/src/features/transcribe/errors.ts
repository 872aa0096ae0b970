/** docs/product.md#errors, transcribe: the server's error text, else 'Transcription failed.'; no answer: 'An error occurred while transcribing the file.'. Pure; unit-tested. */
import { TRANSCRIBE_TEXTS } from './texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { failureText, isNetworkError } from '@web/lib/api-client';

export function transcribeErrorText(error: unknown): string {
  if (isNetworkError(error)) return TRANSCRIBE_TEXTS.transcribeNetworkFailed;
  return failureText(error, TRANSCRIPTS_TEXTS.transcribeFailed);
}

/** A failed job's own reason (the transcript's `error` field), else 'Transcription failed.'. */
export const failedJobText = (reason: string | undefined | null): string => (reason && reason.trim()) || TRANSCRIPTS_TEXTS.transcribeFailed;

/** The user (or leaving the tab) stopped an upload: not an error to show. By name: a DOMException is not always an Error instance. */
export const isAbort = (error: unknown): boolean => typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
