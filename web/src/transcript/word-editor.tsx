/**
 * Issue 28: a few words corrected where they stand. An input in place of the words: Enter (or ✓) saves,
 * Escape (or ✕) cancels, Listen plays the recording from them. Leaving it by moving elsewhere saves a change,
 * as the paragraph editor does.
 */
import type { KeyboardEvent } from 'react';
import { useEditSession } from './hooks/use-edit-session';
import { READING_TEXTS } from './texts';

const T = READING_TEXTS;

/** Words `from` to `to`, numbered in reading order. */
export interface WordRange {
  from: number;
  to: number;
}

interface WordEditorProps {
  range: WordRange;
  /** The words' text now. */
  original: string;
  /** Where the first word starts (ms). */
  start: number;
  onSave: (text: string) => Promise<void>;
  /** `refocus`: false when left by moving elsewhere (the focus stays where it went). */
  onDone: (refocus: boolean) => void;
  onListen: (ms: number) => void;
}

export function WordEditor({ range, original, start, onSave, onDone, onListen }: WordEditorProps) {
  const { text, setText, busy, finish } = useEditSession(original, onSave, onDone);
  const hintId = `word-edit-hint-${range.from}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' || event.key === 'Enter') {
      event.preventDefault();
      void finish(event.key === 'Enter');
    }
  };

  return (
    <span
      className="word-edit"
      onBlur={(event) => {
        // Moving between the input and its own buttons is not leaving it.
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        void finish(true, false);
      }}
    >
      <input
        className="input word-edit__input"
        aria-label={T.correctWords(original)}
        aria-describedby={hintId}
        value={text}
        size={Math.max(4, text.length + 1)}
        autoFocus
        disabled={busy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.currentTarget.select()}
      />
      <span id={hintId} className="visually-hidden">
        {busy ? T.saving : T.wordEditHint}
      </span>
      <button type="button" className="btn btn--ghost btn--sm word-edit__button" aria-label={T.listenTo(original)} onClick={() => onListen(start)}>
        {T.listen}
      </button>
      <button type="button" className="btn btn--primary btn--sm word-edit__button" aria-label={T.save} disabled={busy} onClick={() => void finish(true)}>
        ✓
      </button>
      <button type="button" className="btn btn--secondary btn--sm word-edit__button" aria-label={T.cancel} disabled={busy} onClick={() => void finish(false)}>
        ✕
      </button>
    </span>
  );
}
