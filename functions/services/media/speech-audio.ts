/**
 * A stored recording made readable by the speech service (issue 13 point 5). ffmpeg (FFMPEG_PATH: the
 * Lambda layer's binary in AWS) reads the object through a loopback HTTP source backed by ranged reads of
 * it: it can seek, as MP4 and MOV with their index at the end need, and the recording is never held
 * whole, in memory or on disk. What the service does not read as is becomes SPEECH_AUDIO in a work folder
 * (at most 460 MB for 4 hours), written beside the engine's output and removed after the job. This runs in
 * the media function (functions/media/handler.ts), which reaches exactly the one upload and the one output
 * through the links it is given (issue 25 point 7): ffmpeg decodes untrusted files.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AUDIO_MESSAGES, audioStreams, convertArgs, durationOf, needsPlayableCopy, probeArgs, readsAsIs, remuxArgs, SPEECH_AUDIO, type ReadableMedia } from '../../domain/speech-audio';
import { MAX_RECORDING_SECONDS } from '../../domain/constants';
import { EngineError } from '../../engines/engine-error';
import { runTool } from '../../engines/run-tool';
import { getConfig } from '../../platform/config';
import { logger } from '../../platform/logger';
import { withWorkDir } from '../../platform/work-dir';

/** A read of the recording, or of the range of it asked for in an HTTP Range header. */
export interface ObjectRead {
  body: NodeJS.ReadableStream;
  length: number;
  /** `bytes first-last/total` when a range was asked for. */
  range?: string;
}

/** The recording (read by HTTP ranges) and where its converted audio goes. */
export interface MediaPlaces {
  read(range: string | undefined): Promise<ObjectRead>;
  writeConverted(path: string): Promise<void>;
  /** Replaces the recording with a copy that states its length (a browser recording); absent: the recording stays as it is. */
  writePlayable?(path: string): Promise<void>;
}

/** Whether the audio was converted (then the service reads SPEECH_AUDIO), and the length ffmpeg read (null when it can't tell). */
export interface MediaCheck {
  converted: boolean;
  durationSeconds: number | null;
}

const ffmpeg = (args: string[]) => runTool(getConfig().FFMPEG_PATH, args, { debianPackage: 'ffmpeg' });

/**
 * The recording as the service reads it: as is, or its audio converted and written through `places`.
 * A recording without audio, or one ffmpeg cannot read, is refused with the user's reason.
 */
export async function speechReadyMedia(places: MediaPlaces, extension: string, readable: ReadableMedia): Promise<MediaCheck> {
  return withLoopbackUrl(places, async (url) => {
    const probe = await ffmpeg(probeArgs(url, extension));
    if (!/^Input #0/m.test(probe.stderr)) throw new EngineError('bad-media', AUDIO_MESSAGES.undecodable);
    const streams = audioStreams(probe.stderr);
    if (streams.length === 0) throw new EngineError('bad-media', AUDIO_MESSAGES.noAudio);
    // The conversion stops at the longest recording the app takes (convertArgs), so the service reads no more.
    let durationSeconds = durationOf(probe.stderr);
    if (places.writePlayable && needsPlayableCopy(extension, durationSeconds)) durationSeconds = await playableCopy(url, extension, places.writePlayable);
    if (readsAsIs(readable, extension, streams)) return { converted: false, durationSeconds };
    await convert(url, extension, places);
    return { converted: true, durationSeconds: durationSeconds === null ? null : Math.min(durationSeconds, MAX_RECORDING_SECONDS) };
  });
}

/**
 * The recording copied (ffmpeg -c copy) into a file that states its length, which replaces it: what the
 * player then reads. Answers that length; null when the copy failed, and the recording stays as it was.
 */
async function playableCopy(url: string, extension: string, write: (path: string) => Promise<void>): Promise<number | null> {
  return withWorkDir('playable', async (dir) => {
    const output = join(dir, `playable.${extension}`);
    const { exitCode, stderr } = await ffmpeg(remuxArgs(url, extension, 'http', output));
    const seconds = exitCode === 0 ? durationOf((await ffmpeg(probeArgs(output, extension, 'file'))).stderr) : null;
    if (seconds === null) {
      logger.warn('A recording could not be copied with its length', { stderr: stderr.slice(-500) });
      return null;
    }
    await write(output);
    return seconds;
  });
}

async function convert(url: string, extension: string, places: MediaPlaces): Promise<void> {
  await withWorkDir('speech-audio', async (dir) => {
    const output = join(dir, `audio.${SPEECH_AUDIO.extension}`);
    const started = Date.now();
    const { exitCode, stderr } = await ffmpeg(convertArgs(url, extension, 'http', output));
    if (exitCode !== 0) {
      logger.warn('A recording could not be converted for speech recognition', { stderr: stderr.slice(-500) });
      throw new EngineError('bad-media', AUDIO_MESSAGES.undecodable);
    }
    await places.writeConverted(output);
    logger.info('Recording converted for speech recognition', { milliseconds: Date.now() - started });
  });
}

/**
 * Serves the recording on 127.0.0.1 while `use` runs: GET with or without a Range header, as ffmpeg's HTTP
 * reader asks. ffmpeg's arguments and messages name only this address, never the link behind it.
 */
async function withLoopbackUrl<T>(places: MediaPlaces, use: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((req, res) => void serveObject(places, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/media`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function serveObject(places: MediaPlaces, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    const object = await places.read(range);
    res.writeHead(object.range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(object.length),
      'accept-ranges': 'bytes',
      ...(object.range ? { 'content-range': object.range } : {}),
    });
    if (req.method === 'HEAD') return void res.end();
    await pipeline(object.body, res);
  } catch (error) {
    // A range past the end (ffmpeg probing) answers 416 as S3 does; ffmpeg closing early is no error.
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (!res.headersSent) res.writeHead(status === 416 ? 416 : 502).end();
    else res.destroy();
  }
}
