/**
 * ffmpeg on an untrusted upload is told what the file is and may open nothing else (issue 25, the media
 * function and the local engine): an ID3 tag passes the upload check as MP3, and ffmpeg, left to guess, skips
 * it and reads what follows as an HLS playlist, opening the files or hosts it names. Both of the app's ffmpeg
 * paths are run on such a file with the real ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectMediaType } from '../../functions/domain/media-type';
import { AUDIO_MESSAGES, inputArgs } from '../../functions/domain/speech-audio';
import { decodeAudio } from '../../functions/engines/speech/audio';
import { speechReadyMedia, type MediaPlaces } from '../../functions/services/media/speech-audio';

let dir: string;
/** Names a file of the machine. */
let playlist: string;
/** Names a loopback address (the media function reads its upload over HTTP). */
let httpPlaylist: string;
/** Another server on the machine, and what it was asked. */
let server: Server;
const asked: string[] = [];

/** An ID3 tag, then a playlist of one segment. */
const hlsBehindId3 = (segment: string): Buffer =>
  Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), Buffer.from(['#EXTM3U', '#EXT-X-TARGETDURATION:3', '#EXTINF:3.0,', segment, '#EXT-X-ENDLIST', ''].join('\n'))]);

beforeAll(async () => {
  // The configuration the media function's code reads (FFMPEG_PATH: ffmpeg on PATH, as locally).
  Object.assign(process.env, { TABLE_NAME: 'table', UPLOADS_BUCKET: 'bucket', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', APP_ORIGINS: 'https://app.example.com' });
  dir = mkdtempSync(join(tmpdir(), 'ffmpeg-input-'));
  // Another file on the machine, of a kind HLS segments may be: what the playlist makes ffmpeg read.
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=3', '-ar', '16000', join(dir, 'secret.aac')]);
  playlist = join(dir, 'upload');
  writeFileSync(playlist, hlsBehindId3(join(dir, 'secret.aac')));
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'audio/aac' }).end(readFileSync(join(dir, 'secret.aac')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  httpPlaylist = join(dir, 'http-upload');
  writeFileSync(httpPlaylist, hlsBehindId3(`http://127.0.0.1:${(server.address() as AddressInfo).port}/secret.aac`));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

test('the files pass the upload check as MP3', () => {
  expect([playlist, httpPlaylist].map((path) => detectMediaType(readFileSync(path))?.extension)).toEqual(['mp3', 'mp3']);
});

test('the local engine refuses it as undecodable instead of decoding the file it names', async () => {
  await expect(decodeAudio(playlist, join(dir, 'audio.raw'))).rejects.toThrow(AUDIO_MESSAGES.undecodable);
});

test('the media function refuses it as undecodable, and the address it names is never asked', async () => {
  const size = statSync(httpPlaylist).size;
  const places: MediaPlaces = {
    read: async (range) => {
      const [, first, last] = /bytes=(\d+)-(\d*)/.exec(range ?? '') ?? [];
      const start = Number(first ?? 0);
      const end = last ? Math.min(Number(last), size - 1) : size - 1;
      if (start >= size) throw Object.assign(new Error('past the end'), { $metadata: { httpStatusCode: 416 } });
      return { body: createReadStream(httpPlaylist, { start, end }), length: end - start + 1, ...(range ? { range: `bytes ${start}-${end}/${size}` } : {}) };
    },
    writeConverted: async () => undefined,
  };
  // A container Transcribe does not read, so the conversion runs if the probe lets it through.
  await expect(speechReadyMedia(places, 'mp3', { extensions: [], maxChannels: 2 })).rejects.toThrow(AUDIO_MESSAGES.undecodable);
  expect(asked).toEqual([]);
});

test("each container's demuxer is named, with only the input's own protocol; one the app does not detect is not guessed", () => {
  expect(inputArgs('http://127.0.0.1:1/media', 'm4a', 'http')).toEqual(['-protocol_whitelist', 'http,tcp', '-f', 'mov', '-i', 'http://127.0.0.1:1/media']);
  expect(inputArgs('/tmp/input', 'webm', 'file')).toEqual(['-protocol_whitelist', 'file', '-f', 'matroska', '-i', '/tmp/input']);
  expect(() => inputArgs('/tmp/input', 'm3u8', 'file')).toThrow();
});
