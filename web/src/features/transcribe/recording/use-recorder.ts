/**
 * Recording in the browser (issue 15, point 1): the microphone is asked for only when Record is
 * pressed; MediaRecorder hands a slice every second, each written to the recording store at once;
 * an AnalyserNode drives the level meter; the elapsed time leaves pauses out. Stop gives a File that
 * is uploaded like any other. Leaving the tab stops the recording; what was kept is offered next time.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { RecordingStore } from './chunk-store';
import { holdRecordingLock } from './recording-lock';
import { chooseRecordingType, clockElapsed, levelOf, microphoneProblem, pauseClock, recordingFilename, resumeClock, startClock, type MicrophoneProblem, type RecordingClock } from './recording-format';

/** One slice a second: a crash loses at most about a second. */
export const RECORDING_SLICE_MS = 1000;
/** How often the elapsed time on screen is brought up to date. */
const CLOCK_TICK_MS = 250;

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'recording' | 'paused'; id: string; filename: string; elapsedMs: number; kept: boolean }
  | { kind: 'stopping'; id: string; filename: string; elapsedMs: number; kept: boolean }
  | { kind: 'problem'; problem: MicrophoneProblem };

export interface FinishedRecording {
  /** Its id in the recording store (removed once its upload is confirmed). */
  id: string;
  file: File;
  durationMs: number;
}

interface Session {
  id: string;
  filename: string;
  stream: MediaStream;
  recorder: MediaRecorder;
  audio: AudioContext | undefined;
  chunks: Blob[];
  /** The store's writes, in order; a failed write is skipped (the slice is still in `chunks`). */
  writes: Promise<void>;
  kept: boolean;
  clock: RecordingClock;
  frame: number | undefined;
  /** Lets other tabs know it is under way (recording-lock.ts). */
  releaseLock: () => void;
}

const elapsedOf = (session: Session): number => clockElapsed(session.clock, performance.now());

const recordingSupported = (): boolean => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder !== 'undefined';

function release(session: Session): void {
  session.releaseLock();
  if (session.frame !== undefined) cancelAnimationFrame(session.frame);
  for (const track of session.stream.getTracks()) track.stop();
  void session.audio?.close().catch(() => {});
}

/** The microphone (asked for now) and a MediaRecorder on it in the best type this browser records, or why not. */
async function openMicrophone(): Promise<{ stream: MediaStream; recorder: MediaRecorder; type: string } | { problem: MicrophoneProblem }> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    return { problem: microphoneProblem(error) };
  }
  const mimeType = chooseRecordingType((type) => MediaRecorder.isTypeSupported(type));
  try {
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    return { stream, recorder, type: recorder.mimeType || mimeType || 'audio/webm' };
  } catch {
    for (const track of stream.getTracks()) track.stop();
    return { problem: 'unsupported' };
  }
}

/** An AnalyserNode on the stream for the level meter; none without Web Audio (the recording works without it). */
function levelAnalyser(stream: MediaStream): { audio: AudioContext | undefined; analyser: AnalyserNode | undefined } {
  let audio: AudioContext | undefined;
  try {
    audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    return { audio, analyser };
  } catch {
    return { audio, analyser: undefined };
  }
}

/** Each slice goes into `chunks` and, in order, into the store; after a failed write nothing more is kept there. */
function keepSlices(current: Session, store: RecordingStore): void {
  let seq = 0;
  current.recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    current.chunks.push(event.data);
    const index = seq++;
    const durationMs = elapsedOf(current);
    current.writes = current.writes.then(async () => {
      if (!current.kept) return;
      try {
        await store.append(current.id, index, await event.data.arrayBuffer(), durationMs);
      } catch {
        current.kept = false;
      }
    });
  };
}

export interface RecorderOptions {
  store: RecordingStore;
  /** The signed-in user: the kept copy is offered to them only. */
  owner: string;
  onFinished: (recording: FinishedRecording) => void;
}

/** The level meter: its element is written on every animation frame without a render. */
function useLevelMeter() {
  const meter = useRef<HTMLDivElement | null>(null);

  const showLevel = (level: number) => {
    const element = meter.current;
    if (!element) return;
    const percent = Math.round(level * 100);
    element.style.setProperty('--level', String(level));
    element.setAttribute('aria-valuenow', String(percent));
  };

  const watchLevel = (current: Session, analyser: AnalyserNode) => {
    const samples = new Uint8Array(analyser.fftSize);
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      showLevel(current.clock.stretchStart === undefined ? 0 : levelOf(samples));
      current.frame = requestAnimationFrame(tick);
    };
    current.frame = requestAnimationFrame(tick);
  };

  return { meter, watchLevel };
}

/** The clock on screen while recording. */
function useRecordingClock(running: boolean, session: RefObject<Session | null>, setState: Dispatch<SetStateAction<RecorderState>>): void {
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      const current = session.current;
      if (current) setState((now) => (now.kind === 'recording' ? { ...now, elapsedMs: elapsedOf(current), kept: current.kept } : now));
    }, CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, [running, session, setState]);
}

/** Leaving the tab ends the recording; its slices stay in the store and are offered next time. */
function useEndOnLeave(session: RefObject<Session | null>): void {
  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      session.current = null;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
    },
    [session],
  );
}

export function useRecorder({ store, owner, onFinished }: RecorderOptions) {
  const [state, setState] = useState<RecorderState>({ kind: 'idle' });
  /** The microphone while recording: the live transcript listens to it too. */
  const [stream, setStream] = useState<MediaStream | undefined>(undefined);
  const session = useRef<Session | null>(null);
  const { meter, watchLevel } = useLevelMeter();
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const start = useCallback(async () => {
    if (session.current) return;
    if (!recordingSupported()) {
      setState({ kind: 'problem', problem: 'unsupported' });
      return;
    }
    setState({ kind: 'asking' });
    const opened = await openMicrophone();
    if ('problem' in opened) {
      setState({ kind: 'problem', problem: opened.problem });
      return;
    }
    const { stream, recorder, type } = opened;
    const startedAt = new Date();
    const id = crypto.randomUUID();
    const filename = recordingFilename(startedAt, type);
    const { audio, analyser } = levelAnalyser(stream);
    const current: Session = { id, filename, stream, recorder, audio, chunks: [], writes: Promise.resolve(), kept: true, clock: startClock(performance.now()), frame: undefined, releaseLock: holdRecordingLock(id) };
    session.current = current;
    current.writes = store.create({ id, owner, mimeType: type, filename, startedAt: startedAt.getTime() }).catch(() => {
      current.kept = false;
    });
    keepSlices(current, store);
    recorder.start(RECORDING_SLICE_MS);
    if (analyser) watchLevel(current, analyser);
    setStream(stream);
    setState({ kind: 'recording', id, filename, elapsedMs: 0, kept: true });
  }, [store, owner]);

  /** Pauses a recording (true) or resumes a paused one (false), with its clock. */
  const hold = useCallback((paused: boolean) => {
    const current = session.current;
    if (!current || current.recorder.state !== (paused ? 'recording' : 'paused')) return;
    if (paused) current.recorder.pause();
    else current.recorder.resume();
    current.clock = (paused ? pauseClock : resumeClock)(current.clock, performance.now());
    setState({ kind: paused ? 'paused' : 'recording', id: current.id, filename: current.filename, elapsedMs: current.clock.recordedMs, kept: current.kept });
  }, []);
  const pause = useCallback(() => hold(true), [hold]);
  const resume = useCallback(() => hold(false), [hold]);

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    current.clock = pauseClock(current.clock, performance.now());
    const durationMs = current.clock.recordedMs;
    setState({ kind: 'stopping', id: current.id, filename: current.filename, elapsedMs: durationMs, kept: current.kept });
    // The last slice comes with 'stop'.
    const stopped = new Promise<void>((resolve) => current.recorder.addEventListener('stop', () => resolve(), { once: true }));
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    await stopped;
    await current.writes;
    release(current);
    session.current = null;
    setStream(undefined);
    const type = current.recorder.mimeType.split(';')[0] || 'audio/webm';
    setState({ kind: 'idle' });
    finished.current({ id: current.id, file: new File(current.chunks, current.filename, { type }), durationMs });
  }, []);

  const dismissProblem = useCallback(() => setState((now) => (now.kind === 'problem' ? { kind: 'idle' } : now)), []);

  useRecordingClock(state.kind === 'recording', session, setState);
  useEndOnLeave(session);

  return { state, stream, meter, start, pause, resume, stop, dismissProblem };
}
