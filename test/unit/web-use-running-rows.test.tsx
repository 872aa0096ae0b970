/**
 * @jest-environment jsdom
 *
 * Polling a paged list (issue 16, point 5; docs/product.md#constants-and-limits 5 s): with two pages in and a running row on
 * the second, each 5 s asks for that row alone, not for every loaded page; its answer becomes the row (the
 * stage moves, then the status and preview once done), and nothing is asked once no row runs. `apiPage` and
 * `apiCall` are mocked; React Query polls on Jest's fake clock.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { apiCall, apiPage } from '@web/lib/api-client';
import { useRunningRows } from '@web/features/library/api/running-rows';
import { loadedItems, transcriptListQuery, usePagedList } from '@web/features/library/api/transcripts';

jest.mock('@web/lib/api-client', () => ({ ...jest.requireActual('@web/lib/api-client'), apiPage: jest.fn(), apiCall: jest.fn() }));

const page = apiPage as jest.MockedFunction<(key: string, options: { query: { cursor?: string } }) => Promise<{ items: unknown[]; next: string | undefined }>>;
const call = apiCall as unknown as jest.MockedFunction<(key: string, options: { params: { id: string } }) => Promise<unknown>>;

const RUNNING = 'rrrrrrrr0002';
const row = (id: string, fields: object = {}) => ({ id, filename: `${id}.wav`, status: 'complete', stage: null, progress: null, queue_position: null, preview: 'Hello.', summary: '', topic: '', audio_url: '', language: 'en', tags: [], project_id: null, created_at: '2026-01-01T00:00:00.000Z', deleted: false, duration_ms: 1000, edited_at: null, ...fields });
const running = (stage: string) => row(RUNNING, { status: 'processing', stage, progress: 0.4, preview: '', duration_ms: null });
/** The full view of the running transcript as the server answers it (the list item's fields but the preview, and the body). */
const fullView = ({ preview: _preview, ...fields }: ReturnType<typeof row>, text: string) => ({ ...fields, text, word_timings: [], speakers: [], summary_outdated: false, language_mismatch: false });

async function elapse(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let step = 0; step < 5; step++) await act(() => jest.advanceTimersByTimeAsync(1));
}

beforeEach(() => {
  jest.useFakeTimers();
  page.mockReset();
  call.mockReset();
});
afterEach(() => jest.useRealTimers());

describe('useRunningRows', () => {
  it('asks for the running row alone every 5 s, not for the loaded pages, and stops once it is done', async () => {
    page.mockImplementation(async (_key, { query }) => (query.cursor ? { items: [running('queued')], next: undefined } : { items: [row('rrrrrrrr0001')], next: 'p2' }));
    const answers = [fullView(running('transcribing'), ''), fullView(row(RUNNING, { duration_ms: 4200 }), 'All done now.')];
    call.mockImplementation(async () => answers.shift() ?? answers.at(-1));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => {
      const list = usePagedList(transcriptListQuery('active'));
      useRunningRows(loadedItems(list.data), list.dataUpdatedAt);
      return list;
    }, { wrapper });
    await elapse(0);
    await act(async () => void (await result.current.fetchNextPage()));
    await elapse(0);
    expect(page).toHaveBeenCalledTimes(2);
    const shown = () => loadedItems(result.current.data).find((item) => item.id === RUNNING);
    expect(shown()).toMatchObject({ status: 'processing', stage: 'queued' });

    // The list's own answer counts as the first: nothing is asked before 5 s.
    await elapse(4900);
    expect(call).not.toHaveBeenCalled();
    await elapse(200);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenLastCalledWith('GET /api/transcripts/{id}', { params: { id: RUNNING } });
    expect(shown()).toMatchObject({ status: 'processing', stage: 'transcribing' });

    await elapse(5000);
    expect(call).toHaveBeenCalledTimes(2);
    expect(shown()).toMatchObject({ status: 'complete', stage: null, preview: 'All done now.', duration_ms: 4200 });
    expect(shown()).not.toHaveProperty('text');

    // Done: no more requests of any kind, and the loaded pages were never asked again.
    await elapse(20_000);
    expect(call).toHaveBeenCalledTimes(2);
    expect(page).toHaveBeenCalledTimes(2);
  });
});
