/**
 * The spoken word of the reading view (issue 14): highlighted as the recording plays and kept in view
 * until the reader scrolls away (wheel, touch, PageUp/PageDown/Home/End while it plays); "Back to
 * playing" and playing from a word follow it again. `startMs` (from `?t=`) opens at that moment.
 *
 * The highlight moves a class (`w--active`) between the word elements under `rootRef` (found by their
 * `data-index`) directly, with no re-render per frame: an hour of speech is ten thousand words.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { activeWordIndex, type PlayerWord } from '@web/transcript/words';
import { playQuietly } from '@web/transcript/sticky-player';
import { useFollowMedia } from './use-follow-media';
import { scrollBehavior } from '@web/lib/motion';

const SCROLL_KEYS = ['PageUp', 'PageDown', 'Home', 'End'];

export interface ActiveWord {
  /** False once the reader scrolled away while it played. */
  following: boolean;
  /** Follows the recording again, and brings its word into view. */
  backToPlaying: () => void;
  /** Plays from `ms`, following it. */
  playFrom: (ms: number) => void;
}

export function useActiveWord(rootRef: RefObject<HTMLElement | null>, mediaRef: RefObject<HTMLMediaElement | null>, sorted: readonly PlayerWord[], startMs?: number): ActiveWord {
  const activeRef = useRef(-1);
  const followRef = useRef(true);
  const [following, setFollowing] = useState(true);

  const wordAt = useCallback((index: number) => rootRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`) ?? null, [rootRef]);

  const highlight = useCallback(
    (index: number, scroll: boolean) => {
      if (index !== activeRef.current) {
        wordAt(activeRef.current)?.classList.remove('w--active');
        activeRef.current = index;
        wordAt(index)?.classList.add('w--active');
      }
      const word = wordAt(index);
      if (scroll && word && followRef.current) word.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
    },
    [wordAt],
  );

  // New words (a saved correction): the word elements are new, nothing is highlighted on them yet.
  useEffect(() => {
    activeRef.current = -1;
  }, [sorted]);

  // Follow the recording (the highlight scrolls only while it plays).
  useFollowMedia(mediaRef, sorted, highlight);

  // `?t=`: open at that moment, its word highlighted and in view (before the recording has even loaded).
  useEffect(() => {
    if (startMs === undefined) return;
    const index = activeWordIndex(sorted, startMs);
    const found = index >= 0 ? index : (sorted.find((word) => word.start >= startMs)?.index ?? -1);
    highlight(found, false);
    wordAt(found)?.scrollIntoView({ block: 'center' });
    const media = mediaRef.current;
    if (!media) return;
    const seek = () => (media.currentTime = startMs / 1000);
    if (media.readyState >= 1) seek();
    else media.addEventListener('loadedmetadata', seek, { once: true });
    // Only on opening: later renders keep the reader's place.
  }, []);

  const setFollow = (value: boolean) => {
    followRef.current = value;
    setFollowing(value);
  };

  // The reader scrolled: stop following until "Back to playing".
  useEffect(() => {
    const away = () => {
      if (mediaRef.current?.paused === false && followRef.current) setFollow(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.includes(event.key)) away();
    };
    window.addEventListener('wheel', away, { passive: true });
    window.addEventListener('touchmove', away, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', away);
      window.removeEventListener('touchmove', away);
      window.removeEventListener('keydown', onKey);
    };
  }, [mediaRef]);

  const backToPlaying = () => {
    setFollow(true);
    highlight(activeRef.current, true);
  };

  const playFrom = (ms: number) => {
    const media = mediaRef.current;
    if (!media) return;
    media.currentTime = ms / 1000;
    setFollow(true);
    playQuietly(media);
  };

  return { following, backToPlaying, playFrom };
}
