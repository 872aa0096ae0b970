/** Issue 29: the page's streaming engine against a fake socket: what it sends, what it shows, how it fails. */
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { LiveUpdate } from '../../web/src/features/live/engine';
import { LiveServiceError, serviceEngine, type ServiceConnection } from '../../web/src/features/live/service-engine';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const string = (value: string) => ({ type: 'string' as const, value });

/** A socket that opens at once, keeps what is sent and lets the test answer. */
class FakeSocket {
  static last: FakeSocket;
  readonly OPEN = 1;
  readyState = 1;
  binaryType = 'blob';
  sent: Uint8Array[] = [];
  onopen?: () => void;
  onmessage?: (event: { data: ArrayBuffer }) => void;
  onerror?: () => void;
  onclose?: () => void;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    queueMicrotask(() => this.onopen?.());
  }
  send(data: Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  answer(headers: Record<string, string>, body: unknown) {
    const frame = codec.encode({ headers: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, string(value)])), body: fromUtf8(JSON.stringify(body)) });
    this.onmessage?.({ data: frame.slice().buffer });
  }
}

const ended: [string, number][] = [];
const connection = (): ServiceConnection => ({
  open: async () => ({ id: 'session-1', url: 'wss://stand-in/stream', language_code: 'fr-FR', sample_rate: 16_000, expires_at: '' }),
  end: async (id, seconds) => ended.push([id, seconds]),
  WebSocket: FakeSocket as unknown as ServiceConnection['WebSocket'],
});
const transcript = (isPartial: boolean, text: string) => ({ Transcript: { Results: [{ IsPartial: isPartial, Alternatives: [{ Transcript: text }], StartTime: 0, EndTime: 1 }] } });
const EVENT = { ':message-type': 'event', ':event-type': 'TranscriptEvent', ':content-type': 'application/json' };

beforeEach(() => ended.splice(0));

it('sends 100 ms AudioEvents, shows partial then final text, ends with an empty AudioEvent and reports the seconds sent', async () => {
  const updates: LiveUpdate[] = [];
  const failures: Error[] = [];
  const engine = await serviceEngine(connection)({ language: 'French', onUpdate: (update) => updates.push(update), onFailure: (error) => failures.push(error) });
  const socket = FakeSocket.last;
  engine.push(new Float32Array(2500));
  expect(socket.sent.map((frame) => codec.decode(frame).body.byteLength)).toEqual([3200]);
  socket.answer(EVENT, transcript(true, 'bonjour'));
  socket.answer(EVENT, transcript(false, 'Bonjour à tous.'));
  const finished = engine.finish();
  const [rest, end] = socket.sent.slice(1).map((frame) => codec.decode(frame));
  expect(rest!.body.byteLength).toBe(1800);
  expect(end!.body.byteLength).toBe(0);
  expect(end!.headers[':event-type']).toEqual(string('AudioEvent'));
  socket.close();
  await finished;
  expect(updates).toEqual([{ kind: 'partial', text: 'bonjour' }, { kind: 'final', text: 'Bonjour à tous.' }]);
  expect(ended).toEqual([['session-1', 2500 / 16_000]]);
  // Closed by the service after the end of the audio: the normal end, not a failure.
  expect(failures).toEqual([]);
});

it('reports an exception of the service once, as it happens: later audio is dropped, finish rejects with it', async () => {
  const failures: Error[] = [];
  const engine = await serviceEngine(connection)({ language: 'French', onUpdate: () => undefined, onFailure: (error) => failures.push(error) });
  FakeSocket.last.answer({ ':message-type': 'exception', ':exception-type': 'BadRequestException', ':content-type': 'application/json' }, { Message: 'Your stream is too big.' });
  expect(failures).toEqual([expect.any(LiveServiceError)]);
  expect(() => engine.push(new Float32Array(2000))).not.toThrow();
  expect(FakeSocket.last.sent).toEqual([]);
  await expect(engine.finish()).rejects.toThrow(LiveServiceError);
  expect(failures).toHaveLength(1);
  expect(ended).toHaveLength(1);
});

it('reports a connection the service closes while audio still flows (its time limit, a lost network)', async () => {
  const failures: Error[] = [];
  const engine = await serviceEngine(connection)({ language: 'French', onUpdate: () => undefined, onFailure: (error) => failures.push(error) });
  engine.push(new Float32Array(1600));
  FakeSocket.last.close();
  expect(failures).toEqual([expect.any(LiveServiceError)]);
  expect(ended).toEqual([['session-1', 0.1]]);
});
