/**
 * Rows whose job runs are asked for again every 5 s (docs/product.md#constants-and-limits) by their own
 * `GET /api/transcripts/{id}`, not by asking every loaded page of their list again: a reader with five pages
 * in sends one request per running row, not five. Each answer becomes the row in every cached list (the
 * stage moves; once the job ends, the status, preview, summary and length show); the lists are not asked again.
 */
import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TranscriptView } from '@contract';
import { TRANSCRIPT_POLL_INTERVAL_MS } from '@domain/constants';
import { previewOf } from '@domain/transcript-view';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';
import { isProcessing } from '@web/transcript/api/get-transcript';
import type { ListData, TranscriptListItem } from './transcripts';

/** The list item a transcript's full view makes: the server's own list fields, the preview from its text. */
export function asListItem(view: TranscriptView): TranscriptListItem {
  const { text, word_timings: _timings, speakers: _speakers, summary_outdated: _outdated, key_points: _points, language_mismatch: _mismatch, event_lost: _lost, summary_left_out: _leftOut, ...fields } = view;
  return { ...fields, preview: previewOf(text) };
}

/** Puts `row` in place of its older self in every cached list. */
function replaceRow(client: QueryClient, row: TranscriptListItem): void {
  client.setQueriesData<ListData>({ queryKey: libraryKeys.lists }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === row.id ? row : item)) })) },
  );
}

const isRunning = (item: TranscriptListItem): boolean => isProcessing(item) && !item.deleted;

/**
 * One running row: its list item (as of `since`, when the list came) counts as the first answer, so the
 * first request goes 5 s later; asked again while it is still processing, in a background tab too (a job
 * that completes there says so). Dropped as soon as no row shows it (a retried job starts afresh).
 */
const runningRowQuery = (client: QueryClient, item: TranscriptListItem, since: number) => ({
  queryKey: libraryKeys.runningRow(item.id),
  queryFn: async (): Promise<TranscriptListItem> => {
    const row = asListItem(await apiCall('GET /api/transcripts/{id}', { params: { id: item.id } }));
    replaceRow(client, row);
    return row;
  },
  initialData: item,
  initialDataUpdatedAt: since,
  staleTime: TRANSCRIPT_POLL_INTERVAL_MS,
  gcTime: 0,
  refetchInterval: (query: { state: { data?: TranscriptListItem | undefined } }) => (isRunning(query.state.data ?? item) ? TRANSCRIPT_POLL_INTERVAL_MS : false),
  refetchIntervalInBackground: true,
});

/** Follows the running ones of `items` (a list's loaded items, which came at `listUpdatedAt`) until their jobs end. */
export function useRunningRows(items: readonly TranscriptListItem[], listUpdatedAt: number): void {
  const client = useQueryClient();
  useQueries({ queries: items.filter(isRunning).map((item) => runningRowQuery(client, item, listUpdatedAt)) });
}
