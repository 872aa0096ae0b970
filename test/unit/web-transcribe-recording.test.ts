/** Issue 15, point 1: the recording kept in IndexedDB slice by slice (fake-indexeddb), and the recorder's pure rules. */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { recordingStore } from '../../web/src/features/transcribe/recording/chunk-store';
import {
  chooseRecordingType,
  clockElapsed,
  formatElapsed,
  levelOf,
  microphoneProblem,
  pauseClock,
  recordingExtension,
  recordingFilename,
  resumeClock,
  startClock,
} from '../../web/src/features/transcribe/recording/recording-format';

const bytes = (...values: number[]): ArrayBuffer => new Uint8Array(values).buffer;
const text = async (blob: Blob | undefined): Promise<number[]> => [...new Uint8Array(await blob!.arrayBuffer())];

describe('recording store (IndexedDB)', () => {
  const meta = (id: string, startedAt: number, owner = 'user-a') => ({ id, owner, mimeType: 'audio/webm;codecs=opus', filename: `${id}.webm`, startedAt });

  test('slices come back in recording order as one Blob of the recorder type, with size and duration', async () => {
    const store = recordingStore(new IDBFactory());
    await store.create(meta('a', 1000));
    // Written out of order: the sequence number decides, not the arrival.
    await store.append('a', 1, bytes(3, 4), 2000);
    await store.append('a', 0, bytes(1, 2), 1000);
    await store.append('a', 2, bytes(5), 2600);
    const blob = await store.read('a');
    expect(blob?.type).toBe('audio/webm;codecs=opus');
    expect(await text(blob)).toEqual([1, 2, 3, 4, 5]);
    expect(await store.list('user-a')).toEqual([{ ...meta('a', 1000), durationMs: 2600, size: 5 }]);
  });

  test('survives a new connection (a reload): what was written is listed and readable', async () => {
    const factory = new IDBFactory();
    const first = recordingStore(factory);
    await first.create(meta('kept', 5));
    await first.append('kept', 0, bytes(9, 9), 900);
    const second = recordingStore(factory);
    expect((await second.list('user-a')).map((recording) => recording.id)).toEqual(['kept']);
    expect(await text(await second.read('kept'))).toEqual([9, 9]);
  });

  test('remove deletes the recording and its slices only; other recordings stay, oldest first', async () => {
    const store = recordingStore(new IDBFactory());
    await store.create(meta('later', 20));
    await store.create(meta('earlier', 10));
    await store.append('later', 0, bytes(1), 100);
    await store.append('earlier', 0, bytes(2), 100);
    expect((await store.list('user-a')).map((recording) => recording.id)).toEqual(['earlier', 'later']);
    await store.remove('later');
    expect(await store.read('later')).toBeUndefined();
    expect(await text(await store.read('earlier'))).toEqual([2]);
    expect((await store.list('user-a')).map((recording) => recording.id)).toEqual(['earlier']);
  });

  test('the live text is kept with the recording (issue 29), replaced by each newer one; none for a recording that is gone', async () => {
    const store = recordingStore(new IDBFactory());
    await store.create(meta('a', 1));
    await store.append('a', 0, bytes(1), 100);
    await store.keepLiveText('a', 'And so, my fellow');
    await store.keepLiveText('a', 'And so, my fellow Americans,');
    await store.append('a', 1, bytes(2), 200);
    expect(await store.list('user-a')).toEqual([{ ...meta('a', 1), durationMs: 200, size: 2, liveText: 'And so, my fellow Americans,' }]);
    await store.remove('a');
    await store.keepLiveText('a', 'late');
    expect(await store.list('user-a')).toEqual([]);
  });

  test("on a shared computer, each user is offered only their own recordings", async () => {
    const store = recordingStore(new IDBFactory());
    await store.create(meta('mine', 1, 'user-a'));
    await store.create(meta('theirs', 2, 'user-b'));
    expect((await store.list('user-a')).map((recording) => recording.id)).toEqual(['mine']);
    expect((await store.list('user-b')).map((recording) => recording.id)).toEqual(['theirs']);
    expect(await store.list('')).toEqual([]);
  });

  test('a slice for a discarded recording is dropped, not kept as an orphan', async () => {
    const store = recordingStore(new IDBFactory());
    await store.create(meta('gone', 1));
    await store.remove('gone');
    await store.append('gone', 0, bytes(1), 100);
    expect(await store.list('user-a')).toEqual([]);
    await store.create(meta('gone', 1));
    expect(await text(await store.read('gone'))).toEqual([]);
  });

  test('no IndexedDB (a browser that refuses it): every call fails, so the recorder says the recording is not kept', async () => {
    const store = recordingStore(null);
    await expect(store.create(meta('x', 1))).rejects.toThrow(/cannot keep recordings/);
    await expect(store.list('user-a')).rejects.toThrow();
  });
});

describe('recording format', () => {
  test('WebM/Opus first, then Ogg/Opus, then MP4/AAC where that is all there is; nothing supported lets the browser choose', () => {
    expect(chooseRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(chooseRecordingType((type) => type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(chooseRecordingType((type) => type.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(chooseRecordingType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(chooseRecordingType(() => false)).toBeUndefined();
    expect(
      chooseRecordingType(() => {
        throw new Error('old browser');
      }),
    ).toBeUndefined();
  });

  test('extension and file name from the type and the local start time', () => {
    expect(recordingExtension('audio/webm;codecs=opus')).toBe('webm');
    expect(recordingExtension('audio/ogg; codecs=opus')).toBe('ogg');
    expect(recordingExtension('audio/mp4')).toBe('m4a');
    expect(recordingExtension('')).toBe('webm');
    expect(recordingFilename(new Date(2026, 10, 3, 9, 5, 7), 'audio/ogg')).toBe('Recording 2026-11-03 09-05-07.ogg');
  });

  test('elapsed time as m:ss, h:mm:ss from an hour', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(5_999)).toBe('0:05');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_600_000 + 62_000)).toBe('1:01:02');
    expect(formatElapsed(-5)).toBe('0:00');
  });

  test("getUserMedia's errors become what the user can do about them", () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(microphoneProblem(named('NotAllowedError'))).toBe('denied');
    expect(microphoneProblem(named('SecurityError'))).toBe('denied');
    expect(microphoneProblem(named('NotFoundError'))).toBe('no-microphone');
    expect(microphoneProblem(named('OverconstrainedError'))).toBe('no-microphone');
    expect(microphoneProblem(named('NotReadableError'))).toBe('busy');
    expect(microphoneProblem(named('TypeError'))).toBe('unsupported');
    expect(microphoneProblem('strange')).toBe('failed');
  });

  test('level: silence is 0, a loud frame fills the meter, a quiet one part of it', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    expect(levelOf(Uint8Array.from({ length: 64 }, (_, index) => (index % 2 ? 255 : 0)))).toBe(1);
    const quiet = levelOf(Uint8Array.from({ length: 64 }, (_, index) => (index % 2 ? 136 : 120)));
    expect(quiet).toBeGreaterThan(0.1);
    expect(quiet).toBeLessThan(0.3);
    expect(levelOf(new Uint8Array())).toBe(0);
  });

  test('the recorded time leaves pauses out; pausing or resuming twice changes nothing', () => {
    let clock = startClock(1_000);
    expect(clockElapsed(clock, 4_000)).toBe(3_000);
    clock = pauseClock(clock, 4_000);
    expect(clockElapsed(clock, 60_000)).toBe(3_000);
    expect(pauseClock(clock, 70_000)).toEqual(clock);
    clock = resumeClock(clock, 60_000);
    expect(resumeClock(clock, 65_000)).toEqual(clock);
    expect(clockElapsed(clock, 62_500)).toBe(5_500);
    // A clock that steps back (a sleeping laptop's timer) never counts down.
    expect(clockElapsed(clock, 59_000)).toBe(3_000);
  });
});
