/**
 * One recording's live text: when the recording's stream appears (and live text is on), the engine's chunk
 * is loaded (dynamic import: none of it is in the first download), then the microphone is tapped into it.
 * Pausing stops the feed (a short silence first, so the words said so far are committed); stopping ends the
 * engine, whose last words still arrive. An engine that stops on its own (a crashed worker, a lost connection)
 * shows the live text stopped; the recording goes on. The text stays until the next recording starts.
 */
import { useEffect, useRef, useState } from 'react';
import type { LiveEngine } from './engine';
import { applyLiveUpdate, EMPTY_LIVE_TEXT, type LiveText } from './live-text';
import { LIVE_SAMPLE_RATE, UTTERANCE_OPTIONS } from './utterances';
import type { AudioTap } from './audio-tap';
import type { LiveEngineKind } from './availability';

export type LivePhase = 'idle' | 'loading' | 'running' | 'failed' | 'stopped';

/** Enough silence for the engine to end the utterance under way. */
const PAUSE_SILENCE = new Float32Array(Math.ceil(LIVE_SAMPLE_RATE * (UTTERANCE_OPTIONS.endSilenceSeconds + 0.2)));

export function useLiveTranscript(stream: MediaStream | undefined, language: string | undefined, kind: LiveEngineKind, paused: boolean) {
  const [text, setText] = useState<LiveText>(EMPTY_LIVE_TEXT);
  const [phase, setPhase] = useState<LivePhase>('idle');
  const engine = useRef<LiveEngine | undefined>(undefined);
  const held = useRef(paused);

  useEffect(() => {
    if (!stream || !language) return;
    let cancelled = false;
    /** The engine stopped on its own (maybe while the microphone was being tapped). */
    let lost = false;
    let tap: AudioTap | undefined;
    setText(EMPTY_LIVE_TEXT);
    setPhase('loading');
    void (async () => {
      const [{ liveEngineFor }, { tapMicrophone }] = await Promise.all([import('./start'), import('./audio-tap')]);
      const started = await liveEngineFor(kind)({
        language,
        onUpdate: (update) => setText((now) => applyLiveUpdate(now, update)),
        onFailure: () => {
          lost = true;
          tap?.close();
          engine.current = undefined;
          if (!cancelled) setPhase('failed');
        },
      });
      if (cancelled) return started.close();
      engine.current = started;
      tap = await tapMicrophone(stream, (samples) => {
        if (!held.current) started.push(samples);
      });
      if (cancelled || lost) return tap.close();
      setPhase('running');
    })().catch(() => {
      if (!cancelled) setPhase('failed');
    });
    return () => {
      cancelled = true;
      tap?.close();
      const running = engine.current;
      engine.current = undefined;
      if (running) void running.finish().then(() => setPhase('stopped'), () => setPhase('failed'));
      else setPhase((now) => (now === 'failed' ? now : 'stopped'));
    };
  }, [stream, language, kind]);

  useEffect(() => {
    if (paused && !held.current) engine.current?.push(PAUSE_SILENCE.slice());
    held.current = paused;
  }, [paused]);

  return { text, phase, clear: () => setText(EMPTY_LIVE_TEXT) };
}
