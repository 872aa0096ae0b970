/**
 * Issue 15, point 1: what a browser records is accepted and decoded like any upload. The fixture is a
 * real Chromium MediaRecorder file (WebM/Opus, 1 s slices joined, so its Segment has an unknown size and
 * no duration or cues), made from the JFK clip through the fake microphone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectMedia } from '../../functions/domain/media-inspection';
import { MEDIA_SNIFF_BYTES } from '../../functions/domain/media-type';
import { decodeAudio, SAMPLE_RATE } from '../../functions/engines/speech/audio';

const FIXTURE = join(__dirname, '../fixtures/media/browser-recording.webm');

test('the server check takes a MediaRecorder WebM/Opus as audio/webm, its length left to the engine', () => {
  const bytes = readFileSync(FIXTURE);
  expect(inspectMedia(bytes.length, bytes.subarray(0, MEDIA_SNIFF_BYTES))).toEqual({
    size: bytes.length,
    type: { kind: 'audio', mime: 'audio/webm', extension: 'webm' },
    durationSeconds: null,
  });
});

test('the local engine decodes it (ffmpeg) to about 3 s of sound', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'browser-recording-'));
  try {
    const audio = await decodeAudio(FIXTURE, join(dir, 'audio.raw'));
    const samples = await audio.read(0, audio.length);
    await audio.close();
    expect(samples.length / SAMPLE_RATE).toBeGreaterThan(2.5);
    expect(samples.length / SAMPLE_RATE).toBeLessThan(4);
    expect(samples.some((sample) => Math.abs(sample) > 0.05)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
