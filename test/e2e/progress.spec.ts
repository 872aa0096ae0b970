/**
 * Issue 15, live progress instead of a spinner: the stage in words and a bar on the Transcribe tab, the
 * detail page and the library row; a failed job's reason and "Try again"; the title and the browser
 * notification when a job completes in a background tab (permission asked only from "Notify me").
 * The server's answers are replaced (page.route) to walk every stage; the page clock drives the 5 s polls.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeSpokenFixtures } from '../fixtures/spoken';
import { DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { TRANSCRIBE_TEXTS } from '../../web/src/features/transcribe/texts';
import { PROGRESS_TEXTS, TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { STORAGE_KEYS } from '../../web/src/features/transcribe/storage';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import type { TranscriptView } from '../../functions/contract';
import { transcribeResult, transcriptAnswer } from './support/transcripts';

const P = PROGRESS_TEXTS;
const T = TRANSCRIBE_TEXTS;

const view = (status: TranscriptView['status'], extra: Partial<TranscriptView> = {}) =>
  transcriptAnswer({
    id: 't-live-0001',
    filename: 'live.mp3',
    status,
    text: status === 'complete' ? 'It is done now.' : '',
    audio_url: '/uploads/t-live-0001.mp3',
    word_timings: status === 'complete' ? [{ words: [{ word: 'It', start: 0, end: 200 }, { word: 'is', start: 210, end: 400 }, { word: 'done', start: 410, end: 700 }, { word: 'now.', start: 710, end: 900 }] }] : [],
    ...extra,
  });

/** A stand-in for the browser's Notification API that records what the page does with it. */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { asked: 0, shown: [] as { title: string; body: string }[] };
    (window as unknown as { notifications: typeof record }).notifications = record;
    class RecordedNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission(): Promise<NotificationPermission> {
        record.asked += 1;
        RecordedNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
      constructor(title: string, options?: NotificationOptions) {
        record.shown.push({ title, body: options?.body ?? '' });
      }
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  });
}

const notifications = (page: Page) => page.evaluate(() => (window as unknown as { notifications: { asked: number; shown: { title: string; body: string }[] } }).notifications);

/** The tab goes to the background, as when the user switches to another one. */
const hideTab = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
const showTab = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

test('the Transcribe tab: stage and bar while it runs, the reason and "Try again" when it fails, the title and a notification when it completes in the background', async ({ page }) => {
  // What the server answers now: each step of the test sets it, then lets the page's clock run to the next poll.
  let current = view('processing', { stage: 'queued', queue_position: 3 });
  let asked = 0;
  // Answers that said "complete": counted where they are served, so a poll still on its way when the
  // test reads a count can't make it off by one.
  let completeAnswers = 0;
  await page.route('**/api/transcripts/t-live-0001', (route) => {
    asked += 1;
    if (current.status === 'complete') completeAnswers += 1;
    return route.fulfill({ json: current });
  });
  let retries = 0;
  await page.route('**/api/transcripts/t-live-0001/retry', (route) => {
    retries += 1;
    return route.fulfill({ json: view('processing', { stage: 'uploaded' }) });
  });
  await recordNotifications(page);
  await page.clock.install();
  await signUpVerified(page.request, newAccount('progress-tab'));
  await page.goto('/dashboard');
  await page.evaluate((key) => localStorage.setItem(key, 't-live-0001'), STORAGE_KEYS.processingId);
  await page.reload();
  // Not asked at first visit.
  expect((await notifications(page)).asked).toBe(0);
  await page.getByRole('dialog', { name: TRANSCRIBE_TEXTS.resumePrompt }).getByRole('button', { name: T.resumeConfirm }).click();

  const status = page.getByRole('status').filter({ hasText: TRANSCRIPTS_TEXTS.processing('live.mp3') });
  const bar = page.getByRole('progressbar', { name: P.label('live.mp3') });
  await expect(status).toContainText('Waiting: 2 recordings ahead in line');
  await expect(bar).toHaveAttribute('aria-valuetext', 'Waiting: 2 recordings ahead in line');
  await expectNoAxeViolations(page);
  const queuedAt = Number(await bar.getAttribute('aria-valuenow'));

  // Asked only when the user presses "Notify me", and only once.
  await page.getByRole('button', { name: P.notify }).click();
  await expect(page.getByText(P.notifyOn)).toBeVisible();
  await expect(page.getByRole('button', { name: P.notify })).toHaveCount(0);
  expect((await notifications(page)).asked).toBe(1);

  current = view('processing', { stage: 'transcribing', progress: 0.4 });
  await page.clock.runFor(5_100);
  await expect(status).toContainText('Transcribing: 40% done');
  await expect(bar).toHaveAttribute('aria-valuenow', '42');
  expect(42).toBeGreaterThan(queuedAt);

  current = view('failed', { error: 'The recording could not be read. It may be damaged.' });
  await page.clock.runFor(5_000);
  const failure = page.getByRole('alert').filter({ hasText: P.failedTitle });
  await expect(failure).toContainText('The recording could not be read. It may be damaged.');
  await expect(bar).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Failed: no more polls.
  const before = asked;
  await page.clock.runFor(15_000);
  expect(asked).toBe(before);

  current = view('processing', { stage: 'summarizing' });
  await failure.getByRole('button', { name: P.tryAgainLabel('live.mp3') }).click();
  expect(retries).toBe(1);
  await expect(failure).toHaveCount(0);
  await expect(bar).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.processingId)).toBe('t-live-0001');

  await page.clock.runFor(5_100);
  await expect(status).toContainText(P.summarizing);

  // Completed while the tab is in the background: the title says so, and the notification is shown.
  await hideTab(page);
  const title = await page.title();
  current = view('complete');
  await page.clock.runFor(5_000);
  await expect(transcribeResult(page)).toBeVisible();
  await expect(page).toHaveTitle(`${P.readyTitle('live.mp3')} · ${title}`);
  expect((await notifications(page)).shown).toEqual([{ title: P.readyTitle('live.mp3'), body: P.readyBody('live.mp3') }]);
  await showTab(page);
  await expect(page).toHaveTitle(title);
  // Complete: answered once, then never asked again.
  const afterComplete = asked;
  await page.clock.runFor(15_000);
  expect(asked).toBe(afterComplete);
  expect(completeAnswers).toBe(1);
});

test('the detail page shows the stage and bar while it runs, and a failed job offers "Try again"', async ({ page }) => {
  let current = view('processing', { stage: 'transcribing', progress: 0.75 });
  await page.route('**/api/transcripts/t-live-0001', (route) => route.fulfill({ json: current }));
  await page.route('**/api/transcripts/t-live-0001/retry', (route) => route.fulfill({ json: view('processing', { stage: 'uploaded' }) }));
  await page.clock.install();
  await signUpVerified(page.request, newAccount('progress-detail'));
  await page.goto('/transcript/t-live-0001');
  await expect(page.getByRole('status').filter({ hasText: TRANSCRIPTS_TEXTS.processing('live.mp3') })).toContainText('Transcribing: 75% done');
  await expect(page.getByRole('progressbar', { name: P.label('live.mp3') })).toHaveAttribute('aria-valuenow', '70');
  current = view('failed', { error: 'The recording could not be read. It may be damaged.' });
  await page.clock.runFor(5_100);
  await expect(page.getByRole('alert').filter({ hasText: `${TRANSCRIPTS_TEXTS.loadErrorPrefix}The recording could not be read.` })).toBeVisible();
  current = view('processing', { stage: 'uploaded' });
  await page.getByRole('button', { name: P.tryAgainLabel('live.mp3') }).click();
  await expect(page.getByRole('status').filter({ hasText: TRANSCRIPTS_TEXTS.processing('live.mp3') })).toContainText(P.uploaded);
  await expect(page.getByRole('button', { name: P.tryAgainLabel('live.mp3') })).toHaveCount(0);
});

test('jobs of the upload queue completing in a background tab: the title names the last one (once), and is back when the tab is seen', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'progress-e2e-'));
  const fixtures = await makeSpokenFixtures(dir, ['The meeting starts at nine.']);
  const second = join(dir, 'second call.wav');
  copyFileSync(fixtures.wav, second);
  await signUpVerified(page.request, newAccount('progress-queue'));
  await page.goto('/dashboard');
  await expect(page).toHaveTitle(new RegExp(`^${DASHBOARD_TEXTS.tabs.transcribe}`));
  const title = await page.title();
  const started = page.waitForResponse((response) => response.url().endsWith('/api/transcribe'));
  await page.getByLabel(T.file).setInputFiles([fixtures.wav, second]);
  await page.getByRole('button', { name: TRANSCRIBE_TEXTS.transcribe, exact: true }).click();
  await started;
  await hideTab(page);
  // Both jobs end (asked of the server directly, not through the page).
  await expect
    .poll(async () => ((await (await page.request.get('/api/transcripts')).json()) as { status: string }[]).map((item) => item.status), { timeout: 180_000, intervals: [2_000] })
    .toEqual(['complete', 'complete']);
  // The page asks every 5 s: the title follows within one poll.
  await expect(page).toHaveTitle(new RegExp(`^${P.readyTitle('(speech|second call)\\.wav')} · ${title}$`), { timeout: 15_000 });
  await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/^[^✓]*✓[^✓]*$/);
  await showTab(page);
  await expect(page).toHaveTitle(title);
});
