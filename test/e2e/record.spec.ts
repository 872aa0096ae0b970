/**
 * Issue 15, point 1: recording in the browser, end to end. Chromium's fake microphone plays a real
 * speech fixture of the repo (JFK, 11 s, looped); the recording (WebM/Opus) is kept in IndexedDB as it
 * is made, uploaded like any file, and transcribed by the local engine. A reload in the middle of a
 * recording loses nothing: the next visit offers to upload or discard it. A refused microphone says
 * what to do. At 1280 px and 390 px, with axe-core.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { RECORDER_TEXTS, TRANSCRIBE_TEXTS } from '../../web/src/features/transcribe/texts';
import { READING_TEXTS } from '../../web/src/transcript/texts';
import { CHROMIUM_ARGS } from './playwright.config';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcribeResult } from './support/transcripts';

const T = TRANSCRIBE_TEXTS;
const R = RECORDER_TEXTS;
const FAKE_MICROPHONE = resolve(__dirname, '../fixtures/real-speech/en_jfk_11s.wav');
/** Words of the fixture; the engine gets most of them right from any few seconds of it. */
const SPOKEN = /americans|country|fellow|ask/i;

// The whole file runs in a browser with the fake microphone (launch options can't differ per group).
test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${FAKE_MICROPHONE}`] } });

async function openTranscribeTab(page: Page, label: string, width = 1280): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  // The live transcript (its own spec, live-transcript.spec.ts) is switched off: its engine would share the CPU with these steps.
  await page.context().addInitScript(() => window.localStorage.setItem('scribely.liveTranscript', 'off'));
  await signUpVerified(page.request, newAccount(label));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
}

/** The recordings kept in this browser's IndexedDB: [filename, bytes]. */
const keptRecordings = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<[string, number][]>((resolve, reject) => {
        const open = indexedDB.open('scribely-recordings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('recordings')) return resolve([]);
          const all = db.transaction('recordings').objectStore('recordings').getAll();
          all.onsuccess = () => resolve((all.result as { filename: string; size: number }[]).map((item) => [item.filename, item.size]));
          all.onerror = () => reject(all.error);
        };
      }),
  );

const recordButton = (page: Page) => page.getByRole('button', { name: R.record, exact: true });
const recorderRegion = (page: Page) => page.getByRole('region', { name: R.recordingLabel });
const timer = (page: Page) => page.getByRole('timer', { name: R.elapsed });
const recovered = (page: Page) => page.getByRole('region', { name: R.recoveredTitle });
const result = (page: Page) => transcribeResult(page);

/** Starts recording and waits until `seconds` are recorded (the page's own timer says so). */
async function recordFor(page: Page, seconds: number): Promise<void> {
  await recordButton(page).click();
  await expect(recorderRegion(page).getByRole('status')).toHaveText(R.recordingLabel);
  await expect.poll(async () => Number((await timer(page).textContent())?.split(':')[1]), { timeout: 20_000 }).toBeGreaterThanOrEqual(seconds);
}

test.describe('recording in the browser', () => {
  test.use({ permissions: ['microphone'] });

  for (const width of [1280, 390]) {
    test(`at ${width} px: record with a level meter, pause and resume, stop; it is sent as any file and transcribed`, async ({ page }) => {
      test.setTimeout(180_000);
      await openTranscribeTab(page, `record${width}`, width);
      await expect(recordButton(page)).toBeEnabled();
      await recordFor(page, 2);

      // The level meter follows the voice of the fake microphone.
      const meter = recorderRegion(page).getByRole('meter', { name: R.level });
      await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect(page.getByText(R.keptNote)).toBeVisible();
      await expectNoAxeViolations(page);

      // Pause holds the time; Resume goes on from there.
      await recorderRegion(page).getByRole('button', { name: R.pause }).click();
      await expect(recorderRegion(page).getByRole('status')).toHaveText(R.paused);
      await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow'))).toBe(0);
      const pausedAt = await timer(page).textContent();
      await recorderRegion(page).getByRole('button', { name: R.resume }).click();
      await expect(recorderRegion(page).getByRole('status')).toHaveText(R.recordingLabel);
      expect(Number(pausedAt?.split(':')[1])).toBeGreaterThanOrEqual(2);
      await expect.poll(async () => Number((await timer(page).textContent())?.split(':')[1]), { timeout: 20_000 }).toBeGreaterThanOrEqual(7);

      // Kept in IndexedDB while it is made.
      await expect.poll(async () => (await keptRecordings(page))[0]?.[1] ?? 0).toBeGreaterThan(1_000);

      await recorderRegion(page).getByRole('button', { name: R.stop }).click();
      await expect(recorderRegion(page)).toHaveCount(0);
      const recorded = page.getByText(/^Recorded: Recording \d{4}-\d\d-\d\d \d\d-\d\d-\d\d\.webm · 0:\d\d · [\d.]+ KB$/);
      await expect(recorded).toBeVisible();
      expect(await keptRecordings(page)).toHaveLength(1);
      // Not offered as a lost recording while it is on the form.
      await expect(recovered(page)).toHaveCount(0);

      const started = page.waitForResponse((response) => response.url().endsWith('/api/transcribe'));
      await page.getByRole('button', { name: TRANSCRIBE_TEXTS.transcribe, exact: true }).click();
      const answer = await started;
      expect(answer.status(), await answer.text()).toBe(200);
      expect(((await answer.json()) as { audio_url: string }).audio_url).toMatch(/\.webm$/);
      // The server holds it: the browser's copy goes.
      await expect.poll(() => keptRecordings(page)).toEqual([]);

      await expect(result(page).getByRole('region', { name: READING_TEXTS.readingLabel })).toContainText(SPOKEN, { timeout: 90_000 });
    });
  }

  test('a reload in the middle of a recording loses nothing: the next visit offers to upload or discard it', async ({ page }) => {
    test.setTimeout(180_000);
    await openTranscribeTab(page, 'record-reload');

    // Discard: the kept recording goes for good.
    await recordFor(page, 2);
    await page.reload();
    await expect(recovered(page)).toBeVisible();
    await expect(recovered(page)).toContainText(/Recording \d{4}-\d\d-\d\d \d\d-\d\d-\d\d\.webm \(0:\d\d, [\d.]+ KB\)/);
    await recovered(page).getByRole('button', { name: R.recoveredDiscard }).click();
    await expect(recovered(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: R.recoveredDiscarded })).toBeVisible();
    expect(await keptRecordings(page)).toEqual([]);

    // Upload: sent with the form's options, transcribed; nothing is offered afterwards.
    await recordFor(page, 6);
    // Another tab does not offer it while it is still being made here.
    const other = await page.context().newPage();
    await other.goto('/dashboard');
    await expect(other.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
    await expect.poll(async () => (await keptRecordings(other)).length).toBe(1);
    // It holds a Web Lock there, which the other tab sees (and the browser drops with the page).
    expect(await other.evaluate(async () => (await navigator.locks.query()).held?.filter((lock) => lock.name?.startsWith('scribely-recording-')).length)).toBe(1);
    await expect(recovered(other)).toHaveCount(0);
    await other.close();
    await page.reload();
    await expect(recovered(page)).toBeVisible();
    await expectNoAxeViolations(page);
    const started = page.waitForResponse((response) => response.url().endsWith('/api/transcribe'));
    await recovered(page).getByRole('button', { name: R.recoveredUpload }).click();
    expect((await started).status()).toBe(200);
    await expect(recovered(page)).toHaveCount(0);
    await expect.poll(() => keptRecordings(page)).toEqual([]);
    await expect(result(page).getByRole('region', { name: READING_TEXTS.readingLabel })).toContainText(SPOKEN, { timeout: 90_000 });
    await page.reload();
    await expect(result(page)).toBeVisible();
    await expect(recovered(page)).toHaveCount(0);
  });
});

test.describe('a refused microphone', () => {
  // The fake device is there, but the site has no permission: Chromium refuses without a prompt.
  test.use({ permissions: [] });

  test('says what to do: allow it and try again, or choose a file instead', async ({ page }) => {
    await openTranscribeTab(page, 'record-refused', 390);
    await recordButton(page).click();
    const problem = page.getByRole('alert').filter({ hasText: R.problems.denied });
    await expect(problem).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(problem.getByRole('button', { name: COMMON_TEXTS.retry })).toBeVisible();
    await problem.getByRole('button', { name: R.chooseInstead }).click();
    await expect(problem).toHaveCount(0);
    await expect(page.getByLabel(T.file)).toBeFocused();
    expect(await keptRecordings(page)).toEqual([]);
  });
});
