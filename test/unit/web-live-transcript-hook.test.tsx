/**
 * @jest-environment jsdom
 *
 * Issue 29: pausing the recording pauses the live text (a short silence first, so the words said so far are
 * committed), resuming feeds it again; an engine that stops on its own while recording (a crashed worker, a
 * connection the service closed) shows the live text stopped and releases the microphone tap; the recording
 * itself goes on. The engine and the tap are fakes: nothing records here.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import type { StartLiveEngine } from '@web/features/live/engine';
import { useLiveTranscript } from '@web/features/live/use-live-transcript';
import { LIVE_SAMPLE_RATE, UTTERANCE_OPTIONS } from '@web/features/live/utterances';

let reportFailure: ((error: Error) => void) | undefined;
const pushed: Float32Array[] = [];
const tapClosed = jest.fn();
let feed: ((samples: Float32Array) => void) | undefined;

const fakeEngine: StartLiveEngine = async ({ onFailure }) => {
  reportFailure = onFailure;
  return { push: (samples) => pushed.push(samples), finish: async () => undefined, close: () => undefined };
};
jest.mock('@web/features/live/start', () => ({ liveEngineFor: () => fakeEngine }));
/** Set by a test: the tap is held until it resolves. */
let tapping: Promise<void> = Promise.resolve();
jest.mock('@web/features/live/audio-tap', () => ({
  tapMicrophone: async (_stream: unknown, onSamples: (samples: Float32Array) => void) => {
    await tapping;
    feed = onSamples;
    return { close: tapClosed };
  },
}));

beforeEach(() => {
  pushed.splice(0);
  tapClosed.mockClear();
  reportFailure = undefined;
});

it('pause: one silence long enough to end the utterance, then nothing until resume', async () => {
  const stream = {} as MediaStream;
  const { result, rerender } = renderHook(({ paused }) => useLiveTranscript(stream, 'en', 'browser', paused), { initialProps: { paused: false } });
  await waitFor(() => expect(result.current.phase).toBe('running'));
  feed!(new Float32Array(4));
  rerender({ paused: true });
  expect(pushed.map((samples) => samples.length)).toEqual([4, expect.any(Number)]);
  // The engine ends an utterance after UTTERANCE_OPTIONS.endSilenceSeconds of silence: more than that, all zeros.
  const silence = pushed[1]!;
  expect(silence.length / LIVE_SAMPLE_RATE).toBeGreaterThan(UTTERANCE_OPTIONS.endSilenceSeconds);
  expect(silence.every((sample) => sample === 0)).toBe(true);
  feed!(new Float32Array(4));
  expect(pushed).toHaveLength(2);
  rerender({ paused: false });
  feed!(new Float32Array(8));
  expect(pushed.map((samples) => samples.length).slice(2)).toEqual([8]);
});

it('an engine failure while running: phase failed and the microphone tap closed', async () => {
  const stream = {} as MediaStream;
  const { result } = renderHook(() => useLiveTranscript(stream, 'en', 'browser', false));
  await waitFor(() => expect(result.current.phase).toBe('running'));
  feed!(new Float32Array(4));
  expect(pushed).toHaveLength(1);

  act(() => reportFailure!(new Error('worker crashed')));
  expect(result.current.phase).toBe('failed');
  expect(tapClosed).toHaveBeenCalled();
});

it('an engine failure while the microphone is being tapped: still failed, and the tap closed once made', async () => {
  let tapped!: () => void;
  tapping = new Promise((resolve) => (tapped = resolve));
  const stream = {} as MediaStream;
  const { result } = renderHook(() => useLiveTranscript(stream, 'en', 'browser', false));
  await waitFor(() => expect(reportFailure).toBeDefined());
  act(() => reportFailure!(new Error('worker crashed')));
  tapped();
  await waitFor(() => expect(tapClosed).toHaveBeenCalled());
  expect(result.current.phase).toBe('failed');
  tapping = Promise.resolve();
});
