/**
 * Issue 15, live progress instead of a spinner: an unfinished transcription's stage in words over a
 * bar for the whole job (the Transcribe tab, the library row, the detail page, the upload queue), and a
 * failed one's reason with "Try again" (POST /api/transcripts/{id}/retry: same upload, same options).
 */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { TranscriptView } from '@contract';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PROGRESS_TEXTS } from './texts';
import { failureText, isUnauthorized } from '@web/lib/api-client';
import { askForNotifications, notificationPermission } from '@web/transcript/job-notice';
import { libraryKeys } from '@web/lib/library-keys';
import { transcriptQueryKey } from '@web/transcript/api/get-transcript';
import { overallProgress, stageText, type StageOf } from '@web/transcript/stage';
import { retryTranscript } from '@web/transcript/api/workspace';
import './job-progress.css';

const P = PROGRESS_TEXTS;

export interface JobProgressProps extends StageOf {
  /** The recording's name: the bar's accessible name says whose progress it is. */
  name: string;
  /** One line, for a list row. */
  compact?: boolean;
}

/** The text is no live region of its own: where a screen reader should hear each new stage, the caller wraps it in one (role="status"); list rows stay quiet. */
export function JobProgress({ name, compact = false, ...stage }: JobProgressProps) {
  const textId = useId();
  const text = stageText(stage);
  const percent = Math.round(overallProgress(stage) * 100);
  return (
    <div className={compact ? 'stack stack--gap-2 job-progress job-progress--compact' : 'stack stack--gap-2 job-progress'} data-stage={stage.stage ?? 'uploaded'}>
      <p id={textId} className="note job-progress__text">
        {text}
      </p>
      <div className="progress" role="progressbar" aria-label={P.label(name)} aria-describedby={textId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Issue 31: a long transcript's summary or translation made as a job, shown as a transcription's progress is (announced as
 * it changes); a failed one's reason, which says that what was there before is kept.
 */
export function TextJobStatus({ transcript }: { transcript: Pick<TranscriptView, 'filename' | 'text_job'> }) {
  const job = transcript.text_job;
  if (!job) return null;
  if (job.status === 'failed') return <Alert tone="error">{job.error}</Alert>;
  return (
    <div role="status" aria-label={P.textJobLabel(transcript.filename)}>
      <JobProgress name={transcript.filename} stage={job.stage ?? 'summarizing'} />
    </div>
  );
}

/** Runs a failed transcription again (or, given a language, in that language); the new state goes into the caches so every view shows it at once. */
export function useRetryTranscript(id: string, onStarted?: (view: TranscriptView) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language?: string) => retryTranscript(id, language),
    onSuccess: (view) => {
      client.setQueryData(transcriptQueryKey(id), view);
      void client.invalidateQueries({ queryKey: libraryKeys.lists });
      onStarted?.(view);
    },
    // The server's reason when it gave one (e.g. another click already started it again).
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(failureText(error, P.retryFailed));
    },
  });
}

export interface FailedJobProps {
  id: string;
  name: string;
  /** The server's reason, written for the user. */
  reason: string;
  onStarted?: (view: TranscriptView) => void;
  compact?: boolean;
}

/** Why it failed, in the user's terms, and "Try again". */
export function FailedJob({ id, name, reason, onStarted, compact = false }: FailedJobProps) {
  return (
    <div className={compact ? 'spread-row job-failed job-failed--compact' : 'spread-row job-failed'} role={compact ? undefined : 'alert'}>
      <p className="job-failed__text">
        {!compact && <strong>{P.failedTitle} </strong>}
        {reason}
      </p>
      <TryAgain id={id} name={name} {...(onStarted ? { onStarted } : {})} />
    </div>
  );
}

/** "Try again" alone, where the reason is shown already (the detail page's product error). */
export function TryAgain({ id, name, onStarted }: Pick<FailedJobProps, 'id' | 'name' | 'onStarted'>) {
  const retry = useRetryTranscript(id, onStarted);
  return (
    <Button size="sm" variant="secondary" aria-label={P.tryAgainLabel(name)} busy={retry.isPending} onClick={() => retry.mutate()}>
      {P.tryAgain}
    </Button>
  );
}

/** "Notify me when it is ready": asks the browser's permission on this press only, and says how it went. */
export function NotifyWhenReady() {
  const [permission, setPermission] = useState(notificationPermission);
  if (permission === 'unsupported' || permission === 'denied') return permission === 'denied' ? <p className="field__hint">{P.notifyBlocked}</p> : null;
  if (permission === 'granted') return <p className="field__hint">{P.notifyOn}</p>;
  return (
    <div>
      <Button size="sm" variant="ghost" onClick={() => void askForNotifications().then(setPermission)}>
        {P.notify}
      </Button>
    </div>
  );
}
