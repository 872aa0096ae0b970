import { Fragment, memo, useCallback, useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type MouseEvent, type Ref } from 'react';
import { TEXTS } from '@web/config/texts';
import type { WordGroup } from '@web/lib/transcripts/get-transcript';
import { clockTime, flatWords, playerGroups, timeline, type PlayerGroup } from '@web/lib/transcripts/words';
import { useActiveWord } from './use-active-word';
import { useRovingTabStop } from './use-roving-tab-stop';
import './transcripts.css';

const T = TEXTS.transcribe.player;

export interface TranscriptPlayerHandle {
  /** Starts playback; a browser that refuses autoplay without a gesture is ignored quietly. */
  play(): void;
}

export interface TranscriptPlayerProps {
  audioUrl: string;
  wordTimings: readonly WordGroup[] | undefined;
  /** Names the recording for assistive technology. */
  filename?: string | undefined;
  /** Shown (line breaks kept) when there are no word timings. */
  fallbackText?: string | undefined;
  ref?: Ref<TranscriptPlayerHandle>;
}

/** Browsers may refuse play() without a user gesture (autoplay policy): that is not an error to show. */
function playQuietly(audio: HTMLAudioElement | null): void {
  audio?.play()?.catch(() => {});
}

/**
 * The audio player with the transcript's words (SPEC.md section 2): the word being spoken is
 * highlighted as the audio plays, and a click on a word plays from it. Speaker labels head their groups.
 *
 * Performance: hours of speech are thousands of words, so the highlight does not re-render React. A
 * requestAnimationFrame loop (while playing) and the timeupdate/seeked events find the current word by
 * binary search and move the `aria-current` attribute and class from one button to the next directly.
 *
 * Keyboard: every word is a button (Enter or Space plays from it), but the list is ONE tab stop (roving
 * tabindex): hundreds of tab stops would make the rest of the page unreachable by keyboard. Inside it,
 * Left/Right move by word, Up/Down by group (sentence or speaker turn), Home/End to the first/last word.
 * When focus is elsewhere, the tab stop follows the spoken word, so Tab lands on it.
 */
export function TranscriptPlayer({ audioUrl, wordTimings, filename, fallbackText, ref }: TranscriptPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const wordRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const reloadedAt = useRef(0);
  const hintId = useId();
  const [audioFailed, setAudioFailed] = useState(false);

  const groups = useMemo(() => playerGroups(wordTimings), [wordTimings]);
  const sorted = useMemo(() => timeline(flatWords(groups)), [groups]);
  const groupStep = useCallback((index: number, direction: 1 | -1) => groupNeighbour(groups, index, direction), [groups]);
  const roving = useRovingTabStop(wordRefs, sorted.length, groupStep);
  // When focus is elsewhere, the tab stop follows the spoken word, so Tab lands on it.
  const { highlight, readerScrolled } = useActiveWord({ audioRef, listRef, wordRefs, sorted, onSpoken: roving.moveTabStop });

  useImperativeHandle(ref, () => ({ play: () => playQuietly(audioRef.current) }), []);

  // A new transcript: the tab stop on its first word.
  useEffect(() => roving.reset(), [groups, roving.reset]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-index]');
    if (!button) return;
    const index = Number(button.dataset.index);
    roving.moveTabStop(index);
    // A click on a word plays from it.
    const audio = audioRef.current;
    const word = flatWordsAt(groups, index);
    if (!audio || !word) return;
    audio.currentTime = word.start / 1000;
    highlight(index);
    playQuietly(audio);
  };

  // A playback URL is short-lived (the server redirects to a signed media address): when it has expired,
  // ask the app's address again and carry on from the same moment. Once per half minute at most.
  const onAudioError = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (Date.now() - reloadedAt.current > 30_000) {
      reloadedAt.current = Date.now();
      const at = audio.currentTime;
      const resume = () => {
        audio.currentTime = at;
      };
      audio.addEventListener('loadedmetadata', resume, { once: true });
      audio.src = audioUrl;
      audio.load();
      return;
    }
    setAudioFailed(true);
  };

  const name = filename ?? T.recording;
  return (
    <div className="player">
      {audioUrl && (
      <audio
        ref={audioRef}
        className="player__audio"
        controls
        preload="metadata"
        src={audioUrl}
        aria-label={T.audioLabel(name)}
        onError={onAudioError}
        onLoadedData={() => setAudioFailed(false)}
      >
        {T.audioUnsupported}
      </audio>
      )}
      {audioFailed && (
        <p className="field__error" role="alert">
          {T.audioFailed}
        </p>
      )}
      {groups.length > 0 ? (
        <>
          <p id={hintId} className="player__hint">
            {T.hint}
          </p>
          <div
            ref={listRef}
            className="words"
            role="group"
            aria-label={T.wordsLabel}
            aria-describedby={hintId}
            onClick={onClick}
            onKeyDown={roving.onKeyDown}
            onWheel={readerScrolled}
            onTouchMove={readerScrolled}
          >
            <WordGroups groups={groups} wordRefs={wordRefs} />
          </div>
        </>
      ) : fallbackText ? (
        <p className="transcript__text">{fallbackText}</p>
      ) : (
        <p className="player__hint">{T.noWords}</p>
      )}
    </div>
  );
}

function flatWordsAt(groups: readonly PlayerGroup[], index: number) {
  for (const group of groups) {
    const first = group.words[0]!.index;
    if (index >= first && index < first + group.words.length) return group.words[index - first];
  }
  return undefined;
}

/** The first word of the next (+1) or previous (-1) group; the same word at either end. */
function groupNeighbour(groups: readonly PlayerGroup[], index: number, direction: 1 | -1): number {
  const at = groups.findIndex((group) => index >= group.words[0]!.index && index <= group.words.at(-1)!.index);
  const target = groups[at + direction];
  return target ? target.words[0]!.index : index;
}

/** The words, rendered once per transcript (the highlight never re-renders them). */
const WordGroups = memo(function WordGroups({ groups, wordRefs }: { groups: readonly PlayerGroup[]; wordRefs: { current: (HTMLButtonElement | null)[] } }) {
  wordRefs.current = [];
  return groups.map((group, g) => (
    <p key={g} className="words__group">
      {group.speaker && (
        <span className="words__speaker">
          {group.speaker}
          <span className="words__time"> {clockTime(group.words[0]!.start)}</span>
        </span>
      )}
      {group.words.map((word, i) => (
        <Fragment key={word.index}>
          {i > 0 && ' '}
          <button
            type="button"
            ref={(element) => {
              wordRefs.current[word.index] = element;
            }}
            className="word"
            data-index={word.index}
            data-start={word.start}
            tabIndex={word.index === 0 ? 0 : -1}
          >
            {word.text}
          </button>
        </Fragment>
      ))}
    </p>
  ));
});
