/**
 * How long a recording plays, from the start of its file where the format says it there: WAV (byte
 * rate and data size), FLAC (STREAMINFO), MP4/MOV/M4A with the movie header first ('faststart') and MP3
 * (its frame count, else its constant bitrate). Null when the start does not say (Ogg, Matroska, MP4 with
 * its index at the end): the engines have their own limits for those. Pure.
 */
import type { MediaType } from './media-type';

const ascii = (bytes: Uint8Array, start: number, length: number): string => String.fromCharCode(...bytes.subarray(start, start + length));
const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** WAVE format tags whose samples take `block align` bytes each: integer PCM, float, extensible. */
const PCM_FORMATS = new Set([1, 3, 0xfffe]);

/**
 * RIFF chunks: `fmt ` gives the byte rate, `data` the size of the sound (or, when streamed, the rest of the
 * file). For PCM, the rate decoders play at (sample rate × block align) rules: a byte rate written larger
 * would otherwise make a long recording look short to the quota (issue 25).
 */
function wavSeconds(head: Uint8Array, size: number): number | null {
  const data = view(head);
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= head.length; ) {
    const id = ascii(head, offset, 4);
    const length = data.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 24 <= head.length) {
      const played = data.getUint32(offset + 12, true) * data.getUint16(offset + 20, true);
      byteRate = PCM_FORMATS.has(data.getUint16(offset + 8, true)) && played ? played : data.getUint32(offset + 16, true);
    }
    if (id === 'data') {
      if (!byteRate) return null;
      const soundBytes = Math.min(length, size - offset - 8);
      return soundBytes / byteRate;
    }
    offset += 8 + length + (length % 2);
  }
  return null;
}

/** STREAMINFO, the first metadata block: 20 bits of sample rate, 36 bits of total samples (0: unknown). */
function flacSeconds(head: Uint8Array): number | null {
  if (head.length < 26 || (head[4]! & 0x7f) !== 0) return null;
  const sampleRate = (head[18]! << 12) | (head[19]! << 4) | (head[20]! >> 4);
  const samples = (head[21]! & 0x0f) * 2 ** 32 + view(head).getUint32(22);
  return sampleRate && samples ? samples / sampleRate : null;
}

/** The movie header (`mvhd`): time scale and duration, 32-bit (version 0) or 64-bit (version 1). */
function isoSeconds(head: Uint8Array): number | null {
  for (let at = 4; at + 4 <= head.length; at++) {
    if (head[at] !== 0x6d || ascii(head, at, 4) !== 'mvhd') continue;
    const data = view(head);
    const box = at + 4;
    const version = head[box];
    if (version === 1 && box + 32 <= head.length) {
      const scale = data.getUint32(box + 20);
      return scale ? Number(data.getBigUint64(box + 24)) / scale : null;
    }
    if (version === 0 && box + 20 <= head.length) {
      const scale = data.getUint32(box + 12);
      return scale ? data.getUint32(box + 16) / scale : null;
    }
    return null;
  }
  return null;
}

/** MPEG audio layer III bitrates (kbit/s) by index: MPEG-1, then MPEG-2 and 2.5. */
const MP3_KBPS = [
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
/** Sample rates by version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1) and index. */
const MP3_RATES: Record<number, number[]> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

/** Where the audio starts: after an ID3v2 tag (its size is four 7-bit bytes; a footer adds 10). */
function id3End(head: Uint8Array): number {
  if (head.length < 10 || ascii(head, 0, 3) !== 'ID3') return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  return 10 + size + (head[5]! & 0x10 ? 10 : 0);
}

/**
 * MP3: the first frame's Xing/Info (or VBRI) tag counts the frames, as encoders (LAME, ffmpeg) write it; without
 * one, a constant bitrate gives the length from the size. Issue 25: so that the quota holds MP3s at their start.
 */
function mp3Seconds(head: Uint8Array, size: number): number | null {
  for (let at = id3End(head); at + 4 <= head.length; at++) {
    if (head[at] !== 0xff || (head[at + 1]! & 0xe0) !== 0xe0) continue;
    const version = (head[at + 1]! >> 3) & 3;
    const layer = (head[at + 1]! >> 1) & 3;
    const bitrateIndex = head[at + 2]! >> 4;
    const rate = MP3_RATES[version]?.[(head[at + 2]! >> 2) & 3];
    // Not a layer III frame header (a false sync in a tag's data): look further.
    if (layer !== 1 || !rate || bitrateIndex === 0 || bitrateIndex === 15) continue;
    const mpeg1 = version === 3;
    const samplesPerFrame = mpeg1 ? 1152 : 576;
    const mono = head[at + 3]! >> 6 === 3;
    const xing = at + 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17);
    const data = view(head);
    const kbps = MP3_KBPS[mpeg1 ? 0 : 1]!;
    // No real file is denser than the top bitrate: a tag claiming fewer frames than the size holds is not believed.
    const atLeast = ((size - at) * 8) / (kbps.at(-1)! * 1000);
    if (xing + 12 <= head.length && ['Xing', 'Info'].includes(ascii(head, xing, 4)) && data.getUint32(xing + 4) & 1) return Math.max(atLeast, (data.getUint32(xing + 8) * samplesPerFrame) / rate);
    const vbri = at + 36;
    if (vbri + 18 <= head.length && ascii(head, vbri, 4) === 'VBRI') return Math.max(atLeast, (data.getUint32(vbri + 14) * samplesPerFrame) / rate);
    return ((size - at) * 8) / (kbps[bitrateIndex]! * 1000);
  }
  return null;
}

export function mediaDurationSeconds(head: Uint8Array, size: number, type: MediaType): number | null {
  if (type.extension === 'wav') return wavSeconds(head, size);
  if (type.extension === 'mp3') return mp3Seconds(head, size);
  if (type.extension === 'flac') return flacSeconds(head);
  if (['mp4', 'm4a', 'mov', 'm4v', '3gp'].includes(type.extension)) return isoSeconds(head);
  return null;
}
