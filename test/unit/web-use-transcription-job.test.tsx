/**
 * @jest-environment jsdom
 *
 * The Transcribe tab's job (docs/product.md#states): upload with progress → start → processing (the id
 * stored, the transcript asked for every 5 s) → complete (the result stored) or failed. The api layer
 * (the upload and `apiCall`) is mocked; React Query polls on Jest's fake clock.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { TRANSCRIBE_TEXTS } from '@web/features/transcribe/texts';
import { ApiRequestError, apiCall } from '@web/lib/api-client';
import type { Transcript } from '@web/transcript/api/get-transcript';
import { uploadRecording } from '@web/features/transcribe/api/upload';
import { DEFAULT_CHOICES } from '@web/features/transcribe/options';
import { STORAGE_KEYS, transcribeStorage } from '@web/features/transcribe/storage';
import { useTranscriptionJob } from '@web/features/transcribe/use-transcription-job';

jest.mock('@web/lib/api-client', () => ({ ...jest.requireActual('@web/lib/api-client'), apiCall: jest.fn() }));
jest.mock('@web/features/transcribe/api/upload', () => ({ ...jest.requireActual('@web/features/transcribe/api/upload'), uploadRecording: jest.fn() }));

const api = apiCall as jest.MockedFunction<(key: string, options?: unknown) => Promise<unknown>>;
const upload = uploadRecording as jest.MockedFunction<typeof uploadRecording>;

const ID = 'abc123def456';
const file = new File(['RIFF'], 'talk.wav', { type: 'audio/wav' });
const view = (fields: Partial<Transcript>): Transcript => ({ id: ID, filename: 'talk.wav', status: 'processing', text: '', summary: '', topic: '', audio_url: '', word_timings: [], ...fields }) as Transcript;

/** Answers each `GET /api/transcripts/{id}` with the next of `answers` (the last one again once they run out). */
function serve(answers: Transcript[]) {
  const polls: unknown[] = [];
  api.mockImplementation(async (key, options) => {
    if (key === 'POST /api/transcribe') return { id: ID, filename: 'talk.wav', status: 'processing' };
    if (key === 'GET /api/transcripts/{id}') {
      polls.push(options);
      return answers[Math.min(polls.length, answers.length) - 1];
    }
    throw new Error(`unexpected call ${key}`);
  });
  return polls;
}

/** `freshStorage`: a new storage object on every render, as a caller that does not memoise it passes. */
function renderJob({ freshStorage = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const storage = transcribeStorage(window.localStorage);
  const renders = { count: 0 };
  const hook = renderHook(() => {
    // A render loop would never end (and never let the test fail): it stops here with an error instead.
    if ((renders.count += 1) > 100) throw new Error('render loop');
    return useTranscriptionJob(freshStorage ? transcribeStorage(window.localStorage) : storage);
  }, { wrapper });
  return { ...hook, renders };
}

/** Lets the fake clock run `ms`, then a few ms more for the answers and renders that sets off (React Query tells its observers on timers). */
async function elapse(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let step = 0; step < 5; step++) await act(() => jest.advanceTimersByTimeAsync(1));
}

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
  api.mockReset();
  upload.mockReset();
});

afterEach(() => jest.useRealTimers());

describe('useTranscriptionJob', () => {
  it('uploads with progress, starts, polls every 5 s and stores the completed result', async () => {
    let reportProgress: (percent: number) => void = () => {};
    let finishUpload: () => void = () => {};
    upload.mockImplementation((_file, options) => {
      reportProgress = options?.onProgress ?? reportProgress;
      return new Promise((resolve) => (finishUpload = () => resolve({ upload_id: 'up-1' } as Awaited<ReturnType<typeof uploadRecording>>)));
    });
    const polls = serve([view({ status: 'processing', stage: 'transcribing' } as Partial<Transcript>), view({ status: 'complete', text: 'Hello there.', summary: 'A greeting.', topic: 'Greetings' })]);
    const { result } = renderJob();

    let started: Promise<boolean> = Promise.resolve(false);
    act(() => {
      started = result.current.submit(file, { ...DEFAULT_CHOICES, language: 'es' });
    });
    expect(result.current.phase).toEqual({ kind: 'uploading', filename: 'talk.wav', percent: 0 });
    expect(result.current.busy).toBe(true);
    act(() => reportProgress(40));
    expect(result.current.phase).toEqual({ kind: 'uploading', filename: 'talk.wav', percent: 40 });
    expect(upload.mock.calls[0]![1]?.checks).toEqual({ language: 'es', diarization: false });

    await act(async () => finishUpload());
    await expect(started).resolves.toBe(true);
    expect(api).toHaveBeenCalledWith('POST /api/transcribe', { body: expect.objectContaining({ upload_id: 'up-1', language: 'es' }) });
    expect(result.current.phase).toMatchObject({ kind: 'processing', id: ID });
    expect(window.localStorage.getItem(STORAGE_KEYS.processingId)).toBe(ID);

    await elapse(0);
    expect(polls).toHaveLength(1);
    expect(result.current.phase).toMatchObject({ kind: 'processing', stage: { stage: 'transcribing' } });

    // Not asked again before 5 s have passed; asked once they have.
    await elapse(4980);
    expect(polls).toHaveLength(1);
    await elapse(20);
    expect(polls).toHaveLength(2);

    expect(result.current.phase).toEqual({ kind: 'idle' });
    expect(result.current.result).toMatchObject({ id: ID, filename: 'talk.wav', transcript: 'Hello there.', summary: 'A greeting.', topic: 'Greetings' });
    expect(result.current.notice).toBe(TRANSCRIBE_TEXTS.completed);
    expect(result.current.arrival).toBe(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.processingId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.transcript)).toBe('Hello there.');

    // Complete: no more polls.
    await elapse(20_000);
    expect(polls).toHaveLength(2);
  });

  it('a failed job is offered for "Try again" with its reason, and its stored id goes', async () => {
    upload.mockResolvedValue({ upload_id: 'up-1' } as Awaited<ReturnType<typeof uploadRecording>>);
    serve([view({ status: 'failed', error: 'The recording has no speech.' } as Partial<Transcript>)]);
    const { result } = renderJob();

    await act(() => result.current.submit(file, DEFAULT_CHOICES));
    await elapse(0);

    expect(result.current.phase).toEqual({ kind: 'idle' });
    expect(result.current.failed).toEqual({ id: ID, name: 'talk.wav', reason: 'The recording has no speech.' });
    expect(result.current.result).toBeUndefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.processingId)).toBeNull();
  });

  it('a start the server refuses shows its words and stores nothing', async () => {
    upload.mockResolvedValue({ upload_id: 'up-1' } as Awaited<ReturnType<typeof uploadRecording>>);
    api.mockRejectedValue(new ApiRequestError(400, 'That language is not offered.', 'That language is not offered.', { error: 'That language is not offered.' }));
    const { result } = renderJob();

    let started: boolean | undefined;
    await act(async () => {
      started = await result.current.submit(file, DEFAULT_CHOICES);
    });

    expect(started).toBe(false);
    expect(result.current.phase).toEqual({ kind: 'idle' });
    expect(result.current.error).toEqual({ text: 'That language is not offered.' });
    expect(window.localStorage.getItem(STORAGE_KEYS.processingId)).toBeNull();
  });

  it('a stored processing id is offered, and resuming polls it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.processingId, ID);
    const polls = serve([view({ status: 'complete', text: 'Back again.' })]);
    const { result } = renderJob();
    expect(result.current.resumeId).toBe(ID);
    expect(polls).toHaveLength(0);

    act(() => result.current.resume());
    await elapse(0);

    expect(polls).toEqual([{ params: { id: ID } }]);
    expect(result.current.result).toMatchObject({ id: ID, transcript: 'Back again.' });
    expect(result.current.resumeId).toBeUndefined();
  });

  it('a new storage object on every render does not set the job off again: one poll per 5 s and a few renders', async () => {
    upload.mockResolvedValue({ upload_id: 'up-1' } as Awaited<ReturnType<typeof uploadRecording>>);
    const polls = serve([view({ status: 'processing', stage: 'transcribing' } as Partial<Transcript>), view({ status: 'complete', text: 'Done.' })]);
    const writes = jest.spyOn(Storage.prototype, 'setItem');
    const { result, renders } = renderJob({ freshStorage: true });

    await act(() => result.current.submit(file, DEFAULT_CHOICES));
    await elapse(0);
    expect(result.current.phase).toMatchObject({ kind: 'processing', stage: { stage: 'transcribing' } });
    const settled = renders.count;
    await elapse(1000);
    // Nothing arrived in that second: no render, and the processing id was stored once.
    expect(renders.count).toBe(settled);
    expect(settled).toBeLessThan(20);
    expect(writes.mock.calls.filter(([key]) => key === STORAGE_KEYS.processingId)).toHaveLength(1);

    await elapse(4000);
    expect(polls).toHaveLength(2);
    expect(result.current.result).toMatchObject({ transcript: 'Done.' });
    expect(writes.mock.calls.filter(([key]) => key === STORAGE_KEYS.transcript)).toHaveLength(1);
    writes.mockRestore();
  });
});
