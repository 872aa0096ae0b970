/**
 * Issue 31 point 2 on the transcript page: a long transcript's "Summarize again" answered 202 shows the same progress
 * display as a transcription (a status with its bar) while the page polls, then the new summary; a failed job says why
 * and the summary there before stays. Axe-clean at 390 and 1280 pixels. The transcript and its answers are served by the
 * test (page.route).
 */
import { expect, test } from '@playwright/test';
import type { TextJobView } from '../../functions/contract';
import { MESSAGES } from '../../functions/domain/messages';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { PROGRESS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcriptAnswer } from './support/transcripts';

const W = WORKSPACE_TEXTS;
const P = PROGRESS_TEXTS;
const ID = 'textjobs0001';
const OLD = 'The release moves to Friday.';
const NEW = 'The team ships the release on Friday.';
const running: TextJobView = { kind: 'summary', template: 'key_points', language: null, status: 'running', stage: 'summarizing', error: null, started_at: '2026-11-28T05:00:00Z' };

for (const width of [390, 1280]) {
  test(`a long text's summary shows its progress, then the new summary (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpVerified(page.request, newAccount(`textjobs${width}`));
    let stored = transcriptAnswer({ id: ID, filename: 'planning.wav', text: 'We ship on Friday.', summary: OLD, key_points: [{ text: OLD, start_ms: null }], edited_at: '2026-11-28T04:00:00Z', summary_outdated: true });
    await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: stored }));
    await page.route(`**/api/transcripts/${ID}/summary`, (route) => {
      stored = { ...stored, text_job: running };
      return route.fulfill({ status: 202, json: stored });
    });
    await page.goto(`/transcript/${ID}`);
    await page.getByRole('button', { name: W.summarizeAgain, exact: true }).click();

    const status = page.getByRole('status', { name: P.textJobLabel('planning.wav') });
    await expect(status).toContainText(P.summarizing);
    await expect(status.getByRole('progressbar', { name: P.label('planning.wav') })).toBeVisible();
    // The summary there before stays while the new one is made; Summarize again waits.
    await expect(page.getByText(OLD).first()).toBeVisible();
    await expect(page.getByRole('button', { name: W.summarizeAgain, exact: true })).toBeDisabled();
    await expectNoAxeViolations(page);

    // The job ends: the page, polling, shows the new summary and no progress.
    stored = { ...stored, summary: NEW, key_points: [{ text: NEW, start_ms: null }], summary_outdated: false, text_job: null };
    await expect(page.getByText(NEW).first()).toBeVisible({ timeout: 15_000 });
    await expect(status).toHaveCount(0);
  });
}

test('a failed summary job says why, and the summary there before stays', async ({ page }) => {
  await signUpVerified(page.request, newAccount('textjobsfail'));
  const failed: TextJobView = { ...running, status: 'failed', stage: null, error: MESSAGES.textJobFailed('summary') };
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: transcriptAnswer({ id: ID, summary: OLD, key_points: [{ text: OLD, start_ms: null }], summary_outdated: true, text_job: failed }) }));
  await page.goto(`/transcript/${ID}`);
  await expect(page.getByText(MESSAGES.textJobFailed('summary'))).toBeVisible();
  await expect(page.getByText(OLD).first()).toBeVisible();
  await expect(page.getByRole('button', { name: W.summarizeAgain, exact: true })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('a transcript whose job left its summary out says so and offers Summarize again, which makes it', async ({ page }) => {
  await signUpVerified(page.request, newAccount('textjobsleftout'));
  let stored = transcriptAnswer({ id: ID, text: 'We ship on Friday.', summary: '', topic: '', key_points: [], summary_left_out: true });
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: stored }));
  await page.route(`**/api/transcripts/${ID}/summary`, (route) => {
    stored = { ...stored, summary: NEW, key_points: [{ text: NEW, start_ms: null }], summary_left_out: false };
    return route.fulfill({ json: stored });
  });
  await page.goto(`/transcript/${ID}`);
  await expect(page.getByText(W.summaryLeftOut)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: W.summarizeAgain, exact: true }).click();
  await expect(page.getByText(NEW).first()).toBeVisible();
  await expect(page.getByText(W.summaryLeftOut)).toHaveCount(0);
});
