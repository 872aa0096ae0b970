import { Button } from '@web/components/ui/button';
import { RECORDER_TEXTS } from '../texts';
import { formatBytes } from '@domain/file-size';
import type { StoredRecording } from '../recording/chunk-store';
import { formatElapsed } from '../recording/recording-format';

const R = RECORDER_TEXTS;

const when = (at: number): string => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The offer to upload or discard each kept recording. */
export function RecoveredRecordings({ recordings, onUpload, onDiscard, disabled }: { recordings: readonly StoredRecording[]; onUpload: (recording: StoredRecording) => void; onDiscard: (recording: StoredRecording) => void; disabled: boolean }) {
  if (recordings.length === 0) return null;
  return (
    <section className="card recovered" aria-label={R.recoveredTitle}>
      <h2 className="card__title">{R.recoveredTitle}</h2>
      <ul className="list-stack list-stack--roomy">
        {recordings.map((recording) => (
          <li key={recording.id} className="stack stack--gap-2 recovered__item">
            <p id={`recovered-${recording.id}`} className="break">{R.recoveredText(recording.filename, formatElapsed(recording.durationMs), formatBytes(recording.size), when(recording.startedAt))}</p>
            {recording.liveText && <p className="field__hint break">{R.recoveredLiveText(recording.liveText)}</p>}
            <div className="recorder__actions">
              <Button size="sm" onClick={() => onUpload(recording)} disabled={disabled} aria-describedby={`recovered-${recording.id}`}>
                {R.recoveredUpload}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => onDiscard(recording)} disabled={disabled} aria-describedby={`recovered-${recording.id}`}>
                {R.recoveredDiscard}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
