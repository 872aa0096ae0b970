/**
 * Recordings that play right (issue 28 point 5): a browser recording (MediaRecorder WebM: no duration, no
 * index) is replaced by a copy that states its length, with the real ffmpeg on the real Chromium fixture; the
 * page's "Length" is the length read from the media; a recording without a picture plays as audio; a length
 * that is not a number never shows as "Infinity:NaN:NaN".
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatClock } from '../../functions/domain/paragraphs';
import { needsPlayableCopy, remuxArgs } from '../../functions/domain/speech-audio';
import { listItemView, type TranscriptRecord } from '../../functions/domain/transcript-view';
import { sharedTranscriptView } from '../../functions/domain/share-links';
import { speechReadyMedia, type MediaPlaces } from '../../functions/services/media/speech-audio';
import { isVideo, shownLength } from '../../web/src/transcript/sticky-player';

const FIXTURE = join(__dirname, '../fixtures/media/browser-recording.webm');
const probedSeconds = (path: string): string =>
  execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], { encoding: 'utf8' }).trim();

let dir: string;
beforeAll(() => {
  // The configuration the media function's code reads (FFMPEG_PATH: ffmpeg on PATH, as locally).
  Object.assign(process.env, { TABLE_NAME: 'table', UPLOADS_BUCKET: 'bucket', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', APP_ORIGINS: 'https://app.example.com' });
  dir = mkdtempSync(join(tmpdir(), 'playback-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stored file read by ranges as the media function reads its upload, and what it writes back. */
function placesOf(path: string) {
  const written: { converted: string[]; playable: string[] } = { converted: [], playable: [] };
  const places: Required<MediaPlaces> = {
    read: async (range) => {
      const size = statSync(path).size;
      const [, first, last] = /bytes=(\d+)-(\d*)/.exec(range ?? '') ?? [];
      const start = Number(first ?? 0);
      const end = last ? Math.min(Number(last), size - 1) : size - 1;
      if (start >= size) throw Object.assign(new Error('past the end'), { $metadata: { httpStatusCode: 416 } });
      return { body: createReadStream(path, { start, end }), length: end - start + 1, ...(range ? { range: `bytes ${start}-${end}/${size}` } : {}) };
    },
    writeConverted: async (file) => void written.converted.push(file),
    // The copy replaces the stored file, as the PUT of the upload's own link does.
    writePlayable: async (file) => {
      copyFileSync(file, path);
      written.playable.push(file);
    },
  };
  return { places, written };
}

describe('a browser recording (MediaRecorder WebM)', () => {
  it('has no duration as recorded', () => {
    expect(probedSeconds(FIXTURE)).toBe('N/A');
  });

  it('is copied, not re-encoded, into the same container, which then states its length; the copy replaces it and its length is answered', async () => {
    const stored = join(dir, 'upload.webm');
    copyFileSync(FIXTURE, stored);
    const { places, written } = placesOf(stored);
    const check = await speechReadyMedia(places, 'webm', { extensions: ['webm'], maxChannels: 2 });
    expect(written.playable).toHaveLength(1);
    expect(written.converted).toEqual([]);
    expect(check.converted).toBe(false);
    expect(check.durationSeconds).toBeCloseTo(3.18, 1);
    expect(Number(probedSeconds(stored))).toBeCloseTo(3.18, 1);
    // The same Opus packets: only the container's length and index were added.
    expect(Math.abs(statSync(stored).size - readFileSync(FIXTURE).length)).toBeLessThan(2000);
  });

  it('is left as it is when no copy is asked for (no link to write it back)', async () => {
    const stored = join(dir, 'kept.webm');
    copyFileSync(FIXTURE, stored);
    const { places } = placesOf(stored);
    const { writePlayable: _none, ...withoutPlayable } = places;
    expect((await speechReadyMedia(withoutPlayable, 'webm', { extensions: ['webm'], maxChannels: 2 })).durationSeconds).toBeNull();
    expect(readFileSync(stored).equals(readFileSync(FIXTURE))).toBe(true);
  });
});

describe('which recordings are copied, and how', () => {
  it('only WebM and Matroska whose start tells no length', () => {
    expect(['webm', 'mka', 'mkv'].map((extension) => needsPlayableCopy(extension, null))).toEqual([true, true, true]);
    expect(needsPlayableCopy('webm', 3.2)).toBe(false);
    expect(['ogg', 'mp3', 'mp4', 'wav'].map((extension) => needsPlayableCopy(extension, null))).toEqual([false, false, false, false]);
  });

  it('copies the audio and video streams as they are, with the forced demuxer and only the input\'s protocol', () => {
    expect(remuxArgs('http://127.0.0.1:1/media', 'webm', 'http', '/tmp/out.webm').join(' ')).toContain(
      '-protocol_whitelist http,tcp -f matroska -i http://127.0.0.1:1/media -map 0:v? -map 0:a? -c copy -f webm -y /tmp/out.webm',
    );
    expect(remuxArgs('/tmp/in', 'mkv', 'file', '/tmp/out.mkv').slice(-4)).toEqual(['-f', 'matroska', '-y', '/tmp/out.mkv']);
  });
});

describe('what the page shows of the recording', () => {
  const record: TranscriptRecord = {
    transcriptId: 't1', filename: 'Recording.webm', mediaExtension: 'webm', mediaType: 'audio/webm', language: 'en', tags: [], status: 'complete',
    topic: '', summary: '', preview: '', createdAt: '2026-11-22T00:00:00.000Z', state: 'active',
  };

  it('"Length" is the length read from the media, as the player reads it, else where the last word ends', () => {
    expect(listItemView({ ...record, audioMs: 20_000, durationMs: 0 }).duration_ms).toBe(20_000);
    expect(listItemView({ ...record, audioMs: 0, durationMs: 4200 }).duration_ms).toBe(4200);
    expect(listItemView(record).duration_ms).toBeNull();
  });

  it('a recording without a picture is audio, one with a picture video (by the type found in its bytes, not its name)', () => {
    expect(listItemView(record).media_kind).toBe('audio');
    expect(listItemView({ ...record, mediaType: 'video/webm' }).media_kind).toBe('video');
    const body = { text: '', word_timings: [], speakers: [] };
    expect(sharedTranscriptView(record, body, '/api/shared/x/audio.webm')).toMatchObject({ media_kind: 'audio' });
    expect(sharedTranscriptView(record, body, null)).not.toHaveProperty('media_kind');
  });

  it('the player is an audio one for a recording without a picture, whatever its extension; guessed by the extension only when not told', () => {
    expect(isVideo('/uploads/t1.webm', 'audio')).toBe(false);
    expect(isVideo('/uploads/t1.webm', 'video')).toBe(true);
    expect(isVideo('/uploads/t1.webm')).toBe(true);
    expect(isVideo('/uploads/t1.mp3')).toBe(false);
  });

  it('the player shows the media\'s length, else (a stream: Infinity, or not loaded: NaN) the transcript\'s', () => {
    expect(shownLength(20.1, 3000)).toBe(20.1);
    expect(shownLength(Number.POSITIVE_INFINITY, 20_400)).toBe(20.4);
    expect(shownLength(Number.NaN, null)).toBe(0);
  });

  it('a length that is not a number shows as unknown, never as "Infinity:NaN:NaN"', () => {
    expect([Number.POSITIVE_INFINITY, Number.NaN].map(formatClock)).toEqual(['–:––', '–:––']);
    expect(formatClock(20_400)).toBe('0:20');
  });
});
