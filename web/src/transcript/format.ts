/** Presentation rules of docs/product.md#screens-and-routes (transcript detail) and 8. Pure; unit-tested. */
import { parseMoment } from '@domain/moment';
import { summaryLines } from '@domain/key-point-moments';
import { isApiRequestError } from '@web/lib/api-client';
import { TRANSCRIPTS_TEXTS } from './texts';

/** One bullet per line of the summary, leading dash removed; blank lines are skipped. */
export const summaryBullets = (summary: string | undefined | null): string[] => (summary ? summaryLines(summary) : []);

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

/**
 * `?t=` (seconds, `1:05` or `1h2m5s`; an older link's milliseconds where unambiguous): open there (search
 * results, key points, copied and shared links); undefined without a usable `t`. The recording's length
 * (its duration, else its last word's end) tells an older millisecond link.
 */
export function startFrom(params: URLSearchParams, groups: readonly { words: readonly { end: number }[] }[], durationMs?: number | null): number | undefined {
  const lastEnd = groups.reduce((latest, group) => group.words.reduce((end, word) => Math.max(end, word.end), latest), 0);
  return parseMoment(params.get('t'), durationMs ?? (lastEnd || undefined));
}
