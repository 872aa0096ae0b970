/**
 * Issue 28: find and replace across the transcript. The count of matches (case ignored unless "Match case"),
 * Previous/Next (Enter, Shift+Enter) to move between them, highlighted in the reading view, Replace (the
 * current one) and Replace all; a replace is an ordinary correction (unchanged words keep their times) with
 * its Undo here. Its own component so that a toolbar can host it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { findMatches, MAX_MATCHES, replaceMatches, type GroupText } from '@domain/word-edit';
import { CheckboxField } from '@web/components/ui/field';
import type { WordGroup } from '@web/transcript/api/get-transcript';
import type { Marks } from './reading-view';
import { FIND_TEXTS } from './texts';
import { groupWordTexts } from './words';

const T = FIND_TEXTS;

export interface FindReplaceProps {
  groups: readonly WordGroup[];
  /** Stores the replacements (`count` of them); resolves true once stored. */
  onReplace: (edits: GroupText[], count: number) => Promise<boolean>;
  /** The last replace's undo, while it is the last correction. */
  undo?: { busy: boolean; onUndo: () => void } | undefined;
  /** What is found, for the reading view to highlight (undefined when closed). */
  onMarks: (marks: Marks | undefined) => void;
  onClose: () => void;
}

export function FindReplace({ groups, onReplace, undo, onMarks, onClose }: FindReplaceProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const texts = useMemo(() => groupWordTexts(groups), [groups]);
  const matches = useMemo(() => findMatches(texts, query, { matchCase }), [texts, query, matchCase]);
  // After a replace the list is shorter: the same place now holds the next match.
  const at = matches.length === 0 ? 0 : Math.min(current, matches.length - 1);

  useEffect(() => onMarks(matches.length > 0 ? { matches, current: at } : undefined), [matches, at, onMarks]);
  useEffect(() => () => onMarks(undefined), [onMarks]);

  const step = (by: number) => matches.length > 0 && setCurrent((at + by + matches.length) % matches.length);
  const replace = async (chosen: typeof matches) => {
    setBusy(true);
    await onReplace(replaceMatches(texts, chosen, replacement), chosen.length);
    setBusy(false);
  };
  const more = matches.length === MAX_MATCHES;

  return (
    <section
      className="find-replace"
      aria-label={T.region}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="find-replace__row">
        <label className="field__label" htmlFor={`${id}-find`}>
          {T.find}
        </label>
        <input
          id={`${id}-find`}
          className="input find-replace__input"
          type="search"
          value={query}
          autoFocus
          aria-describedby={`${id}-count`}
          onChange={(event) => (setQuery(event.target.value), setCurrent(0))}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          }}
        />
        <span id={`${id}-count`} className="find-replace__count" role="status">
          {query.trim() ? (matches.length > 0 ? T.count(at + 1, matches.length, more) : T.none) : ''}
        </span>
        <button type="button" className="btn btn--ghost btn--sm" aria-label={T.previous} disabled={matches.length === 0} onClick={() => step(-1)}>
          ↑
        </button>
        <button type="button" className="btn btn--ghost btn--sm" aria-label={T.next} disabled={matches.length === 0} onClick={() => step(1)}>
          ↓
        </button>
        <CheckboxField label={T.matchCase} checked={matchCase} onChange={(event) => (setMatchCase(event.target.checked), setCurrent(0))} />
      </div>
      <div className="find-replace__row">
        <label className="field__label" htmlFor={`${id}-replace`}>
          {T.replaceWith}
        </label>
        <input id={`${id}-replace`} className="input find-replace__input" value={replacement} onChange={(event) => setReplacement(event.target.value)} />
        <button type="button" className="btn btn--secondary btn--sm" disabled={busy || matches.length === 0} onClick={() => void replace([matches[at]!])}>
          {T.replace}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" disabled={busy || matches.length === 0} onClick={() => void replace(matches)}>
          {T.replaceAll}
        </button>
        {undo && (
          <button type="button" className="btn btn--secondary btn--sm" disabled={undo.busy} onClick={undo.onUndo}>
            {T.undo}
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--sm find-replace__close" aria-label={T.close} onClick={onClose}>
          ✕
        </button>
      </div>
    </section>
  );
}
