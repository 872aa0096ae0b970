/**
 * @jest-environment jsdom
 *
 * The library's growing list (issue 16, point 5): LIST_BATCH rows at first and LIST_BATCH more per
 * 'Show more'; the next page is asked for once the shown rows reach the end of the loaded ones, or at
 * once when the whole list is wanted (filters, another order), but never while the list is being asked
 * again or after a page failed (Retry asks then).
 */
import { act, renderHook } from '@testing-library/react';
import { LIST_BATCH, LIST_PAGE_SIZE } from '@web/config/constants';
import { useGrowingList, type PagedSource } from '@web/features/library/hooks/use-growing-list';

const source = (fields: Partial<PagedSource> = {}): PagedSource => ({ hasNextPage: true, isFetching: false, isFetchNextPageError: false, fetchNextPage: jest.fn(async () => undefined), ...fields });

function renderGrowing(length: number, list: PagedSource, wantAll = false) {
  return renderHook((props: { length: number; list: PagedSource; wantAll: boolean }) => useGrowingList(props.length, props.list, props.wantAll), { initialProps: { length, list, wantAll } });
}

describe('useGrowingList', () => {
  it('shows a batch, then a batch more per showMore; restart goes back to one batch', () => {
    const { result } = renderGrowing(100, source({ hasNextPage: false }));
    expect(result.current).toMatchObject({ shownCount: LIST_BATCH, hiddenCount: 100 - LIST_BATCH });
    act(() => result.current.showMore());
    expect(result.current).toMatchObject({ shownCount: 2 * LIST_BATCH, hiddenCount: 100 - 2 * LIST_BATCH });
    act(() => result.current.restart());
    expect(result.current.shownCount).toBe(LIST_BATCH);
  });

  it('asks for the next page only once the shown rows reach the end of the loaded ones', () => {
    const list = source();
    const { result, rerender } = renderGrowing(LIST_PAGE_SIZE, list);
    expect(list.fetchNextPage).not.toHaveBeenCalled();
    act(() => result.current.showMore());
    expect(list.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender({ length: 2 * LIST_PAGE_SIZE, list, wantAll: false });
    expect(list.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('wanting the whole list asks at once; not while the list is fetching, nor after a failed page', () => {
    const fetching = source({ isFetching: true });
    renderGrowing(LIST_PAGE_SIZE, fetching, true);
    expect(fetching.fetchNextPage).not.toHaveBeenCalled();
    const failed = source({ isFetchNextPageError: true });
    renderGrowing(LIST_PAGE_SIZE, failed, true);
    expect(failed.fetchNextPage).not.toHaveBeenCalled();
    const idle = source();
    renderGrowing(LIST_PAGE_SIZE, idle, true);
    expect(idle.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
