/**
 * Issue 15, point 4, end to end in Chromium against the real local backend: the owner makes a read-only
 * link from the workspace (keyboard), copies it; a reader with no session opens it in a fresh browser
 * context at 390 px, plays and seeks; the owner turns it off and the reader's page says the link is dead.
 * axe-core on the dialog and on the page, at 1280 px and 390 px; nothing scrolls sideways.
 */
import { expect, test, type Page } from '@playwright/test';
import { BRAND } from '../../web/src/config/texts';
import { SHARING_TEXTS, WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { READING_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { playerMedia as media, spokenWavForSpec, transcribeFromPage } from './support/transcripts';

const S = SHARING_TEXTS;
const W = READING_TEXTS;

const wavBase64 = spokenWavForSpec('share');

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const mediaTime = (page: Page) => media(page).evaluate((element: HTMLMediaElement) => element.currentTime);

test('share a read-only link: make and copy it, read it signed out, play and seek, turn it off', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpVerified(page.request, newAccount('share'));
  await page.goto('/dashboard');
  const transcript = await transcribeFromPage(page, wavBase64(), { diarization: 'true' }, 'Market report.wav');
  let url = '';

  await test.step('the owner makes a link with the recording, by keyboard, and copies it', async () => {
    await page.goto(`/transcript/${transcript.id}`);
    const share = page.getByRole('button', { name: S.share, exact: true });
    await share.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: S.dialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(S.noLinks)).toBeVisible();
    await expect(dialog.getByLabel(S.expiryLabel)).toBeFocused();
    await dialog.getByLabel(S.expiryLabel).selectOption({ label: '7 days' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(dialog.getByLabel(S.includeAudio)).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(S.created)).toBeVisible();
    url = await dialog.getByLabel(S.newLinkLabel).inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: S.copy }).click();
    await expect(page.getByText(S.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(dialog.getByTestId('share-link')).toHaveCount(1);
    await expect(dialog.getByTestId('share-link')).toContainText('with the recording');
    await expectNoAxeViolations(page, '.modal');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
  });

  const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();

  await test.step('a reader with no session reads it at 390 px: not indexed, read-only, with the product and "Try it"', async () => {
    const answer = await readerPage.goto(new URL(url).pathname);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex');
    await expect(readerPage.getByRole('heading', { level: 1, name: 'Market report.wav' })).toBeVisible();
    await expect(readerPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(readerPage.getByText(S.sharedBy(BRAND.name))).toBeVisible();
    await expect(readerPage.getByRole('link', { name: S.tryIt }).first()).toHaveAttribute('href', '/signup');
    await expect(readerPage.getByRole('region', { name: W.readingLabel })).toContainText(/fox/i);
    await expect(readerPage.getByRole('button', { name: /^Edit the paragraph/ })).toHaveCount(0);
    await expect(readerPage.getByRole('button', { name: WORKSPACE_TEXTS.rename })).toHaveCount(0);
    expect(await scrollsSideways(readerPage)).toBe(false);
    await expectNoAxeViolations(readerPage);
    await readerPage.setViewportSize({ width: 1280, height: 900 });
    expect(await scrollsSideways(readerPage)).toBe(false);
    await expectNoAxeViolations(readerPage);
    await readerPage.setViewportSize({ width: 390, height: 844 });
  });

  await test.step('plays, and a click on a word seeks there and highlights it', async () => {
    await readerPage.getByRole('button', { name: W.play, exact: true }).click();
    await expect.poll(() => media(readerPage).evaluate((element: HTMLMediaElement) => !element.paused)).toBe(true);
    await readerPage.getByRole('button', { name: W.pause, exact: true }).click();
    const word = readerPage.locator('.w').nth(6);
    const start = Number(await word.getAttribute('data-start'));
    expect(start).toBeGreaterThan(0);
    await word.click();
    await expect.poll(() => mediaTime(readerPage)).toBeGreaterThanOrEqual(start / 1000 - 0.05);
    await expect(readerPage.locator('.w--active')).toHaveCount(1);
  });

  await test.step('the owner turns it off; the reader\'s page then says the link does not work', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // At 390 px the toolbar is one Actions menu (issue 28).
    await page.getByRole('button', { name: WORKSPACE_TEXTS.actionsMenu, exact: true }).click();
    await page.getByRole('menuitem', { name: S.share, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: S.dialogTitle });
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page, '.modal');
    await dialog.getByRole('button', { name: /^Turn off the link made / }).click();
    await expect(page.getByText(S.revoked)).toBeVisible();
    await expect(dialog.getByText(S.noLinks)).toBeVisible();

    await readerPage.reload();
    await expect(readerPage.getByRole('heading', { level: 1, name: S.deadTitle })).toBeVisible();
    await expect(readerPage.getByText(S.deadMessage)).toBeVisible();
    await expect(readerPage.getByRole('link', { name: S.tryIt }).first()).toBeVisible();
    const token = new URL(url).pathname.split('/').pop()!;
    expect((await readerPage.request.get(`/api/shared/${token}/audio.wav`)).status()).toBe(404);
    await expectNoAxeViolations(readerPage);
  });
  await reader.close();
});
