/** Presentation rules of docs/product.md#screens-and-routes (transcript detail) and 8. Pure; unit-tested. */
import { isApiRequestError } from '@web/lib/api-client';
import { TRANSCRIPTS_TEXTS } from './texts';

/** One bullet per line of the summary, leading dash removed; blank lines are skipped. */
export function summaryBullets(summary: string | undefined | null): string[] {
  if (!summary) return [];
  return summary
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-–—•]\s*/, '').trim())
    .filter((line) => line !== '');
}

/** 'Error: ' plus the answer's error field; no answer (or none given): 'Failed to load transcript.'. */
export function transcriptLoadError(error: unknown): string {
  if (isApiRequestError(error) && error.serverMessage) return TRANSCRIPTS_TEXTS.loadErrorPrefix + error.serverMessage;
  return TRANSCRIPTS_TEXTS.loadFailed;
}

/** A created date and time in the reader's locale; the raw text if it is not a date. */
export function formatDateTime(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `?t=83000`: open at 83 s (search results and shared links); undefined without a usable `t`. */
export function startFrom(params: URLSearchParams): number | undefined {
  const value = Number(params.get('t'));
  return params.has('t') && Number.isFinite(value) && value >= 0 ? value : undefined;
}
