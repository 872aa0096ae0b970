/** Issue 15, point 2: the queue of several files, its reducer, its checks before any upload, and the store with fake network and timers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../functions/domain/constants';
import { MESSAGES } from '../../functions/domain/messages';
import { ApiRequestError } from '../../web/src/lib/api-client';
import { abortError } from '../../web/src/features/transcribe/api/upload';
import { DEFAULT_CHOICES } from '../../web/src/features/transcribe/options';
import { mediaRefusal, optionsRefusal, queueReducer, queueSummary, type QueueRow } from '../../web/src/features/transcribe/queue/queue-state';
import { createUploadQueue, QUEUE_UPLOADS, type QueueDeps } from '../../web/src/features/transcribe/queue/upload-queue';

const media = (name: string): Uint8Array<ArrayBuffer> => new Uint8Array(readFileSync(join(__dirname, '../fixtures/media', name)));
const row = (key: string, state: QueueRow['state']): QueueRow => ({ key, name: `${key}.mp3`, size: 10, state });

describe('queue reducer', () => {
  test('a row goes checking → ready → waiting → uploading → starting → processing → complete', () => {
    let rows = queueReducer([], { type: 'add', rows: [{ key: 'a', name: 'a.mp3', size: 10 }] });
    expect(rows[0]!.state).toEqual({ kind: 'checking' });
    rows = queueReducer(rows, { type: 'checked', key: 'a', refusal: undefined });
    expect(rows[0]!.state).toEqual({ kind: 'ready' });
    rows = queueReducer(rows, { type: 'enqueue', keys: ['a'] });
    expect(rows[0]!.state).toEqual({ kind: 'waiting' });
    rows = queueReducer(rows, { type: 'progress', key: 'a', percent: 40 });
    expect(rows[0]!.state).toEqual({ kind: 'uploading', percent: 40 });
    rows = queueReducer(rows, { type: 'starting', key: 'a' });
    rows = queueReducer(rows, { type: 'started', key: 'a', id: 't1' });
    expect(rows[0]!.state).toEqual({ kind: 'processing', id: 't1' });
    const stage = { stage: 'transcribing' as const, progress: 0.4, queue_position: null };
    rows = queueReducer(rows, { type: 'polled', key: 'a', status: 'processing', stage });
    expect(rows[0]!.state).toEqual({ kind: 'processing', id: 't1', stage });
    rows = queueReducer(rows, { type: 'polled', key: 'a', status: 'complete' });
    expect(rows[0]!.state).toEqual({ kind: 'complete', id: 't1' });
  });

  test('a refused file is never queued; a failed job keeps its id and reason', () => {
    let rows = queueReducer([row('a', { kind: 'checking' }), row('b', { kind: 'processing', id: 't2' })], { type: 'checked', key: 'a', refusal: 'Not audio.' });
    rows = queueReducer(rows, { type: 'enqueue', keys: ['a'] });
    expect(rows[0]!.state).toEqual({ kind: 'refused', reason: 'Not audio.' });
    rows = queueReducer(rows, { type: 'polled', key: 'b', status: 'failed', error: 'No speech.' });
    expect(rows[1]!.state).toEqual({ kind: 'failed', reason: 'No speech.', id: 't2' });
    // "Try again" on the server: followed again from the start.
    rows = queueReducer(rows, { type: 'retried', key: 'b' });
    expect(rows[1]!.state).toEqual({ kind: 'processing', id: 't2' });
    // An upload that failed has no job to run again.
    expect(queueReducer([row('c', { kind: 'failed', reason: 'x' })], { type: 'retried', key: 'c' })[0]!.state.kind).toBe('failed');
  });

  test('late events do not move a row back: progress after cancel, a check after cancel, a second failure', () => {
    let rows = queueReducer([row('a', { kind: 'uploading', percent: 10 })], { type: 'cancelled', key: 'a' });
    rows = queueReducer(rows, { type: 'progress', key: 'a', percent: 50 });
    expect(rows[0]!.state).toEqual({ kind: 'cancelled' });
    rows = queueReducer([row('b', { kind: 'checking' })], { type: 'cancelled', key: 'b' });
    rows = queueReducer(rows, { type: 'checked', key: 'b', refusal: undefined });
    expect(rows[0]!.state).toEqual({ kind: 'cancelled' });
    rows = queueReducer([row('c', { kind: 'complete', id: 't' })], { type: 'failed', key: 'c', reason: 'late' });
    expect(rows[0]!.state).toEqual({ kind: 'complete', id: 't' });
    // A job on the server can't be cancelled from here.
    rows = queueReducer([row('d', { kind: 'processing', id: 't' })], { type: 'cancelled', key: 'd' });
    expect(rows[0]!.state.kind).toBe('processing');
  });

  test('remove takes only rows that are done with (or not yet sent)', () => {
    const rows = [row('a', { kind: 'uploading', percent: 1 }), row('b', { kind: 'complete', id: 't' }), row('c', { kind: 'ready' })];
    expect(queueReducer(rows, { type: 'remove', key: 'a' })).toHaveLength(3);
    expect(queueReducer(queueReducer(rows, { type: 'remove', key: 'b' }), { type: 'remove', key: 'c' }).map((item) => item.key)).toEqual(['a']);
  });

  test('summary counts for the live region', () => {
    expect(queueSummary([row('a', { kind: 'ready' }), row('b', { kind: 'uploading', percent: 3 }), row('c', { kind: 'refused', reason: 'x' }), row('d', { kind: 'complete', id: 't' })])).toEqual({
      total: 4,
      ready: 1,
      sending: 1,
      processing: 0,
      complete: 1,
      failed: 0,
      refused: 1,
    });
  });
});

describe('checks before any upload, with the server’s own rules and messages', () => {
  test('type by the bytes, size, and an empty file', () => {
    expect(mediaRefusal(5000, media('tone.mp3'))).toBeUndefined();
    expect(mediaRefusal(5000, media('tone-audio.webm'))).toBeUndefined();
    expect(mediaRefusal(5000, media('tone.opus'))).toBeUndefined();
    expect(mediaRefusal(5000, new TextEncoder().encode('Meeting notes, typed.'.repeat(50)))).toBe(MESSAGES.notMedia);
    expect(mediaRefusal(MAX_UPLOAD_BYTES + 1, media('tone.mp3'))).toMatch(/too large/);
    expect(mediaRefusal(0, new Uint8Array())).toBe(MESSAGES.emptyFile);
  });

  test('language and speaker identification against what the server can do; nothing said before it answered', () => {
    const capabilities = { transcription: { languages: ['English'], speaker_identification: false, max_speakers: 10 } };
    expect(optionsRefusal({ language: 'en', diarization: false }, capabilities)).toBeUndefined();
    expect(optionsRefusal({ language: 'fr', diarization: false }, capabilities)).toBe(MESSAGES.languageNotTranscribable('French'));
    expect(optionsRefusal({ language: 'en', diarization: true }, capabilities)).toBe(MESSAGES.speakersUnavailable);
    expect(optionsRefusal({ language: 'fr', diarization: true }, undefined)).toBeUndefined();
  });
});

describe('the queue store', () => {
  const file = (name: string, bytes: Uint8Array<ArrayBuffer> = media('tone.mp3')) => new File([bytes], name, { type: 'audio/mpeg' });

  /** Fake network: uploads wait until released; timers run when told. */
  function fakes() {
    const uploads: { name: string; release: () => void; fail: (error: unknown) => void; progress: (percent: number) => void; signal: AbortSignal | undefined }[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const statuses = new Map<string, string[]>();
    let started = 0;
    const deps: QueueDeps = {
      readHead: async (blob) => new Uint8Array(await blob.slice(0, 65536).arrayBuffer()),
      upload: (upload, { signal, onProgress }) =>
        new Promise((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(abortError()));
          uploads.push({ name: upload.name, release: () => resolve({ upload_id: `u-${upload.name}`, media_type: 'audio/mpeg', kind: 'audio' }), fail: reject, progress: (percent) => onProgress?.(percent), signal });
        }),
      start: async (body) => ({ id: `t${(started += 1)}-${body.upload_id}` }),
      getTranscript: async (id) => ({ status: statuses.get(id)?.shift() ?? 'processing' }),
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => {},
    };
    return { deps, uploads, timers, statuses };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const states = (queue: ReturnType<typeof createUploadQueue>) => queue.rows().map((item) => `${item.name}:${item.state.kind}`);

  test(`marks refused files before any upload, sends the rest at most ${QUEUE_UPLOADS} at a time with the same options, then polls every 5 s`, async () => {
    const { deps, uploads, timers, statuses } = fakes();
    const queue = createUploadQueue(deps);
    const startedFiles: string[] = [];
    queue.add([file('a.mp3'), file('notes.mp3', new TextEncoder().encode('typed notes '.repeat(100))), file('b.mp3'), file('c.mp3')], (started) => startedFiles.push(started.name));
    await settle();
    expect(states(queue)).toEqual(['a.mp3:ready', 'notes.mp3:refused', 'b.mp3:ready', 'c.mp3:ready']);
    expect(uploads).toHaveLength(0);

    const choices = { ...DEFAULT_CHOICES, language: 'en', tags: ['legal'] };
    queue.start(choices);
    await settle();
    expect(uploads.map((upload) => upload.name)).toEqual(['a.mp3', 'b.mp3']);
    expect(queue.sendingChoices()).toEqual(choices);
    uploads[0]!.progress(50);
    expect(queue.rows()[0]!.state).toEqual({ kind: 'uploading', percent: 50 });

    uploads[0]!.release();
    await settle();
    // a.mp3 started: its slot goes to c.mp3.
    expect(uploads.map((upload) => upload.name)).toEqual(['a.mp3', 'b.mp3', 'c.mp3']);
    expect(queue.rows()[0]!.state).toEqual({ kind: 'processing', id: 't1-u-a.mp3' });
    // Told once the server holds it (a recording's copy in the browser may go then), not before.
    expect(startedFiles).toEqual(['a.mp3']);
    expect(timers.map((timer) => timer.ms)).toEqual([5000]);

    statuses.set('t1-u-a.mp3', ['processing', 'complete']);
    timers.shift()!.run();
    await settle();
    expect(queue.rows()[0]!.state).toMatchObject({ kind: 'processing' });
    timers.shift()!.run();
    await settle();
    expect(queue.rows()[0]!.state).toEqual({ kind: 'complete', id: 't1-u-a.mp3' });
    expect(timers).toHaveLength(0);
    queue.dispose();
  });

  test('Cancel stops an upload (the others go on), a failure is said on its row, and a file added meanwhile joins the batch', async () => {
    const { deps, uploads } = fakes();
    const queue = createUploadQueue(deps);
    queue.add([file('a.mp3'), file('b.mp3')]);
    await settle();
    queue.start({ ...DEFAULT_CHOICES, tags: [] });
    await settle();
    queue.cancel(queue.rows()[0]!.key);
    await settle();
    expect(uploads[0]!.signal?.aborted).toBe(true);
    // b.mp3's upload has begun; it says 'uploading' from its first progress report.
    expect(states(queue)).toEqual(['a.mp3:cancelled', 'b.mp3:waiting']);

    queue.add([file('c.mp3')]);
    await settle();
    expect(states(queue)[2]).toBe('c.mp3:waiting');
    expect(uploads.map((upload) => upload.name)).toEqual(['a.mp3', 'b.mp3', 'c.mp3']);

    uploads[1]!.fail(new ApiRequestError(413, 'Too large.', 'The file is too large.', {}));
    await settle();
    expect(queue.rows()[1]!.state).toEqual({ kind: 'failed', reason: 'The file is too large.' });
    queue.dispose();
  });
});
