/**
 * Presentation rules of the Transcribed Files tab (docs/product.md#screens-and-routes, #errors, #constants-and-limits). Pure; unit-tested.
 * A 401 never reaches these: the shared client rule handles it (callers check `isUnauthorized` first).
 */
import { concurrencyLimit } from '@domain/concurrency';
import { LIST_PREVIEW_LENGTH } from '@domain/constants';
import { LIBRARY_TEXTS } from './texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { focusTarget } from '@web/components/ui/menu-keys';
import { failureText } from '@web/lib/api-client';

const T = TRANSCRIPTS_TEXTS;

/**
 * docs/product.md#constants-and-limits: the list shows at most 100 characters of the text; an ellipsis tells when it goes on. The
 * stored preview keeps one character more to tell that, even when it is a space: trim only the start first.
 */
export function previewText(preview: string | undefined | null, limit: number = LIST_PREVIEW_LENGTH): string {
  const text = (preview ?? '').replace(/\s+/g, ' ').trimStart();
  if (text.length <= limit) return text.trimEnd();
  return `${text.slice(0, limit).trimEnd()}…`;
}

export { downloadName } from '@domain/download-name';

/** docs/product.md#errors, Restore: 'Failed to restore transcript.' when refused (the server's text when it sent one); no answer: 'Error restoring transcript.'. */
export const restoreErrorMessage = (error: unknown): string => failureText(error, T.restoreFailed, LIBRARY_TEXTS.restoreError);

/** docs/product.md#errors, Delete: 'Failed to delete transcript.' (the server's text when it sent one). */
export const deleteErrorMessage = (error: unknown): string => failureText(error, T.deleteFailed, T.deleteFailed);

/** docs/product.md#entities: 'complete' is finished; anything else is still processing (or failed, with its error). */
export const isComplete = (status: string | undefined): boolean => status === 'complete';

/**
 * Runs `task` on every item, at most `concurrency` at a time (Delete All on hundreds of transcripts must
 * not open hundreds of connections at once). Resolves with the items whose task failed.
 */
export async function runAll<T>(items: readonly T[], task: (item: T) => Promise<unknown>, concurrency = 6): Promise<{ failed: T[]; errors: unknown[] }> {
  const failed: T[] = [];
  const errors: unknown[] = [];
  const limit = concurrencyLimit(concurrency);
  await Promise.all(
    items.map((item) =>
      limit(() => task(item)).catch((error: unknown) => {
        failed.push(item);
        errors.push(error);
      }),
    ),
  );
  return { failed, errors };
}

/** The row a key moves the focus to in a list of `count` rows (no wrapping), or undefined for other keys. */
export const rowTarget = (key: string, index: number, count: number): number | undefined => focusTarget(key, index, count, 'stop');
