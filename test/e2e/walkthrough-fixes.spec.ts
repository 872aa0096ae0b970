/**
 * Defects a browser walkthrough found, each at 1280 px (light) and 390 px (dark), keyboard only: the menus' format groups
 * say they download; the library's Ask has a visible label. The transcript is served by the test (page.route); axe-clean.
 */
import { expect, test, type Locator } from '@playwright/test';
import type { TranscriptView } from '../../functions/contract';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { ASK_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcriptAnswer } from './support/transcripts';

const W = WORKSPACE_TEXTS;
const ID = 'walkfixes001';
const MARIA = 'Maria Fernández-Gutiérrez';


/** Twelve paragraphs, the speakers taking turns: enough text to scroll under the player. */
const groups = Array.from({ length: 12 }, (_, index) => ({
  speaker: index % 2 ? MARIA : 'Speaker 1',
  words: `Paragraph ${index} is about the quarterly plan and the budget for next year.`.split(' ').map((word, at) => ({ word, start: index * 8000 + at * 400, end: index * 8000 + at * 400 + 300 })),
}));

const view = (fields: Partial<TranscriptView> = {}) =>
  transcriptAnswer({ id: ID, filename: 'All hands.webm', text: 'Paragraph', summary: 'Slides are due.', key_points: [{ text: 'Slides are due.', start_ms: 0 }], word_timings: groups, speakers: ['Speaker 1', MARIA], duration_ms: 96_000, translations: ['Spanish'], ...fields });

const box = async (locator: Locator) => (await locator.boundingBox())!;

for (const [width, colorScheme] of [
  [1280, 'light'],
  [390, 'dark'],
] as const) {
  const phone = width === 390;

  test.describe(`at ${width} px, ${colorScheme}`, () => {
    test.use({ viewport: { width, height: 844 }, colorScheme });

    test("the menus' format groups say that their items download a file", async ({ page }) => {
      await signUpVerified(page.request, newAccount(`walkdl${width}`));
      await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: view() }));
      await page.goto(`/transcript/${ID}`);
      const toggle = page.getByRole('group', { name: W.actionsLabel }).getByRole('button', { name: phone ? W.actionsMenu : W.export, exact: true });
      await toggle.focus();
      await page.keyboard.press('ArrowDown');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('group', { name: W.downloadTranscript })).toBeVisible();
      await expect(menu.getByRole('group', { name: W.downloadTranscript }).getByRole('menuitem', { name: `${W.formats.txt}, ${W.exportTranscript}` })).toBeFocused();
      // Every group with a download in it, or the choices of what goes in one, starts with "Download".
      const names = await menu.getByRole('group').evaluateAll((found) =>
        found.filter((group) => group.querySelector('a[download], [role="menuitemcheckbox"]')).map((group) => group.getAttribute('aria-label')),
      );
      expect(names).toEqual([W.downloadTranscript, W.downloadTranslation('Spanish'), 'Download options']);
      await expect(menu.getByText(W.downloadTranscript)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the library's Ask has a visible label, its field's name", async ({ page }) => {
      await signUpVerified(page.request, newAccount(`walkask${width}`));
      await page.goto('/dashboard?tab=transcribed');
      const region = page.getByRole('region', { name: ASK_TEXTS.title });
      const field = region.getByRole('searchbox', { name: ASK_TEXTS.title });
      await expect(field).toBeVisible();
      const label = region.getByText(ASK_TEXTS.title, { exact: true });
      const shown = await box(label);
      // Seen, not a screen reader's one-pixel label: above the field, in its column.
      expect(shown.height).toBeGreaterThanOrEqual(12);
      expect(shown.width).toBeGreaterThanOrEqual(60);
      expect(shown.y + shown.height).toBeLessThanOrEqual((await box(field)).y + 1);
      expect(Math.abs(shown.x - (await box(field)).x)).toBeLessThanOrEqual(2);
      await field.focus();
      await expect(field).toBeFocused();
      await expectNoAxeViolations(page);
    });
  });
}
