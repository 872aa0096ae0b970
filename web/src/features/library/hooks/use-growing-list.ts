import { useCallback, useEffect, useRef, useState } from 'react';
import { LIST_BATCH } from '@web/config/constants';

/** The paged query's parts the growing list drives (a `useInfiniteQuery` result fits). */
export interface PagedSource {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Hundreds of transcripts stay smooth: the list shows LIST_BATCH more rows as the reader scrolls towards
 * its end (`moreRef`) or presses 'Show more', and asks the server for its next page once the shown rows
 * reach the end of the loaded ones; `wantAll` (filters, another order) asks for every remaining page.
 */
export function useGrowingList(length: number, list: PagedSource, wantAll: boolean) {
  const [shownCount, setShownCount] = useState(LIST_BATCH);
  const moreRef = useRef<HTMLDivElement>(null);
  const hiddenCount = Math.max(0, length - shownCount);
  const showMore = useCallback(() => setShownCount((count) => count + LIST_BATCH), []);
  const restart = useCallback(() => setShownCount(LIST_BATCH), []);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = list;
  const needMore = wantAll || shownCount >= length;

  useEffect(() => {
    // Not while the list is being asked again (polling): a next-page call would cancel that refresh.
    if (needMore && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [needMore, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  useEffect(() => {
    const target = moreRef.current;
    if (!target || hiddenCount === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showMore();
    }, { rootMargin: '800px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hiddenCount, showMore]);

  return { shownCount, hiddenCount, showMore, moreRef, restart };
}
