/**
 * The transcription job of the Transcribe tab (docs/product.md#states): upload with progress → start →
 * processing (the id stored locally, the transcript asked for every 5 s) → complete (the result stored
 * locally, `arrival` counts up) or failed (an error text). A stored processing id is offered for resuming.
 */
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TRANSCRIBE_TEXTS } from './texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { announceReady } from '@web/transcript/job-notice';
import { isComplete, isFailed, transcriptQueryOptions, type Transcript } from '@web/transcript/api/get-transcript';
import { startTranscription } from './api/transcribe';
import { uploadRecording } from './api/upload';
import type { JobPhase } from './components/job-status';
import { failedJobText, isAbort, transcribeErrorText } from './errors';
import { DEFAULT_CHOICES, transcribeBody, type TranscribeChoices } from './options';
import type { StoredResult, TranscribeStorage } from './storage';

const T = TRANSCRIBE_TEXTS;

export interface JobError {
  text: string;
  /** The file input is what is wrong (it gets the focus and the error style). */
  field?: 'file';
}

/** A job that ended failed: its reason, and the transcript "Try again" runs again. */
export interface FailedRun {
  id: string;
  name: string;
  reason: string;
}

const resultOf = (transcript: Transcript, id: string): StoredResult => ({
  id: transcript.id ?? id,
  ...(transcript.filename ? { filename: transcript.filename } : {}),
  transcript: transcript.text ?? '',
  summary: transcript.summary ?? '',
  topic: transcript.topic ?? '',
  audioUrl: transcript.audio_url ?? '',
  ...(transcript.media_kind ? { mediaKind: transcript.media_kind } : {}),
  wordTimings: transcript.word_timings ?? [],
});

/** What following a job changes in the hook's state (React's setters: the same functions on every render). */
interface JobSetters {
  setPhase: Dispatch<SetStateAction<JobPhase>>;
  setError: (error: JobError | undefined) => void;
  setNotice: (notice: string | undefined) => void;
  setFailed: (failed: FailedRun | undefined) => void;
  setResult: (result: StoredResult | undefined) => void;
  setArrival: Dispatch<SetStateAction<number>>;
}

/** Processing: GET /api/transcripts/{id} every 5000 ms until complete or failed, and what each answer changes. */
function useFollowJob(phase: JobPhase, storageRef: RefObject<TranscribeStorage>, { setPhase, setError, setNotice, setFailed, setResult, setArrival }: JobSetters): void {
  const processingId = phase.kind === 'processing' ? phase.id : undefined;
  const poll = useQuery({ ...transcriptQueryOptions(processingId ?? '', { poll: true }), enabled: processingId !== undefined });
  const polled = processingId !== undefined ? poll.data : undefined;
  const pollError = processingId !== undefined && poll.isError ? poll.error : undefined;

  useEffect(() => {
    if (processingId === undefined) return;
    const storage = storageRef.current;
    if (pollError) {
      // docs/product.md#states: not found or an error clears the stored id.
      storage.clearProcessingId();
      setPhase({ kind: 'idle' });
      if (!isUnauthorized(pollError)) setError({ text: transcribeErrorText(pollError) });
      return;
    }
    if (!polled) return;
    const { stage, progress, queue_position } = polled;
    setPhase((current) => (current.kind === 'processing' ? { ...current, filename: current.filename ?? polled.filename, stage: { stage, progress, queue_position } } : current));
    if (isComplete(polled)) {
      const done = resultOf(polled, processingId);
      storage.writeResult(done);
      storage.clearProcessingId();
      setResult(done);
      setPhase({ kind: 'idle' });
      setNotice(T.completed);
      setArrival((count) => count + 1);
      announceReady(done.filename ?? TRANSCRIPTS_TEXTS.detailTitle);
    } else if (isFailed(polled)) {
      storage.clearProcessingId();
      setPhase({ kind: 'idle' });
      setFailed({ id: processingId, name: polled.filename ?? TRANSCRIPTS_TEXTS.detailTitle, reason: failedJobText(polled.error) });
    }
  }, [processingId, polled, pollError]);
}

export function useTranscriptionJob(storage: TranscribeStorage) {
  const [phase, setPhase] = useState<JobPhase>({ kind: 'idle' });
  const [error, setError] = useState<JobError | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [failed, setFailed] = useState<FailedRun | undefined>();
  const [result, setResult] = useState<StoredResult | undefined>(() => storage.readResult());
  const [resumeId, setResumeId] = useState<string | undefined>(() => storage.readProcessingId());
  /** Counts completions: each one scrolls, flashes and plays once. */
  const [arrival, setArrival] = useState(0);
  const uploadAbort = useRef<AbortController | null>(null);
  // The storage is used by the handlers and the poll's effect but is no reason to run that effect again:
  // a caller passing a new storage object on every render would otherwise loop (render → effect → setPhase).
  const storageRef = useRef(storage);
  useEffect(() => {
    storageRef.current = storage;
  }, [storage]);

  // Leaving the tab stops an upload in flight (a job already started goes on; its id is stored).
  useEffect(() => () => uploadAbort.current?.abort(), []);

  const busy = phase.kind === 'uploading' || phase.kind === 'starting';

  /** Resolves true once the job has started: the server holds the recording (a recording kept in the browser may go). */
  const submit = async (file: File, choices: TranscribeChoices): Promise<boolean> => {
    if (busy) return false;
    setNotice(undefined);
    // docs/product.md#states: starting a new transcription clears local storage (see storage.ts for what stays).
    storage.clearAll();
    setResumeId(undefined);
    setResult(undefined);
    setError(undefined);
    setFailed(undefined);
    const controller = new AbortController();
    uploadAbort.current = controller;
    setPhase({ kind: 'uploading', filename: file.name, percent: 0 });
    try {
      const upload = await uploadRecording(file, {
        checks: { language: choices.language || DEFAULT_CHOICES.language, diarization: choices.diarization },
        signal: controller.signal,
        onProgress: (percent) => setPhase((current) => (current.kind === 'uploading' ? { ...current, percent } : current)),
      });
      setPhase({ kind: 'starting', filename: file.name });
      const answer = await startTranscription(transcribeBody(upload.upload_id, choices));
      storage.writeProcessingId(answer.id);
      setPhase({ kind: 'processing', id: answer.id, filename: answer.filename ?? file.name });
      return true;
    } catch (caught) {
      setPhase({ kind: 'idle' });
      if (isAbort(caught)) setNotice(T.uploadCancelled);
      // A 401 is the shared rule (toast, then /login): nothing to add here.
      else if (!isUnauthorized(caught)) setError({ text: transcribeErrorText(caught) });
      return false;
    } finally {
      if (uploadAbort.current === controller) uploadAbort.current = null;
    }
  };

  useFollowJob(phase, storageRef, { setPhase, setError, setNotice, setFailed, setResult, setArrival });

  /** "Try again" started the failed job's new run: it is followed like any job (and resumable). */
  const retried = (view: Transcript) => {
    setFailed(undefined);
    storage.writeProcessingId(view.id);
    setPhase({ kind: 'processing', id: view.id, filename: view.filename });
  };

  const resume = () => {
    if (!resumeId) return;
    setError(undefined);
    setPhase({ kind: 'processing', id: resumeId });
    setResumeId(undefined);
  };
  const decline = () => {
    storage.clearProcessingId();
    setResumeId(undefined);
  };

  return { phase, error, setError, failed, retried, notice, setNotice, result, resumeId, arrival, busy, submit, cancel: () => uploadAbort.current?.abort(), resume, decline };
}
