import { useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { RECORDER_TEXTS, TRANSCRIBE_TEXTS, UPLOAD_QUEUE_TEXTS } from '../texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { FailedJob } from '@web/transcript/job-progress';
import { SummaryBox } from '@web/transcript/summary-box';
import { ReadingView } from '@web/transcript/reading-view';
import { PLAYBACK_KEYS, StickyPlayer } from '@web/transcript/sticky-player';
import { formatBytes } from '@domain/file-size';
import { DEFAULT_CHOICES, type TranscribeChoices } from '../options';
import { isSending, isSettled, optionsRefusal } from '../queue/queue-state';
import type { StoredRecording } from '../recording/chunk-store';
import { formatElapsed } from '../recording/recording-format';
import { useBrowserRecordings } from '../recording/use-browser-recordings';
import type { RecorderState } from '../recording/use-recorder';
import { transcribeStorage, type StoredResult } from '../storage';
import { HIGHLIGHT_FLASH_MS } from '../timing';
import { useFileDrop } from '../use-file-drop';
import { useTranscriptionJob } from '../use-transcription-job';
import { JobStatus } from './job-status';
import { RecordButton, RecorderPanel } from './recorder';
import { RecoveredRecordings } from './recovered-recordings';
import { ResumeDialog } from './resume-dialog';
import { TranscribeForm } from './transcribe-form';
import { UploadQueueList } from './upload-queue-list';
import { useUploadQueue } from './upload-queue-provider';
import '../transcribe.css';
import '../capture.css';
import { scrollBehavior } from '@web/lib/motion';

const T = TRANSCRIBE_TEXTS;
const R = RECORDER_TEXTS;
const Q = UPLOAD_QUEUE_TEXTS;


/**
 * docs/product.md#screens-and-routes, the Transcribe tab, with the transcription states of section 4:
 * submitted (upload with progress, then the start) → processing (id stored locally, the transcript
 * asked for every 5 s) → complete (results stored locally, the view scrolls to the transcript, which
 * flashes for 3 s, and the audio plays after 0.5 s), or an error alert (section 8).
 * Opening the tab with a stored processing id asks 'Resume last unfinished transcription?'.
 * The last result, kept in local storage, is shown again when the tab opens.
 */
/** What the live transcript (a feature of its own, composed in by the app) is told about the recording. */
export interface LiveSlotProps {
  recording: RecorderState['kind'];
  stream: MediaStream | undefined;
  language: string;
  /** Counts the transcripts that arrived: a new one replaces the live text. */
  arrival: number;
  /** Keeps the committed live text with the recording's copy in the browser (shown with it if the upload fails). */
  onText: (text: string) => void;
}

export function TranscribeTab({ live: Live }: { live?: ComponentType<LiveSlotProps> } = {}) {
  const storage = useMemo(() => transcribeStorage(), []);
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<TranscribeChoices>(() => ({ ...DEFAULT_CHOICES, tags: [] }));
  const job = useTranscriptionJob(storage);
  const { phase, error, setError, setNotice, result, resumeId, arrival, busy, submit, resume, decline } = job;
  const arrived = useResultArrival(arrival);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const chooseFile = (next: File | null) => {
    setFile(next);
    if (next && error?.field === 'file') setError(undefined);
  };

  const recordings = useBrowserRecordings({ onRecorded: chooseFile });

  const { queue, queueRows, queueActive, queueSending, shownChoices, refusedOptions } = useQueueChoices(choices);

  /** One file (and no queue under way) is the single transcription; more go to the queue, with a file already chosen. */
  const takeFiles = (files: File[]) => {
    if (!queue || (files.length < 2 && !queueActive)) return chooseFile(files[0] ?? null);
    const keptCopy = recordings.idOf(file);
    // A recording made here goes with them; its copy in the browser goes once the server holds it.
    queue.add(file && !files.includes(file) ? [file, ...files] : files, (started) => {
      if (keptCopy && started === file) void recordings.forget(keptCopy);
    });
    setFile(null);
    recordings.letGo();
    if (error?.field === 'file') setError(undefined);
  };

  const dragging = useFileDrop(takeFiles, !busy);

  /** Sends `chosen`; a recording kept in the browser is forgotten once the server holds it. */
  const send = async (chosen: File, recordingId: string | undefined) => {
    if ((await submit(chosen, choices)) && recordingId) await recordings.forget(recordingId);
  };

  const onSubmit = () => {
    if (busy) return;
    if (file) return void send(file, recordings.idOf(file));
    if (queue && queueRows.some((row) => row.state.kind === 'ready')) {
      setNotice(undefined);
      if (refusedOptions) return setError({ text: refusedOptions });
      setError(undefined);
      return queue.start(choices);
    }
    setNotice(undefined);
    setError({ text: TRANSCRIBE_TEXTS.chooseFile, field: 'file' });
    fileInputRef.current?.focus();
  };

  const uploadRecovered = async (recording: StoredRecording) => {
    const recoveredFile = await recordings.readRecovered(recording);
    if (!recoveredFile) return setNotice(R.recoveredEmpty);
    chooseFile(recoveredFile);
    await send(recoveredFile, recording.id);
  };

  /** A new recording: an earlier notice (discarded, cancelled, done) no longer applies. */
  const startRecording = () => {
    setNotice(undefined);
    void recordings.recorder.start();
  };

  const discardRecorded = () => {
    const { recorded } = recordings;
    if (!recorded) return;
    void recordings.forget(recorded.id);
    if (file === recorded.file) setFile(null);
  };

  return (
    <div className={dragging ? 'transcribe is-dropping' : 'transcribe'}>
      {dragging && <DropHint />}
      <RecoveredRecordings recordings={recordings.recovered} onUpload={(recording) => void uploadRecovered(recording)} onDiscard={(recording) => void recordings.forget(recording.id).then(() => setNotice(R.recoveredDiscarded))} disabled={busy} />
      <TranscribeForm
        file={file}
        queuedCount={queueRows.filter((row) => !isSettled(row.state)).length}
        onFilesChange={takeFiles}
        lockedReason={busy ? T.lockedWhileSending : queueSending ? T.lockedWhileQueue : undefined}
        queue={<UploadQueueList rows={queueRows} optionsRefusal={refusedOptions} onCancel={(key) => queue?.cancel(key)} onRemove={(key) => queue?.remove(key)} onRetried={(key) => queue?.retried(key)} />}
        recordButton={<RecordButton state={recordings.recorder.state} onStart={startRecording} disabled={busy} />}
        recorderPanel={
          <>
            <RecorderArea recordings={recordings} chosen={file} onStart={startRecording} onDiscard={discardRecorded} onChooseFile={() => fileInputRef.current?.focus()} />
            {Live && <Live recording={recordings.recorder.state.kind} stream={recordings.recorder.stream} language={shownChoices.language} arrival={arrival} onText={recordings.keepLiveText} />}
          </>
        }
        fileInputRef={fileInputRef}
        fileError={error?.field === 'file'}
        choices={shownChoices}
        onChoicesChange={setChoices}
        busy={busy}
        onSubmit={onSubmit}
      />

      <TranscribeStatus job={job} onScrollToTranscript={arrived.scrollToTranscript} />

      {result && <TranscribeResult result={result} arrived={arrived} />}

      <ResumeDialog open={resumeId !== undefined && phase.kind === 'idle'} onResume={resume} onDecline={decline} />
    </div>
  );
}

/** Over the tab while files are dragged onto it. */
function DropHint() {
  return (
    <p className="transcribe__drop" aria-hidden="true">
      {Q.dropHere}
    </p>
  );
}

/** The job's messages, and once a result is in, the way down to it. */
function TranscribeStatus({ job, onScrollToTranscript }: { job: ReturnType<typeof useTranscriptionJob>; onScrollToTranscript: () => void }) {
  return (
    <div className="stack stack--gap-3 transcribe__status">
      <JobMessages job={job} />
      {job.result && (
        <div>
          <Button variant="secondary" onClick={onScrollToTranscript} icon={<ArrowDown />}>
            {T.scrollToTranscript}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Several files: the queue above the tabs, sent with one set of options, and whether this server takes those options. */
function useQueueChoices(choices: TranscribeChoices) {
  const { queue, rows: queueRows } = useUploadQueue();
  const capabilities = useQuery(capabilitiesQuery());
  const queueActive = queueRows.some((row) => !isSettled(row.state));
  const queueSending = queueRows.some((row) => isSending(row.state));
  // While a batch is sent, the form shows the options it is sent with (also after coming back to the tab).
  const shownChoices = (queueSending && queue?.sendingChoices()) || choices;
  return { queue, queueRows, queueActive, queueSending, shownChoices, refusedOptions: optionsRefusal(shownChoices, capabilities.data) };
}

/** The job's error, its failure with "Try again", where it is, and the last notice. */
function JobMessages({ job }: { job: ReturnType<typeof useTranscriptionJob> }) {
  const { phase, error, failed, notice } = job;
  return (
    <>
      {error && <Alert tone="error">{error.text}</Alert>}
      {failed && phase.kind === 'idle' && <FailedJob id={failed.id} name={failed.name} reason={failed.reason} onStarted={job.retried} />}
      <JobStatus phase={phase} onCancel={job.cancel} />
      {notice && phase.kind === 'idle' && !error && <Alert tone={notice === T.completed ? 'success' : 'info'}>{notice}</Alert>}
    </>
  );
}

/** Completion (`arrival` counts them): scroll to the transcript and flash it for 3 s; nothing plays until the user asks (issue 28). */
function useResultArrival(arrival: number) {
  const [flash, setFlash] = useState(false);
  const resultRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mediaRef = useRef<HTMLMediaElement>(null);

  const scrollToTranscript = useCallback(() => {
    resultRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (arrival === 0) return;
    scrollToTranscript();
    setFlash(true);
    const endFlash = window.setTimeout(() => setFlash(false), HIGHLIGHT_FLASH_MS);
    return () => window.clearTimeout(endFlash);
  }, [arrival, scrollToTranscript]);

  return { flash, resultRef, headingRef, mediaRef, scrollToTranscript };
}

/** The last transcript (kept in local storage): the reading view under its player, and the summary box. */
function TranscribeResult({ result, arrived }: { result: StoredResult; arrived: ReturnType<typeof useResultArrival> }) {
  const titleId = useId();
  const { flash, resultRef, headingRef, mediaRef } = arrived;
  return (
    <section ref={resultRef} className={flash ? 'transcribe-result is-flashing' : 'transcribe-result'} aria-labelledby={titleId} data-flash={flash || undefined}>
      <div className="spread-row transcribe-result__head">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="transcribe-result__title">
          {T.resultTitle}
          {result.filename && <span className="transcribe-result__file break">{result.filename}</span>}
        </h2>
        {result.id && (
          <Link to={paths.transcript(result.id)} className="btn btn--ghost btn--sm">
            {TRANSCRIPTS_TEXTS.viewFull}
          </Link>
        )}
      </div>
      <div className="transcribe-result__grid">
        {/* The same reading view as the transcript page (issue 14), read-only here: corrections are made there. */}
        <div className="card workspace">
          {result.audioUrl && <StickyPlayer src={result.audioUrl} kind={result.mediaKind} name={result.filename ?? TRANSCRIPTS_TEXTS.detailTitle} mediaRef={mediaRef} keys={PLAYBACK_KEYS} />}
          {result.wordTimings.length > 0 ? <ReadingView groups={result.wordTimings} mediaRef={mediaRef} /> : <p className="transcript__text">{result.transcript || TRANSCRIPTS_TEXTS.noSpeech}</p>}
        </div>
        <SummaryBox topic={result.topic} summary={result.summary} showEmpty />
      </div>
    </section>
  );
}

interface RecorderAreaProps {
  recordings: ReturnType<typeof useBrowserRecordings>;
  /** The file chosen now: the recording just made is shown with Discard while it is the one. */
  chosen: File | null;
  onStart: () => void;
  onDiscard: () => void;
  onChooseFile: () => void;
}

/** The recorder's panel and, once stopped, the recording just made (name, length, size) with Discard. */
function RecorderArea({ recordings: { recorder, recorded }, chosen, onStart, onDiscard, onChooseFile }: RecorderAreaProps) {
  return (
    <>
      <RecorderPanel
        state={recorder.state}
        meter={recorder.meter}
        onStart={onStart}
        onPause={recorder.pause}
        onResume={recorder.resume}
        onStop={() => void recorder.stop()}
        onDismissProblem={recorder.dismissProblem}
        onChooseFile={onChooseFile}
      />
      {recorded && chosen === recorded.file && recorder.state.kind === 'idle' && (
        <div className="spread-row recorder__recorded">
          <p className="break">{R.recorded(recorded.file.name, formatElapsed(recorded.durationMs), formatBytes(recorded.file.size))}</p>
          <Button size="sm" variant="secondary" onClick={onDiscard}>
            {R.discard}
          </Button>
        </div>
      )}
    </>
  );
}

function ArrowDown() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M12 5v14M5 12l7 7 7-7" />
    </svg>
  );
}
