/** docs/product.md#errors, transcribe: the server's error text, else 'Transcription failed.'; no answer: 'An error occurred while transcribing the file.'. Pure; unit-tested. */
import { TEXTS } from '@web/config/texts';
import { failureText, isNetworkError } from '@web/lib/api-client';

export function transcribeErrorText(error: unknown): string {
  if (isNetworkError(error)) return TEXTS.transcripts.transcribeNetworkFailed;
  return failureText(error, TEXTS.transcripts.transcribeFailed);
}

/** A failed job's own reason (the transcript's `error` field), else 'Transcription failed.'. */
export const failedJobText = (reason: string | undefined | null): string => (reason && reason.trim()) || TEXTS.transcripts.transcribeFailed;

/** The user (or leaving the tab) stopped an upload: not an error to show. By name: a DOMException is not always an Error instance. */
export const isAbort = (error: unknown): boolean => typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
