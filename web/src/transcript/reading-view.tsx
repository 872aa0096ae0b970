import { Fragment, memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { splitParagraphText } from '@domain/paragraph-edit';
import { formatClock, paragraphsOf } from '@domain/paragraphs';
import { useActiveWord } from './hooks/use-active-word';
import { CheckboxField } from '@web/components/ui/field';
import { READING_TEXTS } from './texts';
import type { WordGroup } from '@web/transcript/api/get-transcript';
import { readableGroups, timeline, type PlayerWord, type WordGroupInput } from '@web/transcript/words';

const T = READING_TEXTS;
const PAUSE_SETTING = 'scribely.pauseWhileTyping';

interface ReadingParagraph {
  groups: number[];
  speaker?: string | undefined;
  start: number;
  words: PlayerWord[];
  /** Each group's words, for putting a corrected paragraph back into its groups. */
  groupWords: string[][];
}

/** Paragraphs (a speaker turn, or sentences until a pause) with their words numbered in reading order. */
export function readingParagraphs(input: readonly WordGroupInput[]): ReadingParagraph[] {
  const groups = readableGroups(input);
  let index = 0;
  return paragraphsOf(groups).map((paragraph) => {
    const groupWords = paragraph.groups.map((group) => groups[group]!.words.map((word) => word.word));
    const words = paragraph.groups.flatMap((group) => groups[group]!.words.map((word) => ({ index: index++, text: word.word, start: word.start, end: Math.max(word.start, word.end), group })));
    return { groups: paragraph.groups, speaker: paragraph.speaker, start: paragraph.start, words, groupWords };
  });
}

/** The groups whose text a paragraph's correction changes, with their new text. */
export function changedGroups(paragraph: Pick<ReadingParagraph, 'groups' | 'groupWords'>, text: string): { index: number; text: string }[] {
  const texts = splitParagraphText(paragraph.groupWords, text);
  return paragraph.groups.flatMap((index, position) => (texts[position] !== paragraph.groupWords[position]!.join(' ') ? [{ index, text: texts[position]! }] : []));
}

export interface ReadingViewProps {
  groups: readonly WordGroup[];
  mediaRef: RefObject<HTMLMediaElement | null>;
  /** From `?t=`: the moment to open at (ms). */
  startMs?: number | undefined;
  /** Saves a paragraph's correction; resolves when stored. Left out, the view is read-only (a shared link). */
  onCorrect?: (groups: { index: number; text: string }[]) => Promise<void>;
  /** The last correction's undo, offered under its paragraph (undoParagraph). */
  undo?: UndoCorrection | undefined;
}

export interface UndoCorrection {
  /** The groups the correction changed. */
  groups: readonly number[];
  busy: boolean;
  onUndo: () => void;
}

/**
 * The paragraph the last correction's undo goes under: the one holding a group it changed; when it emptied
 * them all (a sentence or a whole paragraph deleted: an empty group is in no paragraph), the one now in
 * their place: the next (the save gives the focus to its Edit button, the undo's Tab stop before), else the
 * last. -1 when no paragraph is left: it goes after them.
 */
export function undoParagraph(paragraphs: readonly Pick<ReadingParagraph, 'groups'>[], changed: readonly number[]): number {
  const holding = paragraphs.findIndex((paragraph) => paragraph.groups.some((group) => changed.includes(group)));
  if (holding !== -1 || paragraphs.length === 0) return holding;
  const last = Math.max(...changed);
  const next = paragraphs.findIndex((paragraph) => paragraph.groups[0]! > last);
  return next === -1 ? paragraphs.length - 1 : next;
}

/**
 * The reading view (issue 14): paragraphs with their speaker and start time; words are plain text that
 * can be clicked to play from them; the spoken word is highlighted and kept in view (useActiveWord).
 * Keyboard: each paragraph's time plays from it and its Edit button opens the paragraph for correction,
 * while the recording keeps playing.
 */
export function ReadingView({ groups, mediaRef, startMs, onCorrect, undo }: ReadingViewProps) {
  const paragraphs = useMemo(() => readingParagraphs(groups), [groups]);
  const sorted = useMemo(() => timeline(paragraphs.flatMap((paragraph) => paragraph.words)), [paragraphs]);
  const rootRef = useRef<HTMLDivElement>(null);
  const { following, backToPlaying, playFrom } = useActiveWord(rootRef, mediaRef, sorted, startMs);
  const [editing, setEditing] = useState<number | null>(null);
  // Saved or cancelled from the editor (not left by a click elsewhere): the focus goes back to the paragraph's
  // Edit button, so the next Tab reaches its "Undo last correction".
  const refocusRef = useRef<number | null>(null);
  useEffect(() => {
    const position = refocusRef.current;
    if (editing !== null || position === null) return;
    refocusRef.current = null;
    rootRef.current?.querySelector<HTMLElement>(`[data-para="${position}"] .para__edit`)?.focus();
  }, [editing]);
  const undoAt = undo ? undoParagraph(paragraphs, undo.groups) : undefined;
  const endEditing = (position: number, refocus: boolean) => {
    refocusRef.current = refocus ? position : null;
    setEditing(null);
  };

  return (
    <div className="reading" ref={rootRef} aria-label={T.readingLabel} role="region">
      {paragraphs.map((paragraph, position) => (
        <Fragment key={paragraph.start + ':' + position}>
          {editing === position ? (
            <ParagraphEditor
              paragraph={paragraph}
              mediaRef={mediaRef}
              onDone={(refocus) => endEditing(position, refocus)}
              onSave={async (text) => {
                const changes = changedGroups(paragraph, text);
                if (changes.length > 0) await onCorrect?.(changes);
              }}
            />
          ) : (
            <Paragraph paragraph={paragraph} position={position} onSeek={playFrom} onEdit={onCorrect ? () => setEditing(position) : undefined} />
          )}
          {undo && editing !== position && undoAt === position && <UndoLast undo={undo} />}
        </Fragment>
      ))}
      {undo && undoAt === -1 && <UndoLast undo={undo} />}
      {!following && (
        <button type="button" className="btn btn--primary btn--sm reading__back" onClick={backToPlaying}>
          {T.backToPlaying}
        </button>
      )}
    </div>
  );
}

const Paragraph = memo(function Paragraph({ paragraph, position, onSeek, onEdit }: { paragraph: ReadingParagraph; position: number; onSeek: (ms: number) => void; onEdit?: (() => void) | undefined }) {
  const time = formatClock(paragraph.start);
  return (
    <div className="para" data-para={position}>
      <div className="para__head">
        {paragraph.speaker && <span className="para__speaker">{paragraph.speaker}</span>}
        <button type="button" className="para__time" aria-label={T.playFrom(time)} onClick={() => onSeek(paragraph.start)}>
          {time}
        </button>
        {onEdit && (
          <button type="button" className="btn btn--ghost btn--sm para__edit" aria-label={T.editParagraph(time)} onClick={onEdit}>
            {T.edit}
          </button>
        )}
      </div>
      {/* Words seek on click; keyboard users play from the paragraph's time. */}
      <p
        className="para__text"
        onClick={(event) => {
          const word = (event.target as HTMLElement).closest<HTMLElement>('[data-start]');
          if (word) onSeek(Number(word.dataset.start));
        }}
        onDoubleClick={onEdit}
      >
        {paragraph.words.map((word, i) => (
          <span key={word.index}>
            {i > 0 && ' '}
            <span className="w" data-index={word.index} data-start={word.start}>
              {word.text}
            </span>
          </span>
        ))}
      </p>
    </div>
  );
});

function UndoLast({ undo }: { undo: UndoCorrection }) {
  return (
    <div className="para__undo">
      <button type="button" className="btn btn--secondary btn--sm" disabled={undo.busy} onClick={undo.onUndo}>
        {T.undo}
      </button>
    </div>
  );
}

/** Grows `field` to its text (its CSS max-height caps it, then it scrolls): a phone shows the whole paragraph, not two lines. */
function useGrowToText(field: RefObject<HTMLTextAreaElement | null>, text: string): void {
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [field, text]);
}

/** `onDone(refocus)`: refocus is false when the editor was left by moving elsewhere (its blur). */
function ParagraphEditor({ paragraph, mediaRef, onSave, onDone }: { paragraph: ReadingParagraph; mediaRef: RefObject<HTMLMediaElement | null>; onSave: (text: string) => Promise<void>; onDone: (refocus: boolean) => void }) {
  const original = paragraph.words.map((word) => word.text).join(' ');
  const [text, setText] = useState(original);
  const [busy, setBusy] = useState(false);
  const [pauseWhileTyping, setPauseWhileTyping] = useState(() => localStorage.getItem(PAUSE_SETTING) === 'true');
  const doneRef = useRef(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const time = formatClock(paragraph.start);
  useGrowToText(fieldRef, text);

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

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      void finish(false);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void finish(true);
    }
  };

  return (
    <div className="para para--editing">
      <div className="para__head">
        {paragraph.speaker && <span className="para__speaker">{paragraph.speaker}</span>}
        <span className="para__time">{time}</span>
      </div>
      <label className="field__label" htmlFor={`edit-${paragraph.start}`}>
        {T.editLabel}
      </label>
      <textarea
        id={`edit-${paragraph.start}`}
        ref={fieldRef}
        className="input para__input"
        value={text}
        autoFocus
        rows={2}
        aria-describedby={`edit-hint-${paragraph.start}`}
        disabled={busy}
        onFocus={() => pauseWhileTyping && mediaRef.current?.pause()}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // Moving to this editor's own buttons or setting is not leaving it.
          if (event.relatedTarget instanceof HTMLElement && event.currentTarget.parentElement?.contains(event.relatedTarget)) return;
          void finish(true, false);
        }}
      />
      <p id={`edit-hint-${paragraph.start}`} className="field__hint">
        {busy ? T.saving : T.editHint}
      </p>
      <div className="para__editbar">
        <CheckboxField
          label={T.pauseWhileTyping}
          checked={pauseWhileTyping}
          onChange={(event) => {
            setPauseWhileTyping(event.target.checked);
            localStorage.setItem(PAUSE_SETTING, String(event.target.checked));
          }}
        />
        <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={() => void finish(true)}>
          {T.save}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => void finish(false)}>
          {T.cancel}
        </button>
      </div>
    </div>
  );
}
