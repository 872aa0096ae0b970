/**
 * Issue 29, points 1 and 2: live text while recording, from the in-browser engine. Chromium's fake
 * microphone plays a real speech fixture (JFK, 11 s, looped): words appear in the "Live transcript" log
 * before Stop, every request of the page goes to the app's own origin (the engine's runtime, models and
 * voice activity detector included, cached for a year as immutable); a failed upload keeps the live text with
 * the recording's copy in the browser; the full transcript then replaces it; with the switch off a recording
 * shows no panel. axe at 390 and 1280 px.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { RECORDER_TEXTS, TRANSCRIBE_TEXTS } from '../../web/src/features/transcribe/texts';
import { LIVE_TEXTS } from '../../web/src/features/live/texts';
import { CHROMIUM_ARGS } from './playwright.config';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcribeResult } from './support/transcripts';

const R = RECORDER_TEXTS;
const L = LIVE_TEXTS;
const FAKE_MICROPHONE = resolve(__dirname, '../fixtures/real-speech/en_jfk_11s.wav');
/** Words of the fixture's first sentence. */
const SPOKEN = /fellow|americans|country/i;

test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${FAKE_MICROPHONE}`] } });
test.use({ permissions: ['microphone'] });

async function openTranscribeTab(page: Page, label: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await signUpVerified(page.request, newAccount(label));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
}

const liveLog = (page: Page) => page.getByRole('log', { name: L.title });
const liveSwitch = (page: Page) => page.getByRole('switch', { name: L.switchLabel });
const recordButton = (page: Page) => page.getByRole('button', { name: R.record, exact: true });
const transcribeButton = (page: Page) => page.getByRole('button', { name: TRANSCRIBE_TEXTS.transcribe, exact: true });

/** The live text kept with each recording in this browser's IndexedDB. */
const keptLiveTexts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('scribely-recordings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('recordings').objectStore('recordings').getAll();
          all.onsuccess = () => resolve((all.result as { liveText?: string }[]).map((item) => item.liveText ?? ''));
          all.onerror = () => reject(all.error);
        };
      }),
  );

test('live text appears while recording, from our own origin only; with the switch off there is no panel', async ({ page, baseURL }) => {
  test.setTimeout(360_000);
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).origin));
  const liveFiles: (string | undefined)[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/live/')) liveFiles.push(response.headers()['cache-control']);
  });
  await openTranscribeTab(page, 'live1280', 1280);
  await expect(liveSwitch(page)).toBeChecked();

  await recordButton(page).click();
  const log = liveLog(page);
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(log).toContainText(SPOKEN, { timeout: 90_000 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: R.stop }).click();
  await expect(recordButton(page)).toBeEnabled({ timeout: 20_000 });
  // The live text stays after Stop, until the full transcript replaces it.
  await expect(log).toContainText(SPOKEN);
  expect([...hosts].filter((origin) => origin !== baseURL && !origin.startsWith('data:') && !origin.startsWith('blob:'))).toEqual([]);
  expect(liveFiles.length).toBeGreaterThanOrEqual(4);
  for (const cacheControl of liveFiles) expect(cacheControl).toBe('public, max-age=31536000, immutable');

  // The upload fails: the live text stays on screen, and is kept with the recording's copy in the browser.
  await page.route('**/api/uploads', (route) => route.abort('connectionrefused'));
  await transcribeButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: TRANSCRIBE_TEXTS.transcribeNetworkFailed })).toBeVisible();
  await expect(log).toContainText(SPOKEN);
  // Kept as each sentence is committed (the last one a moment after Stop).
  await expect.poll(() => keptLiveTexts(page), { timeout: 30_000 }).toEqual([expect.stringMatching(SPOKEN)]);
  // Sent again: the full transcript replaces the live text.
  await page.unroute('**/api/uploads');
  await transcribeButton(page).click();
  await expect(transcribeResult(page)).toBeVisible({ timeout: 180_000 });
  await expect(liveLog(page)).toHaveCount(0);

  // Switched off (and remembered): a recording shows no live panel.
  await liveSwitch(page).uncheck();
  await page.reload();
  await expect(liveSwitch(page)).not.toBeChecked();
  await recordButton(page).click();
  await expect(page.getByRole('region', { name: R.recordingLabel }).getByRole('status')).toHaveText(R.recordingLabel);
  await expect(page.getByRole('timer', { name: R.elapsed })).toHaveText(/0:0[2-9]/, { timeout: 20_000 });
  await expect(liveLog(page)).toHaveCount(0);
  await page.getByRole('button', { name: R.stop }).click();
});
