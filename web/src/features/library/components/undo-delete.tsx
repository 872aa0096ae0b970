import { LIBRARY_TEXTS } from '../texts';

const L = LIBRARY_TEXTS;

/** The deleted-toast's text with its Undo: the transcript comes back from the trash. */
export function UndoDelete({ text, name, onUndo }: { text: string; name: string; onUndo: () => void }) {
  return (
    <div className="undo-toast">
      <span>{text}</span>
      <button type="button" className="btn btn--secondary btn--sm" aria-label={L.undoLabel(name)} onClick={onUndo}>
        {L.undo}
      </button>
    </div>
  );
}
