/**
 * @jest-environment jsdom
 *
 * The library's paged lists (issue 16, point 5) and a cursor the server refuses (400: altered, or stale):
 * the list is asked again from its first page, as many pages as were loaded, and the next page then comes
 * with the fresh cursor; the refused cursor is never asked for again by itself. `apiPage` is mocked.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiRequestError, apiPage } from '@web/lib/api-client';
import { loadedItems, transcriptListQuery, usePagedList } from '@web/features/library/api/transcripts';

jest.mock('@web/lib/api-client', () => ({ ...jest.requireActual('@web/lib/api-client'), apiPage: jest.fn() }));

const page = apiPage as jest.MockedFunction<(key: string, options: { query: { cursor?: string } }) => Promise<{ items: unknown[]; next: string | undefined }>>;
const item = (id: string) => ({ id, filename: `${id}.wav`, status: 'complete', tags: [], project_id: null, created_at: '2026-01-01T00:00:00.000Z' });
const refused = () => new ApiRequestError(400, 'Invalid cursor.', 'Invalid cursor.', { error: 'Invalid cursor.' });

/** The server: the first page leads to `cursors[n]` on its n-th answer; `refuse` lists the cursors it answers 400 to. */
function serve(cursors: string[], refuse: Set<string>) {
  const asked: string[] = [];
  page.mockImplementation(async (_key, { query }) => {
    const cursor = query.cursor ?? '';
    asked.push(cursor);
    if (refuse.has(cursor)) throw refused();
    if (cursor === '') return { items: [item('aaaaaaaa0001')], next: cursors[asked.filter((one) => one === '').length - 1] };
    return { items: [item(`bbbbbbbb${cursor.slice(-4)}`)], next: undefined };
  });
  return asked;
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => usePagedList(transcriptListQuery('deleted')), { wrapper });
}

beforeEach(() => page.mockReset());

describe('usePagedList', () => {
  it('a refused cursor starts the list again from the first page; the next page comes with the fresh cursor', async () => {
    const asked = serve(['stale0001', 'fresh0002'], new Set(['stale0001']));
    const { result } = renderList();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    await act(async () => void (await result.current.fetchNextPage()));
    await waitFor(() => expect(asked).toEqual(['', 'stale0001', '']));
    await waitFor(() => expect(result.current.isFetchNextPageError).toBe(false));
    expect(result.current.data?.pages.at(-1)?.next).toBe('fresh0002');

    await act(async () => void (await result.current.fetchNextPage()));
    expect(asked).toEqual(['', 'stale0001', '', 'fresh0002']);
    await waitFor(() => expect(loadedItems(result.current.data).map((one) => one.id)).toEqual(['aaaaaaaa0001', 'bbbbbbbb0002']));
  });

  it('a server that refuses the fresh cursor too is not asked in a loop: the list stops at Retry, and Retry restarts it', async () => {
    const asked = serve(['same0001', 'same0001', 'same0001'], new Set(['same0001']));
    const { result } = renderList();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    await act(async () => void (await result.current.fetchNextPage()));
    await waitFor(() => expect(asked).toEqual(['', 'same0001', '']));
    await act(async () => void (await result.current.fetchNextPage()));
    await waitFor(() => expect(result.current.isFetchNextPageError).toBe(true));
    for (let turn = 0; turn < 5; turn++) await act(async () => undefined);
    expect(asked).toEqual(['', 'same0001', '', 'same0001']);

    // Retry does not send the refused cursor alone: the first page comes first.
    await act(async () => void (await result.current.fetchNextPage()));
    expect(asked).toEqual(['', 'same0001', '', 'same0001', '', 'same0001']);
  });
});
