import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectMediaType } from '../../functions/domain/media-type';

/** Small files made by ffmpeg (wav and flac cut to their first KiB): real magic bytes and container layouts. */
const sample = (name: string): Buffer => readFileSync(join(__dirname, '../fixtures/media', name));

describe('detectMediaType', () => {
  it.each([
    ['tone.wav', 'audio', 'audio/wav', 'wav'],
    ['tone.mp3', 'audio', 'audio/mpeg', 'mp3'],
    ['tone-raw.mp3', 'audio', 'audio/mpeg', 'mp3'],
    ['tone.aac', 'audio', 'audio/aac', 'aac'],
    ['tone.m4a', 'audio', 'audio/mp4', 'm4a'],
    ['tone-isom.mp4', 'audio', 'audio/mp4', 'm4a'],
    ['tone.flac', 'audio', 'audio/flac', 'flac'],
    ['tone.ogg', 'audio', 'audio/ogg', 'ogg'],
    ['tone.opus', 'audio', 'audio/ogg', 'opus'],
    ['tone-audio.webm', 'audio', 'audio/webm', 'webm'],
    ['tone.mka', 'audio', 'audio/x-matroska', 'mka'],
    ['clip.mp4', 'video', 'video/mp4', 'mp4'],
    ['clip-faststart.mp4', 'video', 'video/mp4', 'mp4'],
    ['clip.mov', 'video', 'video/quicktime', 'mov'],
    ['clip.webm', 'video', 'video/webm', 'webm'],
    ['clip.mkv', 'video', 'video/x-matroska', 'mkv'],
  ])('recognises %s', (name, kind, mime, extension) => {
    expect(detectMediaType(sample(name))).toEqual({ kind, mime, extension });
  });

  it('goes by the brand when the track list is not in the bytes read', () => {
    expect(detectMediaType(sample('tone.m4a').subarray(0, 32))).toMatchObject({ kind: 'audio', extension: 'm4a' });
    expect(detectMediaType(sample('clip.mp4').subarray(0, 32))).toMatchObject({ kind: 'video', extension: 'mp4' });
    expect(detectMediaType(sample('clip.mov').subarray(0, 32))).toMatchObject({ kind: 'video', extension: 'mov' });
  });

  it('ignores the name: a text file is not media whatever it is called', () => {
    expect(detectMediaType(Buffer.from('This is a text file renamed to song.mp3\n'))).toBeNull();
    expect(detectMediaType(Buffer.from('{"json": true}'))).toBeNull();
  });

  it('refuses other binary formats and chance frame-sync bytes', () => {
    expect(detectMediaType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull(); // PNG
    expect(detectMediaType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(detectMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBeNull(); // JPEG
    expect(detectMediaType(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBeNull();
    expect(detectMediaType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
  });

  it('refuses empty and tiny inputs', () => {
    expect(detectMediaType(new Uint8Array())).toBeNull();
    expect(detectMediaType(Uint8Array.from([0x49, 0x44]))).toBeNull();
  });
});
