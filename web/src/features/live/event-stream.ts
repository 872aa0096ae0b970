/**
 * Transcribe streaming's WebSocket messages (issue 29), in the AWS event-stream binary framing: audio goes
 * out as AudioEvents of 16-bit little-endian PCM (an empty one ends the stream), transcripts come back as
 * TranscriptEvents of JSON, failures as exception messages. Pure; unit-tested.
 */
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { LiveUpdate } from './engine';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const header = (value: string) => ({ type: 'string' as const, value });

/** 16 kHz samples in [-1, 1] as 16-bit little-endian PCM (clipped). */
export function pcm16(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((sample, index) => view.setInt16(index * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 0x7fff), true));
  return bytes;
}

/** One AudioEvent message; an empty body is the end of the audio. */
export function audioEvent(pcm: Uint8Array): Uint8Array<ArrayBuffer> {
  // A copy on an ArrayBuffer of its own, as WebSocket.send takes.
  return new Uint8Array(codec.encode({
    headers: { ':message-type': header('event'), ':event-type': header('AudioEvent'), ':content-type': header('application/octet-stream') },
    body: pcm,
  }));
}

/** What one message from the service says: updates to show, or the failure it reports. */
export type ServiceMessage = { kind: 'updates'; updates: LiveUpdate[] } | { kind: 'exception'; type: string; message: string };

interface TranscriptEventBody {
  Transcript?: { Results?: { IsPartial?: boolean; Alternatives?: { Transcript?: string }[] }[] };
}

/** A message of the service, as updates: a partial result replaces the provisional text, a final one commits it. */
export function readServiceMessage(frame: Uint8Array): ServiceMessage {
  const { headers, body } = codec.decode(frame);
  const text = toUtf8(body);
  const messageType = headers[':message-type']?.value;
  if (messageType === 'exception' || messageType === 'error') {
    const type = String(headers[':exception-type']?.value ?? headers[':error-code']?.value ?? 'Exception');
    const message = String(headers[':error-message']?.value ?? ((JSON.parse(text || '{}') as { Message?: string; message?: string }).Message ?? type));
    return { kind: 'exception', type, message };
  }
  if (headers[':event-type']?.value !== 'TranscriptEvent') return { kind: 'updates', updates: [] };
  const results = (JSON.parse(text) as TranscriptEventBody).Transcript?.Results ?? [];
  const updates = results.map((result): LiveUpdate => ({ kind: result.IsPartial ? 'partial' : 'final', text: result.Alternatives?.[0]?.Transcript ?? '' }));
  return { kind: 'updates', updates };
}
