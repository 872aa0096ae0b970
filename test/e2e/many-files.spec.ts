/**
 * Issue 15, point 2: many files at once, end to end against the real local backend; and point 5's
 * "while a transcription is being sent the form's inputs are disabled and show why". Files the server
 * would refuse are marked before any upload; the rest go up with the same options, keep going while the
 * user is on another tab, and each finished row links to its transcript. At 1280 px and 390 px, with axe.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../functions/domain/messages';
import { DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { RECORDER_TEXTS, TRANSCRIBE_TEXTS, UPLOAD_QUEUE_TEXTS } from '../../web/src/features/transcribe/texts';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { holdStorageUploads } from './support/requests';
import { spokenMediaForSpec } from './support/transcripts';

const T = TRANSCRIBE_TEXTS;
const Q = UPLOAD_QUEUE_TEXTS;

const media = spokenMediaForSpec('many-files');
let first: string;
let second: string;
let third: string;

test.beforeAll(() => {
  const { dir, wav, mp3 } = media();
  first = join(dir, 'Interview one.wav');
  second = join(dir, 'Interview two.mp3');
  third = join(dir, 'Interview three.mp3');
  copyFileSync(wav, first);
  copyFileSync(mp3, second);
  copyFileSync(mp3, third);
});

async function openTranscribeTab(page: Page, label: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await signUpVerified(page.request, newAccount(label));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
}

/** The sidebar, opened with the menu button on a phone. */
async function openSidebar(page: Page) {
  const sidebar = page.getByRole('navigation', { name: DASHBOARD_TEXTS.sidebarLabel });
  if (!(await sidebar.isVisible())) await page.getByRole('button', { name: DASHBOARD_TEXTS.sidebarToggle, exact: true }).click();
  return sidebar;
}

/** The sidebar's "Transcribe File" link. */
const transcribeLink = async (page: Page) => (await openSidebar(page)).getByRole('link', { name: DASHBOARD_TEXTS.tabs.transcribe });

/** Opens a dashboard tab from the sidebar. */
async function goToTab(page: Page, name: string): Promise<void> {
  await (await openSidebar(page)).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

const queue = (page: Page) => page.getByRole('region', { name: Q.title });
const rowOf = (page: Page, name: string) => queue(page).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const transcribeButton = (page: Page) => page.getByRole('button', { name: TRANSCRIBE_TEXTS.transcribe, exact: true });

for (const width of [1280, 390]) {
  test(`at ${width} px: several files, one set of options, refused ones marked first; the queue goes on on another tab and links to each transcript`, async ({ page }) => {
    test.setTimeout(240_000);
    await openTranscribeTab(page, `many${width}`, width);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/(uploads|transcribe)$/.test(new URL(request.url()).pathname)) asked.push(new URL(request.url()).pathname);
    });
    const bodies: Record<string, unknown>[] = [];
    await page.route('**/api/transcribe', async (route) => {
      bodies.push(route.request().postDataJSON() as Record<string, unknown>);
      await route.continue();
    });

    await page.getByLabel(T.file).setInputFiles([first, media().notMedia, second]);
    await expect(queue(page).getByRole('listitem')).toHaveCount(3);
    await expect(rowOf(page, 'notes.mp3')).toContainText(`${Q.refusedPrefix}${MESSAGES.notMedia}`);
    await expect(rowOf(page, 'Interview one.wav')).toContainText(Q.ready);
    await expect(rowOf(page, 'Interview two.mp3')).toContainText(Q.ready);
    await expect(queue(page).getByRole('status')).toHaveText('3 files, 2 ready, 1 refused.');
    // The browser's picker shows no file once they went to the queue; the hint under it says where they are.
    await expect(page.getByText(Q.inQueue(2))).toBeVisible();
    // Refused before any upload: nothing was asked of the server.
    expect(asked).toEqual([]);
    await expectNoAxeViolations(page);

    // One set of options for all: no AI summary.
    await page.getByLabel(T.aiSummary).uncheck();
    const release = await holdStorageUploads(page);
    await transcribeButton(page).click();
    const progress = page.getByRole('progressbar', { name: Q.uploadProgress('Interview one.wav') });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    // Point 5: the form is locked while the files are sent, and says why.
    await expect(page.getByText(T.lockedWhileQueue)).toBeVisible();
    await expect(page.getByLabel(T.language)).toBeDisabled();
    await expect(page.getByLabel(T.aiSummary)).toBeDisabled();
    await expect(page.getByLabel(T.aiSummary)).not.toBeChecked();
    await expect(transcribeButton(page)).toBeDisabled();
    await expect(transcribeButton(page)).toHaveAttribute('aria-busy', 'true');
    await expectNoAxeViolations(page);

    // Another tab while the uploads are held; released there, the queue goes on.
    await goToTab(page, DASHBOARD_TEXTS.tabs.transcribed);
    // The sidebar says the queue is still there, from any page.
    await expect(await transcribeLink(page)).toHaveAccessibleName(`${DASHBOARD_TEXTS.tabs.transcribe} ${Q.badge(2)}`);
    await expectNoAxeViolations(page);
    release();
    await expect.poll(() => bodies.length, { timeout: 30_000 }).toBe(2);
    for (const body of bodies) expect(body).toMatchObject({ use_ai_summary: false, language: 'en', verbatim: false, diarization: false });

    await goToTab(page, DASHBOARD_TEXTS.tabs.transcribe);
    await expect(rowOf(page, 'Interview one.wav')).toContainText(Q.complete, { timeout: 90_000 });
    await expect(rowOf(page, 'Interview two.mp3')).toContainText(Q.complete, { timeout: 90_000 });
    await expect(page.getByText(T.lockedWhileQueue)).toHaveCount(0);
    await expect(await transcribeLink(page)).toHaveAccessibleName(DASHBOARD_TEXTS.tabs.transcribe);
    // A phone's sidebar lies over the page until Escape (a wide screen's ignores it).
    await page.keyboard.press('Escape');
    await expect(page.getByLabel(T.language)).toBeEnabled();
    expect(asked.filter((path) => path === '/api/uploads')).toHaveLength(2);

    await rowOf(page, 'Interview two.mp3').getByRole('link', { name: Q.openLabel('Interview two.mp3') }).click();
    await expect(page).toHaveURL(/\/transcript\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Interview two.mp3' })).toBeVisible();
    await expect(page.getByRole('region', { name: TRANSCRIPTS_TEXTS.textLabel, exact: true })).toContainText('station');
  });
}

test('files dropped anywhere on the tab join the queue; Cancel stops one upload and the other goes on', async ({ page }) => {
  test.setTimeout(120_000);
  await openTranscribeTab(page, 'many-drop', 1280);
  const wav = readFileSync(first).toString('base64');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'Dropped A.wav', { type: 'audio/wav' }));
    transfer.items.add(new File([bytes], 'Dropped B.wav', { type: 'audio/wav' }));
    return transfer;
  }, wav);
  // Over the page heading, not the file picker: anywhere on the tab.
  const heading = page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe });
  await heading.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText(Q.dropHere)).toBeVisible();
  await heading.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText(Q.dropHere)).toHaveCount(0);
  await expect(rowOf(page, 'Dropped A.wav')).toContainText(Q.ready);
  await expect(rowOf(page, 'Dropped B.wav')).toContainText(Q.ready);

  const release = await holdStorageUploads(page);
  await transcribeButton(page).click();
  await expect(page.getByRole('progressbar', { name: Q.uploadProgress('Dropped B.wav') })).toBeVisible();
  await rowOf(page, 'Dropped A.wav').getByRole('button', { name: Q.cancelLabel('Dropped A.wav') }).click();
  await expect(rowOf(page, 'Dropped A.wav')).toContainText(Q.cancelled);
  release();
  await expect(rowOf(page, 'Dropped B.wav')).toContainText(Q.complete, { timeout: 90_000 });
  await expect(rowOf(page, 'Dropped A.wav')).toContainText(Q.cancelled);
  await rowOf(page, 'Dropped A.wav').getByRole('button', { name: Q.removeLabel('Dropped A.wav') }).click();
  await expect(queue(page).getByRole('listitem')).toHaveCount(1);
});

test("point 5: while one recording is sent, the form's inputs are disabled and say why; Cancel gives them back", async ({ page }) => {
  await openTranscribeTab(page, 'locked', 390);
  const release = await holdStorageUploads(page);
  await page.getByLabel(T.file).setInputFiles(second);
  await transcribeButton(page).click();
  await expect(page.getByRole('progressbar', { name: T.uploading('Interview two.mp3') })).toBeVisible();
  const why = page.getByText(T.lockedWhileSending);
  await expect(why).toBeVisible();
  for (const label of [T.file, T.language, T.aiSummary, T.verbatim, T.project]) await expect(page.getByLabel(label)).toBeDisabled();
  await expect(page.getByRole('button', { name: RECORDER_TEXTS.record, exact: true })).toBeDisabled();
  // The inputs are described by the reason, so a screen reader says why they can't be used.
  const describedBy = (await page.getByLabel(T.file).getAttribute('aria-describedby')) ?? '';
  const whyId = await why.getAttribute('id');
  expect(describedBy.split(' ')).toContain(whyId);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: T.cancelUpload }).click();
  await expect(why).toHaveCount(0);
  await expect(page.getByLabel(T.language)).toBeEnabled();
  release();
});
