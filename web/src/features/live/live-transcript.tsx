/**
 * The live transcript on the Transcribe tab (issue 29): the "Live transcript" switch (remembered), why a
 * recording would have no live text (said before it starts), and while recording the panel: a log that is
 * read out politely, committed text, provisional words lighter, following the end unless the reader scrolls
 * up. After Stop it stays until the full transcript arrives (`arrival` changes).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckboxField } from '@web/components/ui/field';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { webStorage } from '@web/lib/web-storage';
import { liveAvailability, type LiveAvailability } from './availability';
import { isAtEnd } from './follow';
import type { LiveText } from './live-text';
import { LIVE_TEXTS } from './texts';
import { useLiveTranscript, type LivePhase } from './use-live-transcript';
import './live.css';

const L = LIVE_TEXTS;
const SWITCH_KEY = 'scribely.liveTranscript';

export interface LiveTranscriptProps {
  /** What the recorder is doing. */
  recording: 'idle' | 'asking' | 'recording' | 'paused' | 'stopping' | 'problem';
  /** The microphone while a recording is under way. */
  stream: MediaStream | undefined;
  /** The language chosen in the form (a code, or 'auto'). */
  language: string;
  /** Counts the transcripts that arrived: a new one replaces the live text. */
  arrival: number;
  /** Told the committed text each time it grows: the recorder keeps it with the recording's copy. */
  onText: (text: string) => void;
}

/** A module with one SIMD instruction: WebAssembly.validate says whether this browser has SIMD. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
const hasSimd = (): boolean => typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
const deviceMemory = (): number | undefined => (navigator as Navigator & { deviceMemory?: number }).deviceMemory;

function useLiveSwitch() {
  const [enabled, setEnabled] = useState(() => webStorage('localStorage')?.getItem(SWITCH_KEY) !== 'off');
  const change = (on: boolean) => {
    setEnabled(on);
    webStorage('localStorage')?.setItem(SWITCH_KEY, on ? 'on' : 'off');
  };
  return [enabled, change] as const;
}

const REASONS: Partial<Record<LiveAvailability['kind'], string>> = { 'no-simd': L.noSimd, 'no-memory': L.noMemory };
const reasonOf = (availability: LiveAvailability): string | undefined =>
  availability.kind === 'no-language' ? L.noLanguage(availability.languageName) : REASONS[availability.kind];

export function LiveTranscript({ recording, stream, language, arrival, onText }: LiveTranscriptProps) {
  const capabilities = useQuery(capabilitiesQuery());
  const [enabled, setEnabled] = useLiveSwitch();
  const availability = liveAvailability({ capabilities: capabilities.data, language, enabled, simd: hasSimd(), deviceMemoryGb: deviceMemory() });
  const on = availability.kind === 'on' ? availability : undefined;
  const { text, phase, clear } = useLiveTranscript(stream, on?.language, on?.engine ?? 'browser', recording === 'paused');
  const shownArrival = useRef(arrival);
  useEffect(() => {
    if (arrival === shownArrival.current) return;
    shownArrival.current = arrival;
    clear();
  }, [arrival, clear]);

  const keep = useRef(onText);
  keep.current = onText;
  useEffect(() => {
    if (text.committed.length > 0) keep.current(text.committed.join(' '));
  }, [text.committed]);

  const idle = recording === 'idle' || recording === 'asking' || recording === 'problem';
  const hasText = text.committed.length > 0 || text.provisional !== '';
  const reason = reasonOf(availability);
  return (
    <>
      {idle && capabilities.data?.live && (
        <div className="live-switch">
          <CheckboxField role="switch" label={L.switchLabel} checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
          <p className="field__hint">{reason ?? L.switchHint}</p>
        </div>
      )}
      {(phase !== 'idle' && (!idle || hasText)) && <LivePanel text={text} phase={phase} paused={recording === 'paused'} stopped={idle || recording === 'stopping'} />}
    </>
  );
}

function statusOf(phase: LivePhase, paused: boolean, stopped: boolean, empty: boolean): string | undefined {
  if (phase === 'failed') return L.failed;
  if (phase === 'loading') return L.loading;
  if (stopped) return empty ? undefined : L.afterStop;
  if (paused) return L.paused;
  return empty ? L.empty : undefined;
}

function LivePanel({ text, phase, paused, stopped }: { text: LiveText; phase: LivePhase; paused: boolean; stopped: boolean }) {
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  useLayoutEffect(() => {
    const element = log.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [text]);
  const empty = text.committed.length === 0 && !text.provisional;
  const status = statusOf(phase, paused, stopped, empty);
  return (
    <section className="live" aria-label={L.title}>
      <h3 className="live__title">{L.title}</h3>
      {status && <p className="field__hint">{status}</p>}
      <div
        ref={log}
        className="live__log"
        role="log"
        aria-live="polite"
        aria-label={L.title}
        tabIndex={0}
        onScroll={(event) => {
          following.current = isAtEnd(event.currentTarget);
        }}
      >
        {text.committed.map((line, index) => (
          <span key={index} className="live__final">
            {line}{' '}
          </span>
        ))}
        {text.provisional && <span className="live__partial">{text.provisional}</span>}
      </div>
    </section>
  );
}
