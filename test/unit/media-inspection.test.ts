/** The one media inspection (docs/architecture.md#workflow): size, real type by its bytes, duration, and its texts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_RECORDING_SECONDS, MAX_UPLOAD_BYTES } from '../../functions/domain/constants';
import { mediaDurationSeconds } from '../../functions/domain/media-duration';
import { inspectMedia } from '../../functions/domain/media-inspection';
import { detectMediaType } from '../../functions/domain/media-type';
import { MESSAGES } from '../../functions/domain/messages';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(__dirname, '../fixtures/media', name)));
const durationOf = (name: string): number | null => {
  const bytes = fixture(name);
  return mediaDurationSeconds(bytes, bytes.length, detectMediaType(bytes)!);
};

/** A WAV header announcing `seconds` of 16 kHz mono 16-bit sound (the sound itself is not needed). */
function wavHeader(seconds: number): Uint8Array {
  const header = new DataView(new ArrayBuffer(44));
  const bytes = new Uint8Array(header.buffer);
  const text = (offset: number, value: string) => [...value].forEach((char, i) => (bytes[offset + i] = char.charCodeAt(0)));
  const byteRate = 16_000 * 2;
  text(0, 'RIFF');
  header.setUint32(4, 36 + seconds * byteRate, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, 16_000, true);
  header.setUint32(28, byteRate, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  text(36, 'data');
  header.setUint32(40, seconds * byteRate, true);
  return bytes;
}

describe('duration from the start of the file', () => {
  it('reads WAV, FLAC and MP4/MOV/M4A with the movie header first, as ffprobe does', () => {
    expect(durationOf('tone.wav')).toBeCloseTo(0.0296, 3);
    expect(durationOf('clip-faststart.mp4')).toBeCloseTo(0.3, 3);
    expect(durationOf('clip.mov')).toBeCloseTo(0.3, 3);
    expect(durationOf('tone.m4a')).toBeCloseTo(0.3, 3);
    expect(durationOf('tone.flac')).toBeGreaterThan(0);
  });

  it('reads MP3 from its first frame (the Xing/Info frame count, else the constant bitrate), as ffprobe does', () => {
    // ffprobe: 0.396 s, with an ID3 tag first and without.
    expect(durationOf('tone.mp3')).toBeCloseTo(0.396, 3);
    expect(durationOf('tone-raw.mp3')).toBeCloseTo(0.396, 3);
  });

  it("an MP3 whose tag counts fewer frames than its size holds is taken at the top bitrate at least (issue 25)", () => {
    const head = fixture('tone.mp3');
    // The fixture's tag (0.396 s) before a megabyte of frames: at most 160 kbit/s (MPEG-2), so 50 s at least.
    expect(mediaDurationSeconds(head, 1_000_000, detectMediaType(head)!)).toBeGreaterThan(49);
  });

  it('says nothing where the start does not tell (Ogg, Matroska)', () => {
    for (const name of ['tone.ogg', 'clip.mkv']) expect(durationOf(name)).toBeNull();
  });

  it('a PCM WAV plays at sample rate × block align, whatever byte rate its header claims (issue 25: no short-looking long recording)', () => {
    const header = wavHeader(3600);
    new DataView(header.buffer).setUint32(28, 16_000 * 2 * 100, true);
    expect(mediaDurationSeconds(header, 3600 * 32_000 + 44, detectMediaType(header)!)).toBe(3600);
  });

  it('reads a long WAV from its header alone', () => {
    const header = wavHeader(5 * 3600);
    expect(mediaDurationSeconds(header, 5 * 3600 * 32_000 + 44, detectMediaType(header)!)).toBe(5 * 3600);
  });
});

describe('inspectMedia', () => {
  it('accepts a recording, with its type and duration', () => {
    const bytes = fixture('tone.wav');
    expect(inspectMedia(bytes.length, bytes)).toEqual({ size: bytes.length, type: expect.objectContaining({ kind: 'audio', extension: 'wav' }), durationSeconds: expect.any(Number) });
  });

  it('refuses, with the API texts: not there yet (kept), empty, too large, not media, too long (removed)', () => {
    const text = new TextEncoder().encode('meeting notes, typed, not recorded');
    const long = wavHeader(MAX_RECORDING_SECONDS + 60);
    expect(inspectMedia(null, new Uint8Array())).toEqual({ status: 409, message: MESSAGES.uploadIncomplete, remove: false });
    expect(inspectMedia(0, new Uint8Array())).toEqual({ status: 400, message: MESSAGES.emptyFile, remove: true });
    expect(inspectMedia(MAX_UPLOAD_BYTES + 1, fixture('tone.wav'))).toMatchObject({ status: 413, remove: true });
    expect(inspectMedia(text.length, text)).toEqual({ status: 415, message: MESSAGES.notMedia, remove: true });
    expect(inspectMedia((MAX_RECORDING_SECONDS + 60) * 32_000 + 44, long)).toEqual({ status: 422, message: MESSAGES.recordingTooLong(4), remove: true });
  });
});
