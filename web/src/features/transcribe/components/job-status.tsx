import { useId } from 'react';
import { JobProgress, NotifyWhenReady } from '@web/transcript/job-progress';
import { Button } from '@web/components/ui/button';
import { TRANSCRIBE_TEXTS } from '../texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import type { StageOf } from '@web/transcript/stage';

const T = TRANSCRIBE_TEXTS;

export type JobPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; filename: string; percent: number }
  | { kind: 'starting'; filename: string }
  | { kind: 'processing'; id: string; filename?: string | undefined; stage?: StageOf };

/**
 * Where the job is: the upload's progress bar with its percentage (an accessible progressbar), then
 * the file check and the start, then processing until the transcript is there: its stage in words
 * over a bar (issue 15), and the offer to be notified when it is ready.
 */
export function JobStatus({ phase, onCancel }: { phase: JobPhase; onCancel: () => void }) {
  const labelId = useId();
  if (phase.kind === 'idle') return null;
  if (phase.kind === 'processing') {
    const name = phase.filename ?? TRANSCRIPTS_TEXTS.detailTitle;
    return (
      <div className="card stack stack--gap-3 job-status">
        <div role="status" className="stack stack--gap-3 job-status">
          <p className="job-status__title break">{TRANSCRIPTS_TEXTS.processing(name)}</p>
          <JobProgress name={name} {...phase.stage} />
        </div>
        <p className="field__hint">{T.processingHint}</p>
        <NotifyWhenReady />
      </div>
    );
  }
  const percent = phase.kind === 'uploading' ? phase.percent : 100;
  const step = phase.kind === 'starting' ? T.starting : percent >= 100 ? T.checking : undefined;
  return (
    <div className="card stack stack--gap-3 job-status">
      <div className="job-status__row">
        <p id={labelId} className="job-status__title break">
          {T.uploading(phase.filename)}
        </p>
        <span className="job-status__percent" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div className="progress" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <div className="job-status__row">
        <p className="field__hint" role="status">
          {step ?? ''}
        </p>
        {phase.kind === 'uploading' && percent < 100 && (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {T.cancelUpload}
          </Button>
        )}
      </div>
    </div>
  );
}
