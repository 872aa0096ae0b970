/**
 * A stored recording made readable by the speech service (issue 13 point 5). ffmpeg (FFMPEG_PATH: the
 * Lambda layer's binary in AWS) reads the object through a loopback HTTP source backed by S3 GetObject
 * with ranges: it can seek, as MP4 and MOV with their index at the end need, and the recording is never
 * held whole, in memory or on disk. What the service does not read as is becomes SPEECH_AUDIO in a work
 * folder (at most 460 MB for 4 hours), uploaded beside the engine's output and removed after the job.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AUDIO_MESSAGES, audioStreamChannels, convertArgs, durationOf, probeArgs, readsAsIs, SPEECH_AUDIO, type ReadableMedia } from '../domain/speech-audio';
import { MAX_RECORDING_SECONDS } from '../domain/constants';
import { EngineError } from '../engines/engine-error';
import { runTool } from '../engines/run-tool';
import { getConfig } from './config';
import { logger } from './logger';
import { putFile, readObject } from './media-store';
import { withWorkDir } from './work-dir';

export interface StoredMedia {
  key: string;
  /** The container detected from its bytes (functions/domain/media-type.ts). */
  extension: string;
}

const ffmpeg = (args: string[]) => runTool(getConfig().FFMPEG_PATH, args, { debianPackage: 'ffmpeg' });

/** What the service will read, and its length as ffmpeg reads it (null when ffmpeg can't tell). */
export interface SpeechReadyMedia extends StoredMedia {
  durationSeconds: number | null;
}

/**
 * The recording as the service reads it: `media` itself, or its audio converted and stored under `convertedKey`.
 * A recording without audio, or one ffmpeg cannot read, is refused with the user's reason.
 */
export async function speechReadyMedia(media: StoredMedia, convertedKey: string, readable: ReadableMedia): Promise<SpeechReadyMedia> {
  return withObjectUrl(media.key, async (url) => {
    const probe = await ffmpeg(probeArgs(url));
    if (!/^Input #0/m.test(probe.stderr)) throw new EngineError('bad-media', AUDIO_MESSAGES.undecodable);
    const channels = audioStreamChannels(probe.stderr);
    if (channels.length === 0) throw new EngineError('bad-media', AUDIO_MESSAGES.noAudio);
    // The conversion stops at the longest recording the app takes (convertArgs), so the service reads no more.
    const durationSeconds = durationOf(probe.stderr);
    if (readsAsIs(readable, media.extension, channels)) return { ...media, durationSeconds };
    await convertTo(url, convertedKey);
    return { key: convertedKey, extension: SPEECH_AUDIO.extension, durationSeconds: durationSeconds === null ? null : Math.min(durationSeconds, MAX_RECORDING_SECONDS) };
  });
}

async function convertTo(url: string, key: string): Promise<void> {
  await withWorkDir('speech-audio', async (dir) => {
    const output = join(dir, `audio.${SPEECH_AUDIO.extension}`);
    const started = Date.now();
    const { exitCode, stderr } = await ffmpeg(convertArgs(url, output));
    if (exitCode !== 0) {
      logger.warn('A recording could not be converted for speech recognition', { stderr: stderr.slice(-500) });
      throw new EngineError('bad-media', AUDIO_MESSAGES.undecodable);
    }
    await putFile(key, output, SPEECH_AUDIO.mime);
    logger.info('Recording converted for speech recognition', { milliseconds: Date.now() - started });
  });
}

/** Serves one object on 127.0.0.1 while `use` runs: GET with or without a Range header, as ffmpeg's HTTP reader asks. */
async function withObjectUrl<T>(key: string, use: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((req, res) => void serveObject(key, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/media`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function serveObject(key: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    const object = await readObject(key, range);
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
