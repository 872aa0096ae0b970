import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { FailedJob } from '@web/components/transcript/job-progress';
import { SummaryBox } from '@web/components/transcript/summary-box';
import { TranscriptPlayer, type TranscriptPlayerHandle } from '@web/components/transcript/transcript-player';
import { DEFAULT_CHOICES, type TranscribeChoices } from '../options';
import { transcribeStorage } from '../storage';
import { AUTOPLAY_DELAY_MS, HIGHLIGHT_FLASH_MS } from '../timing';
import { useTranscriptionJob } from '../use-transcription-job';
import { JobStatus } from './job-status';
import { ResumeDialog } from './resume-dialog';
import { TranscribeForm } from './transcribe-form';
import '../transcribe.css';

const T = TEXTS.transcribe;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

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
  const { phase, error, setError, failed, retried, notice, setNotice, result, resumeId, arrival, busy, submit, cancel, resume, decline } = useTranscriptionJob(storage);
  const [flash, setFlash] = useState(false);

  const fileInputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const playerRef = useRef<TranscriptPlayerHandle>(null);
  const resultTitleId = useId();

  const onSubmit = () => {
    if (busy) return;
    if (file) return void submit(file, choices);
    setNotice(undefined);
    setError({ text: TEXTS.transcripts.chooseFile, field: 'file' });
    fileInputRef.current?.focus();
  };

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
        onSubmit={onSubmit}
      />

      <div className="transcribe__status">
        {error && <Alert tone="error">{error.text}</Alert>}
        {failed && phase.kind === 'idle' && <FailedJob id={failed.id} name={failed.name} reason={failed.reason} onStarted={retried} />}
        <JobStatus phase={phase} onCancel={cancel} />
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
