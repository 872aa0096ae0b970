/**
 * How long a recording plays, from the start of its file where the format says it there: WAV (byte
 * rate and data size), FLAC (STREAMINFO) and MP4/MOV/M4A with the movie header first ('faststart').
 * Null when the start does not say (MP3, Ogg, Matroska, MP4 with its index at the end): the engines
 * have their own limits for those. Pure.
 */
import type { MediaType } from './media-type';

const ascii = (bytes: Uint8Array, start: number, length: number): string => String.fromCharCode(...bytes.subarray(start, start + length));
const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** RIFF chunks: `fmt ` gives the byte rate, `data` the size of the sound (or, when streamed, the rest of the file). */
function wavSeconds(head: Uint8Array, size: number): number | null {
  const data = view(head);
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= head.length; ) {
    const id = ascii(head, offset, 4);
    const length = data.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 16 <= head.length) byteRate = data.getUint32(offset + 16, true);
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

export function mediaDurationSeconds(head: Uint8Array, size: number, type: MediaType): number | null {
  if (type.extension === 'wav') return wavSeconds(head, size);
  if (type.extension === 'flac') return flacSeconds(head);
  if (['mp4', 'm4a', 'mov', 'm4v', '3gp'].includes(type.extension)) return isoSeconds(head);
  return null;
}
