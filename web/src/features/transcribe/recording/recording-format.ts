/**
 * What a browser recording is made as, and what its problems mean to the user (issue 15, point 1).
 * Pure; unit-tested.
 */

/**
 * Preferred first: WebM/Opus (Chromium, Firefox), Ogg/Opus (Firefox), then MP4/AAC where that is all the
 * browser has (Safari). The server reads each by its bytes and both speech engines decode them.
 */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4'] as const;

/** The first type the browser can record; undefined: let the browser choose (it still records something). */
export function chooseRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** The file extension for a recorder's type ('audio/webm;codecs=opus' → 'webm'). */
export function recordingExtension(mimeType: string): string {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  if (base.endsWith('/ogg')) return 'ogg';
  if (base.endsWith('/mp4') || base.endsWith('/aac')) return 'm4a';
  return 'webm';
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** 'Recording 2026-11-23 18-42.webm', in the user's local time: sorts by date in any list. */
export function recordingFilename(startedAt: Date, mimeType: string): string {
  const date = `${startedAt.getFullYear()}-${pad(startedAt.getMonth() + 1)}-${pad(startedAt.getDate())}`;
  const time = `${pad(startedAt.getHours())}-${pad(startedAt.getMinutes())}-${pad(startedAt.getSeconds())}`;
  return `Recording ${date} ${time}.${recordingExtension(mimeType)}`;
}

/** 'm:ss', or 'h:mm:ss' from an hour on. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

export type MicrophoneProblem = 'denied' | 'no-microphone' | 'busy' | 'unsupported' | 'failed';

/** getUserMedia's errors, by name (a DOMException is not always an Error instance). */
export function microphoneProblem(error: unknown): MicrophoneProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-microphone';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'busy';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'failed';
}

/**
 * The loudness of one frame of time-domain samples (bytes centred on 128, as AnalyserNode gives them)
 * as 0..1: the RMS, scaled so speech fills most of the meter.
 */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) {
    const centred = (sample - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(1, Math.sqrt(sum / samples.length) * 3);
}

/** The recorded time: what was recorded before the current stretch, and when that stretch started (undefined: paused). */
export interface RecordingClock {
  recordedMs: number;
  stretchStart: number | undefined;
}

export const startClock = (now: number): RecordingClock => ({ recordedMs: 0, stretchStart: now });
export const clockElapsed = (clock: RecordingClock, now: number): number => clock.recordedMs + (clock.stretchStart === undefined ? 0 : Math.max(0, now - clock.stretchStart));
/** Pausing (or stopping) banks the current stretch; pausing twice changes nothing. */
export const pauseClock = (clock: RecordingClock, now: number): RecordingClock => ({ recordedMs: clockElapsed(clock, now), stretchStart: undefined });
export const resumeClock = (clock: RecordingClock, now: number): RecordingClock => (clock.stretchStart === undefined ? { ...clock, stretchStart: now } : clock);
