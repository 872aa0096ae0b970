/**
 * Audio a speech service reads (issue 13 point 5): what ffmpeg says about a recording's audio, whether
 * the service takes it as is, and the ffmpeg arguments that convert it. Pure: functions/services/media/speech-audio.ts runs ffmpeg.
 */
import { z } from 'zod';
import { MAX_RECORDING_SECONDS } from './constants';

/** What a speech service reads as is; anything else is converted first (engines that decode anything leave this out). */
export interface ReadableMedia {
  /** Containers by our detected extension (functions/domain/media-type.ts). */
  extensions: readonly string[];
  maxChannels: number;
  /** The audio codecs (ffmpeg's names) it reads in each container; a container left out takes any codec. */
  codecs?: Readonly<Record<string, readonly string[]>>;
  /** The sample rates it reads, as inclusive [lowest, highest] ranges in Hz; left out, any rate. */
  sampleRates?: readonly (readonly [number, number])[];
}

/** One audio stream as ffmpeg describes it: its codec, its sample rate (null when not said) and its channels. */
export interface AudioStream {
  codec: string;
  sampleRate: number | null;
  channels: number;
}

/**
 * The converted audio: 16 kHz mono 16-bit FLAC. Lossless, as Transcribe recommends, at the rate it asks for
 * speech; encoding it costs ffmpeg a few seconds of CPU an hour where Opus cost over a minute (`npm run bench`),
 * and 4 hours make at most 460 MB (the raw size; FLAC saves a fifth to a half), written to /tmp and uploaded.
 */
export const SPEECH_AUDIO = { extension: 'flac', mime: 'audio/flac', sampleRate: 16_000 } as const;

export const AUDIO_MESSAGES = {
  noAudio: 'The recording has no audio track.',
  undecodable: 'The recording could not be decoded. It may be damaged or in a format that is not supported.',
};

/** Each audio stream ffmpeg lists for its input (`Stream #0:1(und): Audio: aac (LC), 48000 Hz, 5.1, fltp`). */
export function audioStreams(ffmpegStderr: string): AudioStream[] {
  const streams = ffmpegStderr.split('\n').filter((line) => /^\s*Stream #0:\d+.*?: Audio: /.test(line));
  return streams.map((line) => {
    // "codec (details), 48000 Hz, 5.1, fltp, 384 kb/s": the codec's name first, the layout after the rate.
    const parts = line.split(/: Audio: /)[1]!.split(',').map((part) => part.trim());
    const rate = parts.findIndex((part) => / Hz$/.test(part));
    return {
      codec: parts[0]!.split(' ')[0]!,
      sampleRate: rate >= 0 ? Number.parseInt(parts[rate]!, 10) : null,
      channels: channelsOf(rate >= 0 ? (parts[rate + 1] ?? '') : ''),
    };
  });
}

/** The input's length in seconds from ffmpeg's description (`  Duration: 00:01:23.45, start: ...`); null when it says N/A. */
export function durationOf(ffmpegStderr: string): number | null {
  const match = /^\s*Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/m.exec(ffmpegStderr);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}

const NAMED_LAYOUTS: Record<string, number> = { mono: 1, stereo: 2, downmix: 2, quad: 4, hexagonal: 6, octagonal: 8, hexadecagonal: 16 };

/**
 * The channel count of ffmpeg's layout text: "mono", "stereo", "5.1(side)", "7.1", "6 channels", "quad(side)".
 * A layout it does not know counts as many channels: converting is always safe, sending too many is not.
 */
export function channelsOf(layout: string): number {
  const name = layout.replace(/\(.*\)$/, '');
  if (name in NAMED_LAYOUTS) return NAMED_LAYOUTS[name]!;
  const counted = /^(\d+) channels?$/.exec(name);
  if (counted) return Number(counted[1]);
  const surround = /^(\d+)\.(\d+)$/.exec(name);
  if (surround) return Number(surround[1]) + Number(surround[2]);
  return Number.POSITIVE_INFINITY;
}

/**
 * Whether the service reads the recording as it is: its container, and its first audio stream's codec, sample
 * rate and channels. A rate ffmpeg does not say counts as unreadable: converting is always safe.
 */
export function readsAsIs(readable: ReadableMedia, extension: string, streams: readonly AudioStream[]): boolean {
  const stream = streams[0];
  if (!stream || !readable.extensions.includes(extension) || stream.channels > readable.maxChannels) return false;
  const codecs = readable.codecs?.[extension];
  if (codecs && !codecs.includes(stream.codec)) return false;
  const rate = stream.sampleRate;
  return !readable.sampleRates || (rate !== null && readable.sampleRates.some(([lowest, highest]) => rate >= lowest && rate <= highest));
}

const QUIET = ['-nostdin', '-hide_banner', '-nostats'];

/**
 * ffmpeg's demuxer for each container the app detects (functions/domain/media-type.ts). ffmpeg is told what
 * the file is rather than left to guess: a file that passed our check as one container can't be read as
 * another, such as a playlist behind an ID3 tag that names other files or hosts for ffmpeg to open.
 */
const DEMUXERS: Readonly<Record<string, string>> = {
  aac: 'aac',
  aiff: 'aiff',
  amr: 'amr',
  avi: 'avi',
  caf: 'caf',
  flac: 'flac',
  mp3: 'mp3',
  mpg: 'mpeg',
  ts: 'mpegts',
  wav: 'wav',
  ...Object.fromEntries(['ogg', 'opus', 'ogv'].map((extension) => [extension, 'ogg'])),
  ...Object.fromEntries(['webm', 'mka', 'mkv'].map((extension) => [extension, 'matroska'])),
  ...Object.fromEntries(['m4a', 'mp4', 'mov', '3gp'].map((extension) => [extension, 'mov'])),
};

/** How ffmpeg reaches the recording: a file of the work folder, or the loopback server of functions/services/media/speech-audio.ts. */
export type InputProtocol = 'file' | 'http';

/**
 * The input's options: its demuxer and the only protocols ffmpeg may open (the input's own, nothing any file
 * names). A container the app does not detect is refused rather than guessed.
 */
export function inputArgs(input: string, extension: string, protocol: InputProtocol): string[] {
  const demuxer = DEMUXERS[extension];
  if (!demuxer) throw new Error(`No demuxer for a .${extension} recording`);
  return ['-protocol_whitelist', protocol === 'http' ? 'http,tcp' : 'file', '-f', demuxer, '-i', input];
}

/** ffmpeg describes the input and stops (no output named): only the container's start is read. */
export const probeArgs = (input: string, extension: string, protocol: InputProtocol = 'http'): string[] => [...QUIET, ...inputArgs(input, extension, protocol)];

/** ffmpeg's muxer for each container a browser records in (MediaRecorder writes WebM as a stream: no duration, no index). */
const REMUX_FORMATS: Readonly<Record<string, string>> = { webm: 'webm', mka: 'matroska', mkv: 'matroska' };

/**
 * Whether a recording is copied into one that states its length before it is played (issue 28 point 5): a
 * WebM or Matroska file whose start tells none, as a browser's MediaRecorder writes it; players show such a
 * file's length as unknown (Infinity) and can't seek in it.
 */
export const needsPlayableCopy = (extension: string, durationSeconds: number | null): boolean => durationSeconds === null && extension in REMUX_FORMATS;

/** Its audio and video copied as they are (no re-encoding) into the same container, which ffmpeg closes with the duration and an index. */
export const remuxArgs = (input: string, extension: string, protocol: InputProtocol, output: string): string[] => [
  ...QUIET,
  '-loglevel',
  'error',
  ...inputArgs(input, extension, protocol),
  '-map',
  '0:v?',
  '-map',
  '0:a?',
  '-c',
  'copy',
  '-f',
  REMUX_FORMATS[extension] ?? 'matroska',
  '-y',
  output,
];

/** The first audio stream only, mono at `sampleRate`, no longer than the longest recording the app takes. */
const firstStreamMono = (sampleRate: number): string[] => ['-map', '0:a:0', '-t', String(MAX_RECORDING_SECONDS), '-ac', '1', '-ar', String(sampleRate)];

/**
 * The first audio stream as SPEECH_AUDIO, video and everything else dropped, at most the longest recording
 * the app takes. ffmpeg streams: it holds a few frames at a time whatever the length.
 */
export const convertArgs = (input: string, extension: string, protocol: InputProtocol, output: string): string[] => [
  ...QUIET,
  '-loglevel',
  'error',
  ...inputArgs(input, extension, protocol),
  ...firstStreamMono(SPEECH_AUDIO.sampleRate),
  '-sample_fmt',
  's16',
  '-c:a',
  'flac',
  '-f',
  'flac',
  '-y',
  output,
];

/**
 * The first audio stream as the local recogniser reads it: 16 kHz mono 16-bit samples, raw (no header), at most
 * the longest recording the app takes (a file whose start understates its length decodes no further).
 */
export const decodeArgs = (input: string, extension: string, output: string, sampleRate: number): string[] => [
  ...QUIET,
  ...inputArgs(input, extension, 'file'),
  ...firstStreamMono(sampleRate),
  '-f',
  's16le',
  '-c:a',
  'pcm_s16le',
  '-y',
  output,
];

/** What PrepareMedia sends to the media function (functions/services/media/media-function.ts calls it, functions/media/handler.ts runs it). */
export const MediaRequest = z.object({
  /** A GET link of the recording; ranges are asked in a header. */
  source: z.url(),
  /** A PUT link of its converted audio, signed with SPEECH_AUDIO's type. */
  target: z.url(),
  extension: z.string().min(1),
  readable: z.object({
    extensions: z.array(z.string()).readonly(),
    maxChannels: z.number().int().min(1),
    codecs: z.record(z.string(), z.array(z.string()).readonly()).optional(),
    sampleRates: z.array(z.tuple([z.number().int().min(1), z.number().int().min(1)]).readonly()).readonly().optional(),
  }),
  /** A PUT link of the recording itself, signed with its type, when a copy that states its length replaces it (needsPlayableCopy). */
  playable: z.object({ url: z.url(), type: z.string().min(1) }).optional(),
});
