/**
 * The word being spoken, highlighted as the audio plays. Hours of speech are thousands of words, so the
 * highlight does not re-render React: a requestAnimationFrame loop (while playing) and the timeupdate and
 * seeked events find the current word by binary search (activeWordIndex) and move the `aria-current`
 * attribute and class from one button to the next directly, keeping it in view unless the reader just scrolled.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { PlayerWord } from '@web/lib/transcripts/words';
import { useFollowMedia } from './use-follow-media';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
/** After the reader scrolls the list, it is left alone this long. */
const READER_SCROLL_MS = 4000;

interface ActiveWordOptions {
  audioRef: RefObject<HTMLAudioElement | null>;
  listRef: RefObject<HTMLElement | null>;
  wordRefs: RefObject<(HTMLElement | null)[]>;
  /** The words in time order (timeline). */
  sorted: readonly PlayerWord[];
  /** Called with each newly spoken word's index while focus is outside the list (the tab stop follows it). */
  onSpoken: (index: number) => void;
}

export function useActiveWord({ audioRef, listRef, wordRefs, sorted, onSpoken }: ActiveWordOptions) {
  const active = useRef(-1);
  const readerScrolledAt = useRef(0);

  /** Keeps the spoken word visible inside the list's own scroll area (not the page), unless the reader just scrolled it. */
  const keepInView = useCallback(
    (word: HTMLElement) => {
      const list = listRef.current;
      if (!list || list.scrollHeight <= list.clientHeight || Date.now() - readerScrolledAt.current < READER_SCROLL_MS) return;
      const top = word.offsetTop - list.offsetTop;
      const bottom = top + word.offsetHeight;
      if (top >= list.scrollTop && bottom <= list.scrollTop + list.clientHeight) return;
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: reducedMotion() ? 'auto' : 'smooth' });
    },
    [listRef],
  );

  const highlight = useCallback(
    (index: number) => {
      if (index === active.current) return;
      const previous = wordRefs.current[active.current];
      if (previous) {
        previous.removeAttribute('aria-current');
        previous.classList.remove('word--active');
      }
      active.current = index;
      const word = wordRefs.current[index];
      if (!word) return;
      word.setAttribute('aria-current', 'true');
      word.classList.add('word--active');
      if (!listRef.current?.contains(document.activeElement)) onSpoken(index);
      if (!audioRef.current?.paused) keepInView(word);
    },
    [audioRef, keepInView, listRef, onSpoken, wordRefs],
  );

  // A new transcript: nothing highlighted yet.
  useEffect(() => {
    active.current = -1;
  }, [sorted]);

  useFollowMedia(audioRef, sorted, highlight);

  /** The reader scrolled the list: stop pulling it to the spoken word for a while. */
  const readerScrolled = useCallback(() => {
    readerScrolledAt.current = Date.now();
  }, []);

  return { highlight, readerScrolled };
}
