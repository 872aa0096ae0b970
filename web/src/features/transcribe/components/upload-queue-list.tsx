import { useId } from 'react';
import { Link } from 'react-router-dom';
import { FailedJob, JobProgress } from '@web/transcript/job-progress';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { UPLOAD_QUEUE_TEXTS } from '../texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { formatBytes } from '@domain/file-size';
import { isCancellable, isSettled, queueSummary, type QueueRow, type RowState } from '../queue/queue-state';

const Q = UPLOAD_QUEUE_TEXTS;

function stateText(state: RowState, optionsRefusal: string | undefined): string {
  switch (state.kind) {
    case 'checking':
      return Q.checking;
    case 'refused':
      return `${Q.refusedPrefix}${state.reason}`;
    case 'ready':
      return optionsRefusal ? `${Q.refusedPrefix}${optionsRefusal}` : Q.ready;
    case 'waiting':
      return Q.waiting;
    case 'uploading':
      return Q.uploading(state.percent);
    case 'starting':
      return Q.starting;
    case 'processing':
      // Shown by the shared JobProgress; this text stands for it where only words fit.
      return Q.processing;
    case 'complete':
      return Q.complete;
    case 'failed':
      return state.reason || TRANSCRIPTS_TEXTS.transcribeFailed;
    case 'cancelled':
      return Q.cancelled;
  }
}

const tone = (state: RowState, optionsRefusal: string | undefined): string =>
  state.kind === 'refused' || state.kind === 'failed' || (state.kind === 'ready' && optionsRefusal) ? 'is-bad' : state.kind === 'complete' ? 'is-good' : '';

/**
 * The queue: per file its name, size, upload progress (a progressbar), then its stage; Cancel until the
 * server holds it; a link to the transcript when done. One polite live region sums the queue up, so a
 * screen reader hears how it goes without every percent of every file.
 */
export interface QueueActions {
  onCancel: (key: string) => void;
  onRemove: (key: string) => void;
  onRetried: (key: string) => void;
}

export function UploadQueueList({ rows, optionsRefusal, ...actions }: { rows: readonly QueueRow[]; optionsRefusal: string | undefined } & QueueActions) {
  const titleId = useId();
  if (rows.length === 0) return null;
  return (
    <section className="stack stack--gap-3 queue" aria-labelledby={titleId}>
      <div className="spread-row queue__head">
        <h3 id={titleId} className="queue__title">
          {Q.title}
        </h3>
        <p className="field__hint" role="status">
          {Q.summary(queueSummary(rows))}
        </p>
      </div>
      <ul className="list-stack">
        {rows.map((row) => (
          <QueueItem key={row.key} row={row} optionsRefusal={optionsRefusal} {...actions} />
        ))}
      </ul>
    </section>
  );
}

function QueueItem({ row, optionsRefusal, onCancel, onRemove, onRetried }: { row: QueueRow; optionsRefusal: string | undefined } & QueueActions) {
  const nameId = useId();
  const { state } = row;
  const percent = state.kind === 'uploading' ? state.percent : state.kind === 'starting' ? 100 : undefined;
  const doneId = state.kind === 'complete' ? state.id : undefined;
  return (
    <li className={`row queue__row ${tone(state, optionsRefusal)}`} data-state={state.kind}>
      <div className="queue__main">
        <p id={nameId} className="queue__name break">
          {row.name}
        </p>
        <p className="queue__meta">
          <span>{formatBytes(row.size)}</span>
          {state.kind !== 'processing' && !(state.kind === 'failed' && state.id) && <span className="queue__state">{stateText(state, optionsRefusal)}</span>}
        </p>
        {/* Then its stage, as everywhere else in the app (the shared progress and Try again). */}
        {state.kind === 'processing' && <JobProgress compact name={row.name} {...state.stage} />}
        {state.kind === 'failed' && state.id && <FailedJob compact id={state.id} name={row.name} reason={stateText(state, optionsRefusal)} onStarted={() => onRetried(row.key)} />}
        {percent !== undefined && (
          <div className="progress" role="progressbar" aria-label={Q.uploadProgress(row.name)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
            <div className="progress__bar" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      <div className="queue__actions">
        {doneId && (
          <Link to={paths.transcript(doneId)} className="btn btn--secondary btn--sm" aria-label={Q.openLabel(row.name)}>
            {Q.open}
          </Link>
        )}
        {isCancellable(state) && (
          // A file not yet sent simply leaves the queue; one being sent is stopped and stays, marked cancelled.
          <Button size="sm" variant="secondary" onClick={() => (state.kind === 'ready' ? onRemove(row.key) : onCancel(row.key))} aria-label={Q.cancelLabel(row.name)}>
            {COMMON_TEXTS.cancel}
          </Button>
        )}
        {isSettled(state) && (
          <Button size="sm" variant="ghost" onClick={() => onRemove(row.key)} aria-label={Q.removeLabel(row.name)}>
            {Q.remove}
          </Button>
        )}
      </div>
    </li>
  );
}
