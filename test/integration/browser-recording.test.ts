/**
 * A browser recording plays right (issue 28 point 5), on the real local stack: Chromium's MediaRecorder WebM
 * (test/fixtures/media/browser-recording.webm: no duration, no index) is stored, once its job has run, as a
 * copy that states its length, and the transcript's length is that length.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settled, signedUpBrowser, type Browser } from './http-client';
import { useTestStack } from './local-stack';

const FIXTURE = join(__dirname, '../fixtures/media/browser-recording.webm');
const probedSeconds = (path: string): string =>
  execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], { encoding: 'utf8' }).trim();

const stack = useTestStack();
let ann: Browser;

beforeAll(async () => {
  ann = await signedUpBrowser(stack, 'ann@example.com');
});

it('a MediaRecorder WebM without a duration is stored with one, and its transcript has that length, as audio', async () => {
  expect(probedSeconds(FIXTURE)).toBe('N/A');
  const form = new FormData();
  form.append('file', new Blob([readFileSync(FIXTURE)], { type: 'audio/webm' }), 'Recording 2026-11-28 01.30.webm');
  form.append('language', 'en');
  const answer = await ann.post('/api/transcribe', form);
  expect(answer.status).toBe(200);

  const transcript = await settled(ann, answer.body.id as string);
  expect(transcript).toMatchObject({ status: 'complete', media_kind: 'audio' });
  expect(transcript.duration_ms as number).toBeGreaterThan(3100);
  expect(transcript.duration_ms as number).toBeLessThan(3300);

  // What the player is given: the stored recording, which now states its length.
  const media = await fetch(`${stack.url}${transcript.audio_url as string}`, { headers: { cookie: ann.sessionCookie }, redirect: 'follow' });
  expect(media.status).toBe(200);
  const stored = join(mkdtempSync(join(tmpdir(), 'stored-')), 'stored.webm');
  writeFileSync(stored, Buffer.from(await media.arrayBuffer()));
  expect(Number(probedSeconds(stored))).toBeCloseTo((transcript.duration_ms as number) / 1000, 1);
});
