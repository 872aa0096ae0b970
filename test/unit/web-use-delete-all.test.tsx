/**
 * @jest-environment jsdom
 *
 * 'Delete All' (docs/product.md#screens-and-routes): the remaining pages are asked for before the confirmation opens (a page
 * that fails says so and opens nothing); it moves every cached transcript, or with a filter on the ones the
 * filter shows, keeps in the cache the ones that failed or were not asked for, and asks every list again.
 * `apiCall` and the toasts are mocked.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { LIBRARY_TEXTS } from '@web/features/library/texts';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';
import { loadedItems, type ListData } from '@web/features/library/api/transcripts';
import { ANY, type Arrangement } from '@web/features/library/arrange';
import { loadRest, useDeleteAllFlow } from '@web/features/library/hooks/use-delete-all-flow';

jest.mock('@web/lib/api-client', () => ({ ...jest.requireActual('@web/lib/api-client'), apiCall: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: { error: jest.fn(), success: jest.fn() } }));

const api = apiCall as jest.MockedFunction<(key: string, options?: { params?: { id?: string } }) => Promise<unknown>>;
const item = (id: string, tags: string[] = []) => ({ id, filename: `${id}.wav`, status: 'complete', tags, project_id: null, created_at: '2026-01-01T00:00:00.000Z' });

function setUp(arrangement: Arrangement = ANY) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const data = { pages: [{ items: [item('aaaaaaaa0001'), item('aaaaaaaa0002')], next: '2' }, { items: [item('aaaaaaaa0003', ['kept'])], next: undefined }], pageParams: [undefined, '2'] };
  client.setQueryData(libraryKeys.active, data);
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const heading = { current: document.createElement('h2') };
  document.body.append(heading.current);
  heading.current.tabIndex = -1;
  const list = { hasNextPage: false, fetchNextPage: jest.fn() };
  const hook = renderHook(() => useDeleteAllFlow(list, heading, arrangement), { wrapper });
  return { client, invalidate, heading, list, hook };
}

/** The Delete All button pressed. */
const trigger = document.createElement('button');

beforeEach(() => {
  api.mockReset();
  jest.mocked(toast.error).mockReset();
  jest.mocked(toast.success).mockReset();
});

describe('loadRest', () => {
  it('asks for the pages one after another until the last, and says false at a failed one', async () => {
    const last = { hasNextPage: false, isError: false, fetchNextPage: jest.fn() };
    const second = { hasNextPage: true, isError: false, fetchNextPage: jest.fn(async () => last) };
    await expect(loadRest({ hasNextPage: true, fetchNextPage: async () => second })).resolves.toBe(true);
    expect(second.fetchNextPage).toHaveBeenCalledTimes(1);
    const failed = { hasNextPage: true, isError: true, fetchNextPage: jest.fn() };
    await expect(loadRest({ hasNextPage: true, fetchNextPage: async () => failed })).resolves.toBe(false);
    expect(failed.fetchNextPage).not.toHaveBeenCalled();
  });
});

describe('useDeleteAllFlow', () => {
  it('moves every cached transcript; the one that failed stays; every list is asked again and the closing confirmation gives the focus to the heading', async () => {
    api.mockImplementation(async (key, options) => {
      if (key === 'DELETE /api/transcripts/{id}' && options?.params?.id === 'aaaaaaaa0002') throw new Error('gone wrong');
      return { message: 'Transcript deleted' };
    });
    const { client, invalidate, heading, hook } = setUp();
    await act(() => hook.result.current.ask(trigger));
    expect(hook.result.current.confirming).toBe(true);
    expect(hook.result.current.returnFocusTo.current).toBe(trigger);

    await act(() => hook.result.current.confirm());

    expect(api.mock.calls.map(([, options]) => options?.params?.id).sort()).toEqual(['aaaaaaaa0001', 'aaaaaaaa0002', 'aaaaaaaa0003']);
    expect(loadedItems(client.getQueryData<ListData>(libraryKeys.active)).map((kept) => kept.id)).toEqual(['aaaaaaaa0002']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: libraryKeys.lists });
    expect(toast.error).toHaveBeenCalledWith(LIBRARY_TEXTS.deleteAllFailed);
    expect(hook.result.current.confirming).toBe(false);
    expect(hook.result.current.returnFocusTo.current).toBe(heading.current);
  });

  it('cancelled, the confirmation gives the focus back to the button that asked', async () => {
    const { hook } = setUp();
    await act(() => hook.result.current.ask(trigger));
    act(() => hook.result.current.cancel());
    expect(hook.result.current.confirming).toBe(false);
    expect(hook.result.current.returnFocusTo.current).toBe(trigger);
    expect(api).not.toHaveBeenCalled();
  });

  it('with a filter on, moves only the transcripts it shows (every page of them) and says so; the others stay', async () => {
    api.mockResolvedValue({ message: 'Transcript deleted' });
    const { client, hook } = setUp({ ...ANY, tag: 'kept' });
    await act(() => hook.result.current.ask(trigger));
    expect(hook.result.current).toMatchObject({ confirming: true, filtered: true, count: 1 });

    await act(() => hook.result.current.confirm());

    expect(api.mock.calls.map(([, options]) => options?.params?.id)).toEqual(['aaaaaaaa0003']);
    expect(loadedItems(client.getQueryData<ListData>(libraryKeys.active)).map((kept) => kept.id)).toEqual(['aaaaaaaa0001', 'aaaaaaaa0002']);
    expect(toast.success).toHaveBeenCalledWith(LIBRARY_TEXTS.deleteShownDone(1));
  });

  it('another order alone is no filter: every transcript, as without one', async () => {
    api.mockResolvedValue({ message: 'Transcript deleted' });
    const { hook } = setUp({ ...ANY, sort: 'name' });
    await act(() => hook.result.current.ask(trigger));
    expect(hook.result.current).toMatchObject({ confirming: true, filtered: false, count: 3 });
    await act(() => hook.result.current.confirm());
    expect(api).toHaveBeenCalledTimes(3);
    expect(toast.success).toHaveBeenCalledWith(LIBRARY_TEXTS.deleteAllDone);
  });

  it('a remaining page that cannot be loaded opens no confirmation and says so', async () => {
    const { list, hook } = setUp();
    list.hasNextPage = true;
    list.fetchNextPage.mockResolvedValue({ hasNextPage: true, isError: true, fetchNextPage: jest.fn() });
    await act(() => hook.result.current.ask(trigger));
    expect(hook.result.current.confirming).toBe(false);
    expect(toast.error).toHaveBeenCalledWith(LIBRARY_TEXTS.loadMoreFailed);
    expect(api).not.toHaveBeenCalled();
  });
});
