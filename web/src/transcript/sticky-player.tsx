import { useEffect, useRef, useState, type RefObject } from 'react';
import { READING_TEXTS, TRANSCRIPTS_TEXTS } from './texts';
import { formatClock } from '@domain/paragraphs';
import './transcripts.css';

const T = READING_TEXTS;
const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
const SKIP_SECONDS = 5;
const VIDEO = /\.(mp4|mov|webm|mkv|m4v)$/i;

/** Whether a recording has a picture, as the server found in its bytes (`media_kind`). */
export type MediaKind = 'audio' | 'video';

/**
 * A recording with a picture plays as video, one without as audio, never in a black video box (issue 28): as the
 * server says, else (a result stored before it said) guessed from the address's extension (`/uploads/<id>.<ext>`).
 */
export const isVideo = (url: string, kind?: MediaKind): boolean => (kind ? kind === 'video' : VIDEO.test(url));

/** The length the player shows, in seconds: the media's own, else (a stream whose length the file does not state: Infinity) the transcript's; 0 unknown. */
export const shownLength = (mediaSeconds: number, knownMs: number | null | undefined): number =>
  Number.isFinite(mediaSeconds) && mediaSeconds > 0 ? mediaSeconds : (knownMs ?? 0) / 1000;

/** Typing in a field, a select or an editable paragraph: the player's keys stay out of the way. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The keys of a read-only view (a shared link, the Transcribe tab's result): play and move around, no editing or search. */
export const PLAYBACK_KEYS = T.keys.slice(0, 2);

export function playQuietly(media: HTMLMediaElement | null): void {
  media?.play()?.catch(() => {});
}

/** Space plays or pauses and ←/→ skip 5 s anywhere on the page, except while typing. */
function usePlaybackKeys(mediaRef: RefObject<HTMLMediaElement | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const media = mediaRef.current;
      if (!media || isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === ' ' && !(event.target instanceof HTMLButtonElement) && !(event.target instanceof HTMLAnchorElement)) {
        event.preventDefault();
        if (media.paused) playQuietly(media);
        else media.pause();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        media.currentTime = Math.max(0, media.currentTime + (event.key === 'ArrowLeft' ? -SKIP_SECONDS : SKIP_SECONDS));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mediaRef]);
}

/** Playback speed, 0.75–2×. */
function SpeedSelect({ mediaRef }: { mediaRef: RefObject<HTMLMediaElement | null> }) {
  const [speed, setSpeed] = useState(1);
  return (
    <label className="sticky-player__speed">
      <span>{T.speed}</span>
      <select
        className="input select"
        value={speed}
        onChange={(event) => {
          const value = Number(event.target.value);
          setSpeed(value);
          if (mediaRef.current) mediaRef.current.playbackRate = value;
        }}
      >
        {SPEEDS.map((value) => (
          <option key={value} value={value}>
            {value}×
          </option>
        ))}
      </select>
    </label>
  );
}

/** The player's keys, listed under it. */
function KeyList({ keys }: { keys: readonly (readonly [string, string])[] }) {
  return (
    <details className="note sticky-player__keys">
      <summary>{T.keysTitle}</summary>
      <dl>
        {keys.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * The player of the reading view (issue 14): stays in view while the text scrolls (sticky), with play and
 * pause, ±5 s, speed 0.75–2×, the time and the length, and a visible list of keys. Space plays or pauses
 * and ←/→ skip 5 s anywhere on the page except while typing. A video recording shows its picture (on a phone it
 * scrolls away while the text is read, the controls staying: CSS); a sound recording has an audio player.
 * Nothing plays until the user asks. `kind`: audio or video (media_kind);
 * `lengthMs`: the transcript's length, shown while the media does not state its own; `keys`: the list of keys
 * shown (a read-only page leaves out editing and search).
 */
export function StickyPlayer({
  src,
  kind,
  lengthMs,
  name,
  mediaRef,
  keys = T.keys,
}: {
  src: string;
  kind?: MediaKind | undefined;
  lengthMs?: number | null | undefined;
  name: string;
  mediaRef: RefObject<HTMLMediaElement | null>;
  keys?: readonly (readonly [string, string])[];
}) {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(0);
  const [failed, setFailed] = useState(false);
  const reloadedAt = useRef(0);

  usePlaybackKeys(mediaRef);

  const skip = (seconds: number) => {
    const media = mediaRef.current;
    if (media) media.currentTime = Math.max(0, Math.min(media.duration || Infinity, media.currentTime + seconds));
  };

  // A playback address is short-lived (a redirect to a signed link): when it has expired, ask again and carry on.
  const onError = () => {
    const media = mediaRef.current;
    if (!media) return;
    if (Date.now() - reloadedAt.current < 30_000) return setFailed(true);
    reloadedAt.current = Date.now();
    const at = media.currentTime;
    media.addEventListener('loadedmetadata', () => (media.currentTime = at), { once: true });
    media.src = src;
    media.load();
  };

  const mediaProps = {
    src,
    preload: 'metadata',
    'aria-label': TRANSCRIPTS_TEXTS.player.audioLabel(name),
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onTimeUpdate: () => setTime(mediaRef.current?.currentTime ?? 0),
    onLoadedMetadata: () => setLength(mediaRef.current?.duration ?? 0),
    onDurationChange: () => setLength(mediaRef.current?.duration ?? 0),
    onLoadedData: () => setFailed(false),
    onError,
  } as const;

  const seconds = shownLength(length, lengthMs);
  const video = isVideo(src, kind);

  return (
    <section className={video ? 'sticky-player sticky-player--video' : 'sticky-player'} aria-label={TRANSCRIPTS_TEXTS.player.recording}>
      {video ? (
        <video ref={mediaRef as RefObject<HTMLVideoElement>} className="sticky-player__video" playsInline {...mediaProps} />
      ) : (
        <audio ref={mediaRef as RefObject<HTMLAudioElement>} {...mediaProps} />
      )}
      <div className="row row--gap-2">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => (playing ? mediaRef.current?.pause() : playQuietly(mediaRef.current))}>
          {playing ? T.pause : T.play}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => skip(-SKIP_SECONDS)}>
          <span aria-hidden="true">−5 s</span>
          <span className="visually-hidden">{T.back5}</span>
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => skip(SKIP_SECONDS)}>
          <span aria-hidden="true">+5 s</span>
          <span className="visually-hidden">{T.forward5}</span>
        </button>
        <SpeedSelect mediaRef={mediaRef} />
        <span className="sticky-player__time" aria-label={T.timeLabel}>
          <span data-testid="player-time">{formatClock(time * 1000)}</span> / <span data-testid="player-length">{seconds ? formatClock(seconds * 1000) : '–:––'}</span>
        </span>
      </div>
      {failed && (
        <p className="field__error" role="alert">
          {TRANSCRIPTS_TEXTS.player.audioFailed}
        </p>
      )}
      <KeyList keys={keys} />
    </section>
  );
}
