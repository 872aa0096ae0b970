import { COMMON_TEXTS } from '@web/config/texts';
import './undo-delete.css';

/** A toast with an action stays long enough to use it (the product's 3 s is for notices that only inform). */
export const UNDO_TOAST_MS = 8000;

/** The deleted-toast's text with its Undo: the transcript comes back from the trash (the library's rows, the transcript page). */
export function UndoDelete({ text, name, onUndo }: { text: string; name: string; onUndo: () => void }) {
  return (
    <div className="undo-toast">
      <span>{text}</span>
      <button type="button" className="btn btn--secondary btn--sm" aria-label={COMMON_TEXTS.undoLabel(name)} onClick={onUndo}>
        {COMMON_TEXTS.undo}
      </button>
    </div>
  );
}
