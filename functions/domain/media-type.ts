/**
 * What a file really is, from its first bytes (never its name): audio or video, with the MIME
 * type and usual extension. Read at least MEDIA_SNIFF_BYTES from the start of the file: MP4
 * and Matroska tell audio from video by their track list, which sits near the start when present.
 */

export interface MediaType {
  kind: 'audio' | 'video';
  mime: string;
  extension: string;
}

export const MEDIA_SNIFF_BYTES = 64 * 1024;

const audio = (mime: string, extension: string): MediaType => ({ kind: 'audio', mime, extension });
const video = (mime: string, extension: string): MediaType => ({ kind: 'video', mime, extension });

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

export function detectMediaType(bytes: Uint8Array): MediaType | null {
  if (bytes.length < 4) return null;
  const magic4 = ascii(bytes, 0, 4);
  if (magic4 === 'RIFF' || magic4 === 'RF64') return riff(bytes);
  if (magic4 === 'fLaC') return audio('audio/flac', 'flac');
  if (magic4 === 'OggS') return ogg(bytes);
  if (magic4 === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(bytes, 8, 4))) return audio('audio/aiff', 'aiff');
  if (magic4 === 'caff') return audio('audio/x-caf', 'caf');
  if (ascii(bytes, 0, 6) === '#!AMR\n') return audio('audio/amr', 'amr');
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return matroska(bytes);
  if (bytes.length >= 12 && isIsoBaseMedia(bytes)) return isoBaseMedia(bytes);
  if (ascii(bytes, 0, 3) === 'ID3') return audio('audio/mpeg', 'mp3');
  if (bytes[0] === 0x00 && bytes[1] === 0x00 && bytes[2] === 0x01 && bytes[3] === 0xba) return video('video/mpeg', 'mpg');
  if (isMpegTransportStream(bytes)) return video('video/mp2t', 'ts');
  return frameSync(bytes);
}

/** RIFF holds WAVE audio or AVI video. */
function riff(bytes: Uint8Array): MediaType | null {
  const form = ascii(bytes, 8, 4);
  if (form === 'WAVE') return audio('audio/wav', 'wav');
  if (form === 'AVI ') return video('video/x-msvideo', 'avi');
  return null;
}

/** Ogg is audio (Vorbis, Opus, FLAC) unless its first stream is Theora video. */
function ogg(bytes: Uint8Array): MediaType {
  const head = ascii(bytes, 0, Math.min(bytes.length, 128));
  if (head.includes('theora')) return video('video/ogg', 'ogv');
  if (head.includes('OpusHead')) return audio('audio/ogg', 'opus');
  return audio('audio/ogg', 'ogg');
}

const BOX_TYPES_WITHOUT_FTYP = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

function isIsoBaseMedia(bytes: Uint8Array): boolean {
  const type = ascii(bytes, 4, 4);
  return type === 'ftyp' || BOX_TYPES_WITHOUT_FTYP.includes(type);
}

const AUDIO_BRANDS = ['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B '];

/** MP4, M4A, MOV, 3GP: the track handlers say audio or video when the moov box is at the start; else the brand decides. */
function isoBaseMedia(bytes: Uint8Array): MediaType {
  const brand = ascii(bytes, 4, 4) === 'ftyp' ? ascii(bytes, 8, 4) : 'qt  ';
  const handlers = trackHandlers(bytes);
  const audioOnly = handlers.size > 0 ? !handlers.has('vide') : AUDIO_BRANDS.includes(brand);
  if (audioOnly) return brand.startsWith('3g') ? audio('audio/3gpp', '3gp') : audio('audio/mp4', 'm4a');
  if (brand === 'qt  ') return video('video/quicktime', 'mov');
  if (brand.startsWith('3g')) return video('video/3gpp', '3gp');
  return video('video/mp4', 'mp4');
}

/** Handler types ('soun', 'vide', ...) of the 'hdlr' boxes found in the bytes. */
function trackHandlers(bytes: Uint8Array): Set<string> {
  const handlers = new Set<string>();
  for (let index = bytes.indexOf(0x68); index >= 0 && index + 16 <= bytes.length; index = bytes.indexOf(0x68, index + 1)) {
    // 'hdlr', then version and flags (4), pre_defined (4), handler type (4).
    if (ascii(bytes, index, 4) === 'hdlr') handlers.add(ascii(bytes, index + 12, 4));
  }
  handlers.delete('mdir'); // the metadata handler of iTunes-style tags, not a track
  return handlers;
}

/** WebM and Matroska: the DocType names the container; the track types say audio or video. */
function matroska(bytes: Uint8Array): MediaType {
  const { docType, trackTypes } = readEbml(bytes);
  const webm = docType === 'webm';
  const audioOnly = trackTypes.size > 0 && !trackTypes.has(MATROSKA_VIDEO_TRACK);
  if (audioOnly) return webm ? audio('audio/webm', 'webm') : audio('audio/x-matroska', 'mka');
  return webm ? video('video/webm', 'webm') : video('video/x-matroska', 'mkv');
}

const EBML = { header: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83 };
const EBML_CONTAINERS = new Set([EBML.header, EBML.segment, EBML.tracks, EBML.trackEntry]);
const MATROSKA_VIDEO_TRACK = 1;

/** A minimal EBML walk: descends into the header, segment, tracks and track entries; skips everything else. */
function readEbml(bytes: Uint8Array): { docType: string; trackTypes: Set<number> } {
  let docType = '';
  const trackTypes = new Set<number>();
  let offset = 0;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset, true);
    if (!id) break;
    const size = readVint(bytes, offset + id.length, false);
    if (!size) break;
    const dataStart = offset + id.length + size.length;
    if (EBML_CONTAINERS.has(id.value)) {
      offset = dataStart;
      continue;
    }
    if (size.unknown) break; // unknown size of a non-container: nothing more to learn
    const data = bytes.subarray(dataStart, dataStart + size.value);
    if (id.value === EBML.docType) docType = ascii(data, 0, data.length).replace(/\0+$/, '');
    if (id.value === EBML.trackType) trackTypes.add(data.reduce((value, byte) => value * 256 + byte, 0));
    offset = dataStart + size.value;
  }
  return { docType, trackTypes };
}

/** An EBML variable-length integer; ids keep their length marker, sizes drop it (all ones means "unknown"). */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | undefined {
  const first = bytes[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length || length > 8) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    value = value * 256 + bytes[offset + index]!;
    allOnes &&= bytes[offset + index] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function isMpegTransportStream(bytes: Uint8Array): boolean {
  return bytes.length >= 377 && bytes[0] === 0x47 && bytes[188] === 0x47 && bytes[376] === 0x47;
}

/** A raw MPEG audio frame (MP3 without tags) or an AAC ADTS frame, checked field by field to avoid chance matches. */
function frameSync(bytes: Uint8Array): MediaType | null {
  const [b0, b1, b2] = [bytes[0]!, bytes[1]!, bytes[2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  if (layer === 0b00) {
    // ADTS: MPEG version bit pattern 0b1x with layer 00; sampling index below 13.
    return (b1 & 0xf6) === 0xf0 && ((b2 >> 2) & 0b1111) < 13 ? audio('audio/aac', 'aac') : null;
  }
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0b11;
  if (version === 0b01 || bitrateIndex === 0b1111 || sampleRateIndex === 0b11) return null;
  return audio('audio/mpeg', 'mp3');
}
