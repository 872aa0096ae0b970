/**
 * The queue of several files (issue 15, point 2): a store that lives for the signed-in session in this
 * browser tab (UploadQueueProvider, above the dashboard's tabs), so it keeps going while the user
 * browses the rest of the app. Each file is checked by its first bytes as soon as it is added; on
 * Transcribe the ready ones are uploaded at most QUEUE_UPLOADS at a time with the same options, started,
 * and asked for every 5 s until complete or failed. The network and the timers are injected; unit-tested.
 */
import { concurrencyLimit } from '@domain/concurrency';
import { TRANSCRIPT_POLL_INTERVAL_MS } from '@domain/constants';
import { MEDIA_SNIFF_BYTES } from '@domain/media-type';
import { UPLOAD_QUEUE_TEXTS } from '../texts';
import type { StageOf } from '@web/transcript/stage';
import { isUnauthorized } from '@web/lib/api-client';
import type { CompletedUpload, UploadOptions } from '../api/upload';
import { failedJobText, isAbort, transcribeErrorText } from '../errors';
import { transcribeBody, type TranscribeChoices, type TranscribeUploadedBody } from '../options';
import { isSending, isSettled, mediaRefusal, queueReducer, type QueueAction, type QueueRow } from './queue-state';

/** Files uploaded at the same time (each may itself send a few parts at once). */
export const QUEUE_UPLOADS = 2;

export interface QueueDeps {
  readHead(file: Blob): Promise<Uint8Array>;
  upload(file: File, options: Pick<UploadOptions, 'checks' | 'signal' | 'onProgress'>): Promise<CompletedUpload>;
  start(body: TranscribeUploadedBody): Promise<{ id: string }>;
  getTranscript(id: string): Promise<{ status?: string | undefined; error?: string | null | undefined } & StageOf>;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface UploadQueue {
  rows(): readonly QueueRow[];
  subscribe(listener: () => void): () => void;
  /** Adds files; while a batch is being sent they join it with its options. `onStarted`: told of each file once its job has started. */
  add(files: readonly File[], onStarted?: (file: File) => void): void;
  /** Sends every ready row with `choices`. */
  start(choices: TranscribeChoices): void;
  /** The options of the batch being sent; undefined when nothing is. */
  sendingChoices(): TranscribeChoices | undefined;
  cancel(key: string): void;
  /** A failed row's job was started again ("Try again"): it is followed again. */
  retried(key: string): void;
  remove(key: string): void;
  /** Stops everything (signed out, or the app left). */
  dispose(): void;
}

export const readHead = async (file: Blob): Promise<Uint8Array> => new Uint8Array(await file.slice(0, MEDIA_SNIFF_BYTES).arrayBuffer());

/** Why a file can't be sent, by its size and first bytes; undefined when it can. */
async function refusalOf(deps: QueueDeps, file: File): Promise<string | undefined> {
  try {
    return mediaRefusal(file.size, await deps.readHead(file));
  } catch {
    // Unreadable here (moved or removed since it was picked): the upload would fail the same way.
    return UPLOAD_QUEUE_TEXTS.unreadable;
  }
}

/**
 * The row's job asked for again: its status, stage and, when failed, the reason in words; a failed call
 * in words on the row; nothing for a 401 (the shared rule: toast, then /login, which ends this queue).
 */
async function pollAction(deps: QueueDeps, key: string, id: string): Promise<QueueAction | undefined> {
  try {
    const transcript = await deps.getTranscript(id);
    const status = transcript.status ?? 'processing';
    const { stage = null, progress = null, queue_position = null } = transcript;
    return { type: 'polled', key, status, error: status === 'failed' ? failedJobText(transcript.error) : undefined, stage: { stage, progress, queue_position } };
  } catch (error) {
    return isUnauthorized(error) ? undefined : { type: 'failed', key, reason: transcribeErrorText(error) };
  }
}

/** Uploads `file` (telling its progress) and starts its job with `choices`: the job's id, or undefined when cancelled before the start. */
async function uploadAndStart(
  deps: QueueDeps,
  file: File,
  choices: TranscribeChoices,
  signal: AbortSignal,
  tell: (action: { type: 'progress'; percent: number } | { type: 'starting' }) => void,
): Promise<string | undefined> {
  const upload = await deps.upload(file, {
    checks: { language: choices.language, diarization: choices.diarization },
    signal,
    onProgress: (percent) => tell({ type: 'progress', percent }),
  });
  if (signal.aborted) return undefined;
  tell({ type: 'starting' });
  return (await deps.start(transcribeBody(upload.upload_id, choices))).id;
}

/** What the steps of sending a row share: the rows' state, and each row's file, callback, upload and timer. */
interface QueueContext {
  deps: QueueDeps;
  dispatch: (action: QueueAction) => void;
  stateOf: (key: string) => QueueRow['state'] | undefined;
  /** The file and its callback are no longer needed: started, cancelled before sending, or removed. */
  letGo: (key: string) => void;
  isDisposed: () => boolean;
  files: Map<string, File>;
  startedCallbacks: Map<string, () => void>;
  aborts: Map<string, AbortController>;
  timers: Map<string, unknown>;
}

/** Asks for the row's job again every few seconds until it is complete or failed. */
function pollRow(ctx: QueueContext, key: string, id: string): void {
  const askAgain = async () => {
    ctx.timers.delete(key);
    if (ctx.isDisposed()) return;
    const action = await pollAction(ctx.deps, key, id);
    if (action) ctx.dispatch(action);
    if (action?.type === 'polled' && action.status !== 'complete' && action.status !== 'failed') pollRow(ctx, key, id);
  };
  ctx.timers.set(key, ctx.deps.setTimer(askAgain, TRANSCRIPT_POLL_INTERVAL_MS));
}

/** Sends a waiting row (upload, then start) and polls its job; a cancel or a failure ends the row. */
async function sendRow(ctx: QueueContext, key: string, choices: TranscribeChoices): Promise<void> {
  const file = ctx.files.get(key);
  if (!file || ctx.stateOf(key)?.kind !== 'waiting') return;
  const abort = new AbortController();
  ctx.aborts.set(key, abort);
  try {
    const id = await uploadAndStart(ctx.deps, file, choices, abort.signal, (action) => ctx.dispatch({ ...action, key }));
    if (id === undefined) return;
    ctx.dispatch({ type: 'started', key, id });
    ctx.startedCallbacks.get(key)?.();
    ctx.letGo(key);
    pollRow(ctx, key, id);
  } catch (error) {
    ctx.startedCallbacks.delete(key);
    if (isAbort(error) || abort.signal.aborted) ctx.dispatch({ type: 'cancelled', key });
    else if (!isUnauthorized(error)) ctx.dispatch({ type: 'failed', key, reason: transcribeErrorText(error) });
  } finally {
    ctx.aborts.delete(key);
  }
}

export function createUploadQueue(deps: QueueDeps): UploadQueue {
  let rows: readonly QueueRow[] = [];
  let batch: TranscribeChoices | undefined;
  let disposed = false;
  let nextKey = 0;
  const listeners = new Set<() => void>();
  const files = new Map<string, File>();
  const startedCallbacks = new Map<string, () => void>();
  const aborts = new Map<string, AbortController>();
  const timers = new Map<string, unknown>();
  const turn = concurrencyLimit(QUEUE_UPLOADS);

  const dispatch = (action: QueueAction) => {
    if (disposed) return;
    rows = queueReducer(rows, action);
    // The batch's options hold while any row of it is still being sent.
    if (!rows.some((row) => isSending(row.state))) batch = undefined;
    for (const listener of listeners) listener();
  };
  const stateOf = (key: string) => rows.find((row) => row.key === key)?.state;
  const letGo = (key: string) => {
    files.delete(key);
    startedCallbacks.delete(key);
  };
  const ctx: QueueContext = { deps, dispatch, stateOf, letGo, isDisposed: () => disposed, files, startedCallbacks, aborts, timers };

  const enqueue = (keys: string[], choices: TranscribeChoices) => {
    dispatch({ type: 'enqueue', keys });
    for (const key of keys) if (stateOf(key)?.kind === 'waiting') void turn(() => sendRow(ctx, key, choices));
  };

  const check = async (key: string, file: File) => {
    const refusal = await refusalOf(deps, file);
    dispatch({ type: 'checked', key, refusal });
    if (!refusal && batch && stateOf(key)?.kind === 'ready') enqueue([key], batch);
  };

  return {
    rows: () => rows,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(added, onStarted) {
      const entries = added.map((file) => ({ key: `f${(nextKey += 1)}`, file }));
      for (const { key, file } of entries) {
        files.set(key, file);
        if (onStarted) startedCallbacks.set(key, () => onStarted(file));
      }
      dispatch({ type: 'add', rows: entries.map(({ key, file }) => ({ key, name: file.name, size: file.size })) });
      for (const { key, file } of entries) void check(key, file);
    },
    start(choices) {
      const ready = rows.filter((row) => row.state.kind === 'ready').map((row) => row.key);
      if (ready.length === 0) return;
      batch = { ...choices, tags: [...choices.tags] };
      enqueue(ready, batch);
    },
    sendingChoices: () => batch,
    cancel(key) {
      const abort = aborts.get(key);
      if (abort) return abort.abort(); // Being sent: the abort ends it as 'cancelled'.
      letGo(key);
      dispatch({ type: 'cancelled', key });
    },
    retried(key) {
      const before = stateOf(key);
      dispatch({ type: 'retried', key });
      const after = stateOf(key);
      if (before?.kind === 'failed' && after?.kind === 'processing') pollRow(ctx, key, after.id);
    },
    remove(key) {
      const state = stateOf(key);
      if (!state || !(isSettled(state) || state.kind === 'ready')) return;
      letGo(key);
      dispatch({ type: 'remove', key });
    },
    dispose() {
      for (const abort of aborts.values()) abort.abort();
      for (const timer of timers.values()) deps.clearTimer(timer);
      disposed = true;
      listeners.clear();
      files.clear();
      startedCallbacks.clear();
    },
  };
}
