import { Fragment, memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { splitParagraphText } from '@domain/paragraph-edit';
import { formatClock, paragraphsOf } from '@domain/paragraphs';
import { replaceWordRange, type Match } from '@domain/word-edit';
import { useActiveWord } from './hooks/use-active-word';
import { useEditSession } from './hooks/use-edit-session';
import { CheckboxField } from '@web/components/ui/field';
import { READING_TEXTS } from './texts';
import type { WordGroup } from '@web/transcript/api/get-transcript';
import { groupWordTexts, readableGroups, timeline, type PlayerWord, type WordGroupInput } from '@web/transcript/words';
import { SpeakerMenu, type SpeakerActions } from './speaker-menu';
import { WordEditor, type WordRange } from './word-editor';

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
  /** Issue 28: the speaker menu's changes; left out, a speaker is plain text. */
  speakerActions?: SpeakerActions | undefined;
  /** Issue 28: what find and replace found, highlighted; the current one is scrolled into view. */
  marks?: Marks | undefined;
}

export interface Marks {
  matches: readonly Match[];
  current: number;
}

/** How each word found by find and replace is highlighted, by its number. */
function markedWords(marks: Marks | undefined): Map<number, 'mark' | 'current'> {
  const marked = new Map<number, 'mark' | 'current'>();
  marks?.matches.forEach((match, index) => {
    for (let word = match.from; word <= match.to; word++) marked.set(word, index === marks.current ? 'current' : 'mark');
  });
  return marked;
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
 * their place: the next (the save gives the focus to its words, the undo's Tab stop before), else the
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
 * The reading view (issue 14): paragraphs with their speaker and start time; the spoken word is highlighted and
 * kept in view (useActiveWord). Read only, a click on a word plays from it. Correctable (issue 28), a click on a
 * word or a selection of words opens them in place (EditableWords, WordEditor), the speaker label is a menu
 * (SpeakerMenu), and what find and replace found is highlighted; each paragraph's Edit button still opens the
 * whole paragraph for larger rewrites, while the recording keeps playing.
 */
export function ReadingView({ groups, mediaRef, startMs, onCorrect, undo, speakerActions, marks }: ReadingViewProps) {
  const paragraphs = useMemo(() => readingParagraphs(groups), [groups]);
  const texts = useMemo(() => groupWordTexts(groups), [groups]);
  const sorted = useMemo(() => timeline(paragraphs.flatMap((paragraph) => paragraph.words)), [paragraphs]);
  const rootRef = useRef<HTMLDivElement>(null);
  const { following, backToPlaying, playFrom } = useActiveWord(rootRef, mediaRef, sorted, startMs);
  const [editing, setEditing] = useState<number | null>(null);
  const [wordEdit, setWordEdit] = useState<WordRange | null>(null);
  // Saved or cancelled from the editor (not left by a click elsewhere): the focus goes back to the paragraph's
  // words (its last Tab stop), so the next Tab reaches its "Undo last correction".
  const refocusRef = useRef<number | null>(null);
  useEffect(() => {
    const position = refocusRef.current;
    if (editing !== null || position === null) return;
    refocusRef.current = null;
    const paragraph = rootRef.current?.querySelector(`[data-para="${position}"]`);
    paragraph?.querySelector<HTMLElement>('.para__text--editable')?.focus();
  }, [editing]);
  const undoAt = undo ? undoParagraph(paragraphs, undo.groups) : undefined;
  const endEditing = (position: number, refocus: boolean) => {
    refocusRef.current = refocus ? position : null;
    setEditing(null);
  };

  const marked = useMemo(() => markedWords(marks), [marks]);
  const current = marks?.matches[marks.current];
  useEffect(() => {
    if (current) rootRef.current?.querySelector(`[data-index="${current.from}"]`)?.scrollIntoView({ block: 'center' });
  }, [current]);

  // Stable for the memoised paragraphs: they read the latest texts and save function through a ref.
  const hintId = useId();
  const latest = useRef({ texts, onCorrect });
  latest.current = { texts, onCorrect };
  const words = useMemo<WordActions>(
    () => ({
      open: (range) => {
        setWordEdit(range);
        // At that moment in the recording; it plays only when asked (its Listen button, or the player).
        const start = sorted.find((word) => word.index === range.from)?.start;
        if (mediaRef.current && start !== undefined) mediaRef.current.currentTime = start / 1000;
      },
      save: async (range, text) => {
        const changes = replaceWordRange(latest.current.texts, range.from, range.to, text);
        if (changes.length > 0) await latest.current.onCorrect?.(changes);
      },
      // A click on another word while saving opened that one: it stays open.
      close: (range) => setWordEdit((open) => (open === range ? null : open)),
      listen: playFrom,
      hintId,
    }),
    [sorted, mediaRef, playFrom, hintId],
  );

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
            <Paragraph
              paragraph={paragraph}
              position={position}
              onSeek={playFrom}
              onEdit={onCorrect ? () => setEditing(position) : undefined}
              words={onCorrect ? words : undefined}
              wordEdit={wordEdit && paragraph.words.some((word) => word.index === wordEdit.from) ? wordEdit : null}
              marked={paragraphMarks(paragraph, marked)}
              speakerActions={speakerActions}
            />
          )}
          {undo && editing !== position && undoAt === position && <UndoLast undo={undo} />}
        </Fragment>
      ))}
      {undo && undoAt === -1 && <UndoLast undo={undo} />}
      {onCorrect && (
        <span id={hintId} className="visually-hidden">
          {T.wordsHint}
        </span>
      )}
      {!following && (
        <button type="button" className="btn btn--primary btn--sm reading__back" onClick={backToPlaying}>
          {T.backToPlaying}
        </button>
      )}
    </div>
  );
}

/** What a paragraph's words can do when the transcript can be corrected (issue 28). */
interface WordActions {
  open: (range: WordRange) => void;
  save: (range: WordRange, text: string) => Promise<void>;
  close: (range: WordRange) => void;
  listen: (ms: number) => void;
  /** The one hidden hint every paragraph's words are described by. */
  hintId: string;
}

/** The marks of a paragraph's words as a key that only changes when they do (so the other paragraphs stay memoised). */
function paragraphMarks(paragraph: ReadingParagraph, marked: ReadonlyMap<number, 'mark' | 'current'>): string {
  if (marked.size === 0) return '';
  return paragraph.words.flatMap((word) => (marked.has(word.index) ? [`${word.index}${marked.get(word.index) === 'current' ? '!' : ''}`] : [])).join(',');
}

/** The word a DOM node is in, by its number. */
const wordIndexOf = (node: Node | null): number | undefined => {
  const element = node instanceof Element ? node : node?.parentElement;
  const word = element?.closest<HTMLElement>('[data-index]');
  return word ? Number(word.dataset.index) : undefined;
};

const wordId = (index: number) => `word-${index}`;

interface ParagraphProps {
  paragraph: ReadingParagraph;
  position: number;
  onSeek: (ms: number) => void;
  onEdit?: (() => void) | undefined;
  words?: WordActions | undefined;
  wordEdit: WordRange | null;
  /** From paragraphMarks: "12,13!" (word 13 is the current match). */
  marked: string;
  speakerActions?: SpeakerActions | undefined;
}

const Paragraph = memo(function Paragraph({ paragraph, position, onSeek, onEdit, words, wordEdit, marked, speakerActions }: ParagraphProps) {
  const time = formatClock(paragraph.start);
  const marks = useMemo(() => new Map(marked ? marked.split(',').map((entry) => [Number(entry.replace('!', '')), entry.endsWith('!') ? 'current' : 'mark'] as const) : []), [marked]);
  return (
    <div className="para" data-para={position}>
      <div className="para__head">
        {paragraph.speaker && (speakerActions ? <SpeakerMenu speaker={paragraph.speaker} time={time} groups={paragraph.groups} actions={speakerActions} /> : <span className="para__speaker">{paragraph.speaker}</span>)}
        <button type="button" className="para__time" aria-label={T.playFrom(time)} onClick={() => onSeek(paragraph.start)}>
          {time}
        </button>
        {onEdit && (
          <button type="button" className="btn btn--ghost btn--sm para__edit" aria-label={T.editParagraph(time)} onClick={onEdit}>
            {T.edit}
          </button>
        )}
      </div>
      {words ? (
        <EditableWords paragraph={paragraph} label={T.wordsOf(time, paragraph.speaker)} words={words} wordEdit={wordEdit} marks={marks} />
      ) : (
        // Words seek on click; keyboard users play from the paragraph's time.
        <p
          className="para__text"
          onClick={(event) => {
            const word = (event.target as HTMLElement).closest<HTMLElement>('[data-start]');
            if (word) onSeek(Number(word.dataset.start));
          }}
        >
          {paragraph.words.map((word, i) => (
            <span key={word.index}>
              {i > 0 && ' '}
              <span className={marks.has(word.index) ? `w w--${marks.get(word.index)}` : 'w'} data-index={word.index} data-start={word.start}>
                {word.text}
              </span>
            </span>
          ))}
        </p>
      )}
    </div>
  );
});

/**
 * A paragraph's words when they can be corrected (issue 28): a click on a word, or a mouse selection over words,
 * opens them in a WordEditor. Keyboard: the paragraph is one Tab stop; arrows (Home, End) move between its words,
 * Shift+arrow selects, Enter (or F2) corrects; screen readers follow the word through aria-activedescendant.
 */
function EditableWords({ paragraph, label, words, wordEdit, marks }: { paragraph: ReadingParagraph; label: string; words: WordActions; wordEdit: WordRange | null; marks: ReadonlyMap<number, 'mark' | 'current'> }) {
  const first = paragraph.words[0]?.index ?? 0;
  const last = paragraph.words.at(-1)?.index ?? 0;
  // `focus` is where the arrows move, `anchor` where Shift+arrow started.
  const [cursor, setCursor] = useState<{ anchor: number; focus: number } | null>(null);
  const textRef = useRef<HTMLParagraphElement>(null);
  const selected = cursor ? { from: Math.min(cursor.anchor, cursor.focus), to: Math.max(cursor.anchor, cursor.focus) } : null;

  const done = (range: WordRange, refocus: boolean) => {
    words.close(range);
    if (!refocus) return;
    setCursor({ anchor: range.from, focus: range.from });
    textRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLParagraphElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = cursor?.focus ?? first;
    const move = ({ ArrowLeft: at - 1, ArrowRight: at + 1, Home: first, End: last } as Record<string, number>)[event.key];
    if (move !== undefined) {
      // The player's ←/→ skip stays out of a paragraph whose words are being walked.
      event.preventDefault();
      event.stopPropagation();
      const focus = Math.min(last, Math.max(first, move));
      setCursor({ anchor: event.shiftKey ? (cursor?.anchor ?? at) : focus, focus });
    } else if ((event.key === 'Enter' || event.key === 'F2') && selected) {
      event.preventDefault();
      words.open(selected);
    } else if (event.key === 'Escape' && cursor) {
      setCursor({ anchor: cursor.focus, focus: cursor.focus });
    }
  };

  const onMouseUp = () => {
    const selection = window.getSelection();
    const ends = [wordIndexOf(selection?.anchorNode ?? null), wordIndexOf(selection?.focusNode ?? null)];
    if (!selection || ends.some((end) => end === undefined || end < first || end > last)) return;
    const [a, b] = ends as [number, number];
    if (!selection.isCollapsed) selection.removeAllRanges();
    setCursor({ anchor: a, focus: b });
    words.open({ from: Math.min(a, b), to: Math.max(a, b) });
  };

  const wordClass = (index: number) => {
    const mark = marks.get(index);
    const inSelection = selected && index >= selected.from && index <= selected.to;
    return ['w', mark && `w--${mark}`, inSelection && 'w--selected', cursor?.focus === index && 'w--cursor'].filter(Boolean).join(' ');
  };

  return (
      <p
        ref={textRef}
        className="para__text para__text--editable"
        tabIndex={0}
        role="group"
        aria-label={label}
        aria-describedby={words.hintId}
        aria-activedescendant={cursor && !wordEdit ? wordId(cursor.focus) : undefined}
        onFocus={(event) => event.target === event.currentTarget && !cursor && setCursor({ anchor: first, focus: first })}
        onKeyDown={onKeyDown}
        onMouseUp={wordEdit ? undefined : onMouseUp}
      >
        {paragraph.words.map((word, i) => {
          if (wordEdit && word.index > wordEdit.from && word.index <= wordEdit.to) return null;
          return (
            <span key={word.index}>
              {i > 0 && ' '}
              {wordEdit?.from === word.index ? (
                <WordEditor
                  range={wordEdit}
                  original={paragraph.words.flatMap((other) => (other.index >= wordEdit.from && other.index <= wordEdit.to ? [other.text] : [])).join(' ')}
                  start={word.start}
                  onSave={(text) => words.save(wordEdit, text)}
                  onDone={(refocus) => done(wordEdit, refocus)}
                  onListen={words.listen}
                />
              ) : (
                <span className={wordClass(word.index)} id={wordId(word.index)} data-index={word.index} data-start={word.start}>
                  {word.text}
                </span>
              )}
            </span>
          );
        })}
      </p>
  );
}

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
  const { text, setText, busy, finish } = useEditSession(original, onSave, onDone);
  const [pauseWhileTyping, setPauseWhileTyping] = useState(() => localStorage.getItem(PAUSE_SETTING) === 'true');
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const time = formatClock(paragraph.start);
  useGrowToText(fieldRef, text);

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
