import { useRef, useState } from 'react';

/** An open correction: its text, whether it is saving, and `finish`, which ends it once. */
export interface EditSession {
  text: string;
  setText: (text: string) => void;
  busy: boolean;
  /** Saves a changed text (when `save`), then closes; a failed save (a toast said why) leaves it open for another try. */
  finish: (save: boolean, refocus?: boolean) => Promise<void>;
}

/**
 * The paragraph editor's and the word editor's shared life: Enter, Escape and the blur may each end it, so it
 * ends only once (`doneRef`), and it closes through `onDone(refocus)` whether or not anything was saved.
 */
export function useEditSession(original: string, onSave: (text: string) => Promise<void>, onDone: (refocus: boolean) => void): EditSession {
  const [text, setText] = useState(original);
  const [busy, setBusy] = useState(false);
  const doneRef = useRef(false);
  const finish = async (save: boolean, refocus = true) => {
    if (doneRef.current) return;
    doneRef.current = true;
    if (save && text.trim() !== original) {
      setBusy(true);
      try {
        await onSave(text);
      } catch {
        doneRef.current = false;
        setBusy(false);
        return;
      }
    }
    onDone(refocus);
  };
  return { text, setText, busy, finish };
}
