/**
 * Transcript lists, whole or by page (issue 16, point 5): without ?limit= and ?cursor= the whole list as
 * docs/product.md has it; with them one page and the next page's cursor (the API sends it as X-Next-Cursor).
 */
import type { TranscriptListItem } from '../../contract';
import { InvalidCursorError, type ListedTranscript, type Page } from '../../data/transcripts';
import { MESSAGES } from '../../domain/messages';
import { listItemView } from '../../domain/transcript-view';
import { ServiceError } from '../service-error';
import { asRecord } from './records';

/** The largest page, also the size when only a cursor is sent. */
const MAX_PAGE = 100;

export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** A list as its page shows it; `next`: the next page's cursor, when there is one. */
export interface TranscriptList {
  items: TranscriptListItem[];
  next?: string;
}

export async function transcriptList(
  query: PageQuery | undefined,
  whole: () => Promise<ListedTranscript[]>,
  page: (limit: number, cursor: string | undefined) => Promise<Page<ListedTranscript>>,
): Promise<TranscriptList> {
  const view = (items: ListedTranscript[]) => items.map((item) => listItemView(asRecord(item)));
  if (query?.limit === undefined && query?.cursor === undefined) return { items: view(await whole()) };
  try {
    const { items, cursor } = await page(query.limit ?? MAX_PAGE, query.cursor);
    return { items: view(items), ...(cursor ? { next: cursor } : {}) };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ServiceError('invalid', MESSAGES.invalidCursor);
    throw error;
  }
}
