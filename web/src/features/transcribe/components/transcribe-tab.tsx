import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { isComplete, isFailed, transcriptQueryOptions, type Transcript } from '@web/lib/transcripts/get-transcript';
import { SummaryBox } from '@web/components/transcript/summary-box';
import { TranscriptPlayer, type TranscriptPlayerHandle } from '@web/components/transcript/transcript-player';
import { startTranscription } from '../api/transcribe';
import { uploadRecording } from '../api/upload';
import { failedJobText, isAbort, transcribeErrorText } from '../errors';
import { DEFAULT_CHOICES, transcribeBody, type TranscribeChoices } from '../options';
import { transcribeStorage, type StoredResult } from '../storage';
import { AUTOPLAY_DELAY_MS, HIGHLIGHT_FLASH_MS } from '../timing';
import { JobStatus, type JobPhase } from './job-status';
import { ResumeDialog } from './resume-dialog';
import { TranscribeForm } from './transcribe-form';
import '../transcribe.css';

const T = TEXTS.transcribe;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

const resultOf = (transcript: Transcript, id: string): StoredResult => ({
  id: transcript.id ?? id,
  ...(transcript.filename ? { filename: transcript.filename } : {}),
  transcript: transcript.text ?? '',
  summary: transcript.summary ?? '',
  topic: transcript.topic ?? '',
  audioUrl: transcript.audio_url ?? '',
  wordTimings: transcript.word_timings ?? [],
});

/**
 * SPEC.md section 2, the Transcribe tab, with the transcription states of section 4:
 * submitted (upload with progress, then the start) → processing (id stored locally, the transcript
 * asked for every 5 s) → complete (results stored locally, the view scrolls to the transcript, which
 * flashes for 3 s, and the audio plays after 0.5 s), or an error alert (section 8).
 * Opening the tab with a stored processing id asks 'Resume last unfinished transcription?'.
 * The last result, kept in local storage, is shown again when the tab opens.
 */
export function TranscribeTab() {
  const storage = useMemo(() => transcribeStorage(), []);
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<TranscribeChoices>(() => ({ ...DEFAULT_CHOICES, tags: [] }));
  const [phase, setPhase] = useState<JobPhase>({ kind: 'idle' });
  const [error, setError] = useState<{ text: string; field?: 'file' } | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [result, setResult] = useState<StoredResult | undefined>(() => storage.readResult());
  const [resumeId, setResumeId] = useState<string | undefined>(() => storage.readProcessingId());
  /** Counts completions: each one scrolls, flashes and plays once. */
  const [arrival, setArrival] = useState(0);
  const [flash, setFlash] = useState(false);

  const fileInputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const playerRef = useRef<TranscriptPlayerHandle>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const resultTitleId = useId();

  // Leaving the tab stops an upload in flight (a job already started goes on; its id is stored).
  useEffect(() => () => uploadAbort.current?.abort(), []);

  const busy = phase.kind === 'uploading' || phase.kind === 'starting';

  const submit = async () => {
    if (busy) return;
    setNotice(undefined);
    if (!file) {
      setError({ text: TEXTS.transcripts.chooseFile, field: 'file' });
      fileInputRef.current?.focus();
      return;
    }
    // SPEC.md section 4: starting a new transcription clears local storage (see storage.ts for what stays).
    storage.clearAll();
    setResumeId(undefined);
    setResult(undefined);
    setError(undefined);
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
    } catch (caught) {
      setPhase({ kind: 'idle' });
      if (isAbort(caught)) setNotice(T.uploadCancelled);
      // A 401 is the shared rule (toast, then /login): nothing to add here.
      else if (!isUnauthorized(caught)) setError({ text: transcribeErrorText(caught) });
    } finally {
      if (uploadAbort.current === controller) uploadAbort.current = null;
    }
  };

  // Processing: GET /api/transcripts/{id} every 5000 ms until complete or failed.
  const processingId = phase.kind === 'processing' ? phase.id : undefined;
  const poll = useQuery({ ...transcriptQueryOptions(processingId ?? '', { poll: true }), enabled: processingId !== undefined });
  const polled = processingId !== undefined ? poll.data : undefined;
  const pollError = processingId !== undefined && poll.isError ? poll.error : undefined;

  useEffect(() => {
    if (processingId === undefined) return;
    if (pollError) {
      // SPEC.md section 4: not found or an error clears the stored id.
      storage.clearProcessingId();
      setPhase({ kind: 'idle' });
      if (!isUnauthorized(pollError)) setError({ text: transcribeErrorText(pollError) });
      return;
    }
    if (!polled) return;
    if (polled.filename) setPhase((current) => (current.kind === 'processing' && !current.filename ? { ...current, filename: polled.filename } : current));
    if (isComplete(polled)) {
      const done = resultOf(polled, processingId);
      storage.writeResult(done);
      storage.clearProcessingId();
      setResult(done);
      setPhase({ kind: 'idle' });
      setNotice(T.completed);
      setArrival((count) => count + 1);
    } else if (isFailed(polled)) {
      storage.clearProcessingId();
      setPhase({ kind: 'idle' });
      setError({ text: failedJobText(polled.error) });
    }
  }, [processingId, polled, pollError, storage]);

  // Completion: scroll to the transcript, flash it for 3 s, play after 0.5 s.
  useEffect(() => {
    if (arrival === 0) return;
    resultRef.current?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    resultHeadingRef.current?.focus({ preventScroll: true });
    setFlash(true);
    const endFlash = window.setTimeout(() => setFlash(false), HIGHLIGHT_FLASH_MS);
    const autoplay = window.setTimeout(() => playerRef.current?.play(), AUTOPLAY_DELAY_MS);
    return () => {
      window.clearTimeout(endFlash);
      window.clearTimeout(autoplay);
    };
  }, [arrival]);

  const scrollToTranscript = useCallback(() => {
    resultRef.current?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    resultHeadingRef.current?.focus({ preventScroll: true });
  }, []);

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

  return (
    <div className="transcribe">
      <TranscribeForm
        file={file}
        onFileChange={(next) => {
          setFile(next);
          if (next && error?.field === 'file') setError(undefined);
        }}
        fileInputRef={fileInputRef}
        fileError={error?.field === 'file'}
        choices={choices}
        onChoicesChange={setChoices}
        busy={busy}
        onSubmit={() => void submit()}
      />

      <div className="transcribe__status">
        {error && <Alert tone="error">{error.text}</Alert>}
        <JobStatus phase={phase} onCancel={() => uploadAbort.current?.abort()} />
        {notice && phase.kind === 'idle' && !error && <Alert tone={notice === T.completed ? 'success' : 'info'}>{notice}</Alert>}
        {result && (
          <div>
            <Button variant="secondary" onClick={scrollToTranscript} icon={<ArrowDown />}>
              {T.scrollToTranscript}
            </Button>
          </div>
        )}
      </div>

      {result && (
        <section ref={resultRef} className={flash ? 'transcribe-result is-flashing' : 'transcribe-result'} aria-labelledby={resultTitleId} data-flash={flash || undefined}>
          <div className="transcribe-result__head">
            <h2 id={resultTitleId} ref={resultHeadingRef} tabIndex={-1} className="transcribe-result__title">
              {T.resultTitle}
              {result.filename && <span className="transcribe-result__file break">{result.filename}</span>}
            </h2>
            {result.id && (
              <Link to={paths.transcript(result.id)} className="btn btn--ghost btn--sm">
                {TEXTS.transcripts.viewFull}
              </Link>
            )}
          </div>
          <div className="transcribe-result__grid">
            <div className="card">
              <TranscriptPlayer ref={playerRef} audioUrl={result.audioUrl} wordTimings={result.wordTimings} filename={result.filename} fallbackText={result.transcript || TEXTS.transcribe.noSpeech} />
            </div>
            <SummaryBox topic={result.topic} summary={result.summary} showEmpty />
          </div>
        </section>
      )}

      <ResumeDialog open={resumeId !== undefined && phase.kind === 'idle'} onResume={resume} onDecline={decline} />
    </div>
  );
}

function ArrowDown() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M12 5v14M5 12l7 7 7-7" />
    </svg>
  );
}
