/**
 * Issue 28 point 5: recordings that play right, against the real local backend. A browser recording
 * (Chromium's MediaRecorder WebM, no duration: test/fixtures/media/browser-recording.webm) transcribed from the
 * Transcribe tab plays in an audio player, never a video box; nothing plays when the job finishes; and on its
 * page, "Length" and the player say the same length.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { TRANSCRIBE_TEXTS } from '../../web/src/features/transcribe/texts';
import { STORAGE_KEYS } from '../../web/src/features/transcribe/storage';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { transcribeResult } from './support/transcripts';

const FIXTURE = join(__dirname, '../fixtures/media/browser-recording.webm');

test('a browser recording: an audio player, nothing plays by itself, and Length agrees with the player', async ({ page }) => {
  test.setTimeout(180_000);
  // Every call of play() the page makes, allowed by the browser or not.
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    (window as unknown as { plays: number }).plays = 0;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      (window as unknown as { plays: number }).plays += 1;
      return play.call(this);
    };
  });
  const plays = () => page.evaluate(() => (window as unknown as { plays: number }).plays);
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpVerified(page.request, newAccount('playback'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();

  await page.getByLabel(TRANSCRIBE_TEXTS.file).setInputFiles(FIXTURE);
  await page.getByRole('button', { name: TRANSCRIBE_TEXTS.transcribe, exact: true }).click();
  const result = transcribeResult(page);
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result).toHaveAttribute('data-flash', 'true');

  // Sound only: an audio element, no video box.
  await expect(result.locator('.sticky-player audio')).toHaveCount(1);
  await expect(result.locator('.sticky-player video')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.mediaKind)).toBe('audio');

  // Well past the moment it used to start by itself (0.5 s): nothing has been played.
  await page.clock.runFor(5_000);
  expect(await plays()).toBe(0);
  expect(await result.locator('audio').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);

  // Its page: "Length" is the player's length (the stored copy states it: 3.18 s), not "Infinity:NaN:NaN".
  await result.getByRole('link', { name: TRANSCRIPTS_TEXTS.viewFull }).click();
  const length = page.locator('dt', { hasText: TRANSCRIPTS_TEXTS.duration }).locator('xpath=following-sibling::dd[1]');
  await expect(length).toHaveText('0:03');
  await expect(page.locator('.sticky-player audio')).toHaveCount(1);
  await expect.poll(() => page.locator('.sticky-player audio').evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(3.18, 1);
  await expect(page.getByTestId('player-length')).toHaveText('0:03');
  expect(await plays()).toBe(0);
});
