/** Issue 29: the browser's side of Transcribe streaming's event-stream messages. */
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { audioEvent, pcm16, readServiceMessage } from '../../web/src/features/live/event-stream';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const string = (value: string) => ({ type: 'string' as const, value });

it('encodes samples as 16-bit little-endian PCM, clipped', () => {
  const bytes = pcm16(Float32Array.from([0, 1, -1, 0.5, 2]));
  expect(Array.from(new Int16Array(bytes.buffer))).toEqual([0, 32767, -32767, 16384, 32767]);
});

it('sends audio as an AudioEvent message of octets, and the end as an empty one', () => {
  const message = codec.decode(audioEvent(Uint8Array.from([1, 2, 3, 4])));
  expect(message.headers).toEqual({ ':message-type': string('event'), ':event-type': string('AudioEvent'), ':content-type': string('application/octet-stream') });
  expect(Array.from(message.body)).toEqual([1, 2, 3, 4]);
  expect(codec.decode(audioEvent(new Uint8Array(0))).body).toHaveLength(0);
});

it('reads a TranscriptEvent as updates: partial results replace, final ones commit', () => {
  const body = { Transcript: { Results: [{ IsPartial: true, Alternatives: [{ Transcript: 'ask not' }], StartTime: 0, EndTime: 1 }, { IsPartial: false, Alternatives: [{ Transcript: 'Ask not what.' }], StartTime: 0, EndTime: 2 }] } };
  const frame = codec.encode({ headers: { ':message-type': string('event'), ':event-type': string('TranscriptEvent'), ':content-type': string('application/json') }, body: fromUtf8(JSON.stringify(body)) });
  expect(readServiceMessage(frame)).toEqual({ kind: 'updates', updates: [{ kind: 'partial', text: 'ask not' }, { kind: 'final', text: 'Ask not what.' }] });
});

it('reads an exception message as the failure it reports', () => {
  const frame = codec.encode({ headers: { ':message-type': string('exception'), ':exception-type': string('BadRequestException'), ':content-type': string('application/json') }, body: fromUtf8(JSON.stringify({ Message: 'Your request timed out.' })) });
  expect(readServiceMessage(frame)).toEqual({ kind: 'exception', type: 'BadRequestException', message: 'Your request timed out.' });
});
