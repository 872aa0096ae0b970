/**
 * Follows a recording's time for a word highlight: every frame while it plays, and on each time change
 * while paused (seeking, scripts). useActiveWord shows the spoken word with it.
 */
import { useEffect, type RefObject } from 'react';
import { activeWordIndex, mediaMs, type PlayerWord } from '@web/transcript/words';

/** Called with the spoken word's index (-1 for none) and whether the recording is playing. */
export type OnSpokenWord = (index: number, playing: boolean) => void;

export function useFollowMedia(mediaRef: RefObject<HTMLMediaElement | null>, sorted: readonly PlayerWord[], onWord: OnSpokenWord): void {
  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    let frame = 0;
    const sync = () => onWord(activeWordIndex(sorted, mediaMs(media.currentTime)), !media.paused);
    const loop = () => {
      sync();
      frame = requestAnimationFrame(loop);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      sync();
    };
    const events: [string, () => void][] = [
      ['play', start],
      ['playing', start],
      ['pause', stop],
      ['ended', stop],
      ['timeupdate', sync],
      ['seeked', sync],
      ['loadedmetadata', sync],
    ];
    for (const [name, listener] of events) media.addEventListener(name, listener);
    // Re-run for new words (a saved correction) while playing: keep following without waiting for the next play.
    if (!media.paused) start();
    else sync();
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, listener] of events) media.removeEventListener(name, listener);
    };
  }, [mediaRef, sorted, onWord]);
}
