/**
 * The queue of several files (issue 15, point 2) as plain state and one reducer: each row goes
 * checking → ready (or refused, before any upload) → waiting → uploading (percent) → starting →
 * processing (the transcript id, polled) → complete | failed; or cancelled. Pure; unit-tested.
 *
 * The refusals are the server's own checks on the same shared rules: the file's real type, size and
 * duration by its first bytes (domain/media-inspection.ts), and the language and speaker option
 * against what this server says it can do (GET /api/capabilities), with the server's own messages.
 */
import type { CapabilitiesView } from '@contract';
import { AUTO_LANGUAGE, findLanguage } from '@domain/languages';
import { inspectMedia, isRefusal } from '@domain/media-inspection';
import { MESSAGES } from '@domain/messages';
import type { StageOf } from '@web/transcript/stage';

export type RowState =
  | { kind: 'checking' }
  | { kind: 'refused'; reason: string }
  | { kind: 'ready' }
  | { kind: 'waiting' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'starting' }
  | { kind: 'processing'; id: string; stage?: StageOf | undefined }
  | { kind: 'complete'; id: string }
  | { kind: 'failed'; reason: string; id?: string | undefined }
  | { kind: 'cancelled' };

export interface QueueRow {
  key: string;
  name: string;
  size: number;
  state: RowState;
}

export type QueueAction =
  | { type: 'add'; rows: { key: string; name: string; size: number }[] }
  | { type: 'checked'; key: string; refusal: string | undefined }
  /** Transcribe was pressed (or rows joined a batch being sent): ready rows wait their turn. */
  | { type: 'enqueue'; keys: readonly string[] }
  | { type: 'progress'; key: string; percent: number }
  | { type: 'starting'; key: string }
  | { type: 'started'; key: string; id: string }
  | { type: 'polled'; key: string; status: string; error?: string | undefined; stage?: StageOf | undefined }
  /** "Try again" started a failed job anew on the server. */
  | { type: 'retried'; key: string }
  | { type: 'failed'; key: string; reason: string }
  | { type: 'cancelled'; key: string }
  | { type: 'remove'; key: string };

const update = (rows: readonly QueueRow[], key: string, change: (row: QueueRow) => RowState | undefined): QueueRow[] =>
  rows.map((row) => {
    if (row.key !== key) return row;
    const state = change(row);
    return state ? { ...row, state } : row;
  });

/** Rows that are done with, one way or another: no more work for them. */
export const isSettled = (state: RowState): boolean => ['refused', 'complete', 'failed', 'cancelled'].includes(state.kind);
/** Rows whose bytes or start are under way or due: the form's choices are fixed for them. */
export const isSending = (state: RowState): boolean => ['waiting', 'uploading', 'starting'].includes(state.kind);
/** Cancel stops these (before the server holds the recording); afterwards the job runs on. */
export const isCancellable = (state: RowState): boolean => ['checking', 'ready', 'waiting', 'uploading', 'starting'].includes(state.kind);

export function queueReducer(rows: readonly QueueRow[], action: QueueAction): QueueRow[] {
  switch (action.type) {
    case 'add':
      return [...rows, ...action.rows.map((row) => ({ ...row, state: { kind: 'checking' } as const }))];
    case 'checked':
      return update(rows, action.key, (row) => (row.state.kind !== 'checking' ? undefined : action.refusal ? { kind: 'refused', reason: action.refusal } : { kind: 'ready' }));
    case 'enqueue': {
      const keys = new Set(action.keys);
      return rows.map((row) => (keys.has(row.key) && row.state.kind === 'ready' ? { ...row, state: { kind: 'waiting' } } : row));
    }
    case 'progress':
      return update(rows, action.key, (row) => (row.state.kind === 'waiting' || row.state.kind === 'uploading' ? { kind: 'uploading', percent: action.percent } : undefined));
    case 'starting':
      return update(rows, action.key, (row) => (row.state.kind === 'uploading' || row.state.kind === 'waiting' ? { kind: 'starting' } : undefined));
    case 'started':
      return update(rows, action.key, (row) => (row.state.kind === 'starting' ? { kind: 'processing', id: action.id } : undefined));
    case 'polled':
      return update(rows, action.key, (row) => {
        if (row.state.kind !== 'processing') return undefined;
        if (action.status === 'complete') return { kind: 'complete', id: row.state.id };
        if (action.status === 'failed') return { kind: 'failed', reason: action.error?.trim() || '', id: row.state.id };
        return { kind: 'processing', id: row.state.id, stage: action.stage };
      });
    case 'retried':
      return update(rows, action.key, (row) => (row.state.kind === 'failed' && row.state.id ? { kind: 'processing', id: row.state.id } : undefined));
    case 'failed':
      return update(rows, action.key, (row) => (isSettled(row.state) ? undefined : { kind: 'failed', reason: action.reason }));
    case 'cancelled':
      return update(rows, action.key, (row) => (isCancellable(row.state) ? { kind: 'cancelled' } : undefined));
    case 'remove':
      return rows.filter((row) => row.key !== action.key || !(isSettled(row.state) || row.state.kind === 'ready'));
  }
}

/** What the server would refuse about the file itself, from its size and first bytes; undefined: nothing. */
export function mediaRefusal(size: number, head: Uint8Array): string | undefined {
  const result = inspectMedia(size, head);
  return isRefusal(result) ? result.message : undefined;
}

/** What the server would refuse about the options chosen for every file; undefined before the server has said what it can do. */
export function optionsRefusal(options: { language: string; diarization: boolean }, capabilities: Pick<CapabilitiesView, 'transcription'> | undefined): string | undefined {
  if (!capabilities) return undefined;
  const name = findLanguage(options.language)?.name ?? options.language;
  if (options.language !== AUTO_LANGUAGE && !capabilities.transcription.languages.includes(name)) return MESSAGES.languageNotTranscribable(name);
  if (options.diarization && !capabilities.transcription.speaker_identification) return MESSAGES.speakersUnavailable;
  return undefined;
}

/** How far the queue is, for its one polite live region. */
export function queueSummary(rows: readonly QueueRow[]): { total: number; sending: number; processing: number; complete: number; failed: number; refused: number; ready: number } {
  const count = (...kinds: RowState['kind'][]) => rows.filter((row) => kinds.includes(row.state.kind)).length;
  return {
    total: rows.length,
    sending: count('waiting', 'uploading', 'starting'),
    processing: count('processing'),
    complete: count('complete'),
    failed: count('failed', 'cancelled'),
    refused: count('refused'),
    ready: count('ready', 'checking'),
  };
}
