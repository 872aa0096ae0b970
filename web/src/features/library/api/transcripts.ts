/** The transcript lists and their changes (docs/product.md#calls). Signed-in calls: a 401 is the shared rule. */
import { useCallback, useEffect, useRef } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TranscriptListItem } from '@contract';
import { LIST_PAGE_SIZE } from '@web/config/constants';
import { ApiRequestError, apiPage } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';
import { deleteTranscript, restoreTranscript } from '@web/transcript/api/workspace';

export type { TranscriptListItem };

/** One page of a list and the cursor of the next (undefined: the last page). */
export interface ListPage {
  items: TranscriptListItem[];
  next: string | undefined;
}
/** A list as the cache holds it: the pages loaded so far. */
export type ListData = InfiniteData<ListPage>;

/** Every item of the pages loaded so far, in the server's order (newest first). */
export const loadedItems = (data: ListData | undefined): TranscriptListItem[] => data?.pages.flatMap((page) => page.items) ?? [];

const pageQuery = (cursor: string | undefined) => ({ limit: String(LIST_PAGE_SIZE), ...(cursor === undefined ? {} : { cursor }) });

export type TranscriptListView = 'active' | 'deleted';

/**
 * A list asked for page by page: each page's cursor leads to the next. Not polled as a whole: its running
 * rows are (useRunningRows), so loaded pages are not asked again every 5 s.
 */
const pagedList = (queryKey: readonly unknown[], fetchPage: (cursor: string | undefined) => Promise<ListPage>) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }: { pageParam: string | undefined }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ListPage) => last.next,
  });

/** `GET /api/transcripts` (active, newest first) or `GET /api/deleted_transcripts`, page by page. */
export const transcriptListQuery = (view: TranscriptListView) =>
  pagedList(
    view === 'active' ? libraryKeys.active : libraryKeys.deleted,
    (cursor) => apiPage(view === 'active' ? 'GET /api/transcripts' : 'GET /api/deleted_transcripts', { query: pageQuery(cursor) }),
  );

/** A cursor the server refused (400: altered, or from before a change it cannot follow): asking with it again fails again. */
const isRefusedCursor = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 400;

type PagedListOptions = ReturnType<typeof pagedList>;

/**
 * A paged list (`transcriptListQuery`, `projectTranscriptsQuery`). Its `fetchNextPage` does not ask again
 * with a cursor the server refused: it asks the loaded pages again from the first (the user keeps their
 * place: as many pages stay loaded, each with a fresh cursor), then the next page.
 */
export function usePagedList(options: PagedListOptions) {
  const list = useInfiniteQuery(options);
  const { fetchNextPage, refetch } = list;
  const refused = list.isFetchNextPageError && isRefusedCursor(list.error);
  // The same restart at once, without waiting for Retry; once per refused cursor, so a server that keeps
  // refusing the fresh one too leaves the list at Retry instead of asking in a loop.
  const nextCursor = list.data?.pages.at(-1)?.next;
  const restartedAt = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!refused || restartedAt.current === nextCursor) return;
    restartedAt.current = nextCursor;
    void refetch();
  }, [refused, nextCursor, refetch]);
  const fetchNext = useCallback(async () => {
    if (!refused) return fetchNextPage();
    const again = await refetch();
    return again.isError ? again : fetchNextPage();
  }, [refused, fetchNextPage, refetch]);
  return { ...list, fetchNextPage: fetchNext };
}

/** A paged list as the screens use it. */
export type PagedList = ReturnType<typeof usePagedList>;

/** A project's transcripts (docs/product.md#entities), page by page. */
export const projectTranscriptsQuery = (id: string) =>
  pagedList(libraryKeys.project(id), (cursor) => apiPage('GET /api/projects/{id}/transcripts', { params: { id }, query: pageQuery(cursor) }));

/** Keeps only the cached items `keep` accepts, page by page (the pages' cursors stay valid: they are keys, not offsets). */
export const keepItems = (keep: (item: TranscriptListItem) => boolean) => (data: ListData | undefined): ListData | undefined =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter(keep) })) };

/** Drops one item from a cached list without waiting for the refetch. */
const without = (id: string) => keepItems((item) => item.id !== id);

interface MoveHandlers {
  /** After the item left its list's cache, before the lists are asked again. */
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/**
 * Deleting an active transcript (to the bin) or restoring a deleted one. The mutation owns its cache
 * changes: the item leaves the list it was in at once, then every list is asked again.
 */
export function useMoveTranscript(id: string, from: TranscriptListView, handlers: MoveHandlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => (from === 'active' ? deleteTranscript(id) : restoreTranscript(id)),
    onSuccess: () => {
      queryClient.setQueryData<ListData>(from === 'active' ? libraryKeys.active : libraryKeys.deleted, without(id));
      handlers.onSuccess();
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
    },
    onError: handlers.onError,
  });
}

/** Undo of a delete (from its toast, which outlives the row): a restore, then every list is asked again. */
export async function undoDelete(queryClient: QueryClient, id: string): Promise<void> {
  try {
    await restoreTranscript(id);
  } finally {
    void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
  }
}
