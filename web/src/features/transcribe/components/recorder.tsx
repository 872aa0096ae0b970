import type { RefObject } from 'react';
import { Button } from '@web/components/ui/button';
import { COMMON_TEXTS } from '@web/config/texts';
import { RECORDER_TEXTS } from '../texts';
import { formatElapsed } from '../recording/recording-format';
import type { RecorderState } from '../recording/use-recorder';

const R = RECORDER_TEXTS;

export interface RecorderProps {
  state: RecorderState;
  meter: RefObject<HTMLDivElement | null>;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onDismissProblem: () => void;
  /** Moves the focus to the file picker: the way forward when recording can't work. */
  onChooseFile: () => void;
}

/** The 'Record' button beside the file picker. */
export function RecordButton({ state, onStart, disabled }: Pick<RecorderProps, 'state' | 'onStart'> & { disabled: boolean }) {
  const active = state.kind === 'recording' || state.kind === 'paused' || state.kind === 'stopping';
  return (
    <Button variant="secondary" onClick={onStart} disabled={disabled || active} busy={state.kind === 'asking'} icon={<MicIcon />}>
      {R.record}
    </Button>
  );
}

/**
 * What the recording is doing: the level meter (a meter, updated by the recorder on each animation frame),
 * the time recorded (a timer, not announced on every tick), Pause/Resume and Stop; or why it could not
 * start, with a way forward.
 */
export function RecorderPanel({ state, meter, onPause, onResume, onStop, onDismissProblem, onChooseFile, onStart }: RecorderProps) {
  if (state.kind === 'asking') {
    return (
      <p className="field__hint" role="status">
        {R.asking}
      </p>
    );
  }
  if (state.kind === 'problem') {
    return (
      <div className="alert alert--warning stack stack--gap-3 recorder-problem" role="alert">
        <p className="alert__body">{R.problems[state.problem]}</p>
        <div className="recorder__actions">
          {state.problem !== 'unsupported' && (
            <Button size="sm" onClick={onStart}>
              {COMMON_TEXTS.retry}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              onDismissProblem();
              onChooseFile();
            }}
          >
            {R.chooseInstead}
          </Button>
        </div>
      </div>
    );
  }
  if (state.kind === 'idle') return null;
  const paused = state.kind === 'paused';
  const stopping = state.kind === 'stopping';
  return (
    <section className="stack stack--gap-3 recorder" aria-label={R.recordingLabel}>
      <div className="recorder__row">
        <span className={paused || stopping ? 'recorder__dot' : 'recorder__dot is-live'} aria-hidden="true" />
        <p className="recorder__title" role="status">
          {stopping ? R.finishing : paused ? R.paused : R.recordingLabel}
        </p>
        <span className="recorder__time" role="timer" aria-label={R.elapsed}>
          {formatElapsed(state.elapsedMs)}
        </span>
      </div>
      <div ref={meter} className="recorder__meter" role="meter" aria-label={R.level} aria-valuemin={0} aria-valuemax={100} aria-valuenow={0}>
        <div className="recorder__meter-bar" />
      </div>
      <div className="recorder__actions">
        {paused ? (
          <Button size="sm" variant="secondary" onClick={onResume} disabled={stopping}>
            {R.resume}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={onPause} disabled={stopping}>
            {R.pause}
          </Button>
        )}
        <Button size="sm" onClick={onStop} busy={stopping}>
          {R.stop}
        </Button>
      </div>
      <p className="field__hint">{state.kept ? R.keptNote : R.notKeptNote}</p>
    </section>
  );
}

function MicIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3zM19 10v2a7 7 0 0 1-14 0v-2M12 19v3" />
    </svg>
  );
}
