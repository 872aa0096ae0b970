/**
 * Five defects a browser walkthrough found, each at 1280 px (light) and 390 px (dark), keyboard only where it can be:
 * a short "Summarize as…" (answered at once, not as a job) shows it is working and its result is announced; renaming a
 * speaker happens in the paragraph's header row, not in a form that splits it; on a phone a video's sticky player
 * leaves the reading view room, Play still in reach; the menus' format groups say they download; the library's Ask
 * has a visible label. The transcript and its answers are served by the test (page.route); axe-clean.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import type { TranscriptView } from '../../functions/contract';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { ASK_TEXTS, READING_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcriptAnswer } from './support/transcripts';

const W = WORKSPACE_TEXTS;
const R = READING_TEXTS;
const ID = 'walkfixes001';
const MARIA = 'Maria Fernández-Gutiérrez';
const ITEM = 'Maria: send the slides by Friday.';

/** Twelve paragraphs, the speakers taking turns: enough text to scroll under the player. */
const groups = Array.from({ length: 12 }, (_, index) => ({
  speaker: index % 2 ? MARIA : 'Speaker 1',
  words: `Paragraph ${index} is about the quarterly plan and the budget for next year.`.split(' ').map((word, at) => ({ word, start: index * 8000 + at * 400, end: index * 8000 + at * 400 + 300 })),
}));

const view = (fields: Partial<TranscriptView> = {}) =>
  transcriptAnswer({ id: ID, filename: 'All hands.webm', text: 'Paragraph', summary: 'Slides are due.', key_points: [{ text: 'Slides are due.', start_ms: 0 }], word_timings: groups, speakers: ['Speaker 1', MARIA], duration_ms: 96_000, translations: ['Spanish'], ...fields });

const box = async (locator: Locator) => (await locator.boundingBox())!;
const middle = (rect: { y: number; height: number }) => rect.y + rect.height / 2;

for (const [width, colorScheme] of [
  [1280, 'light'],
  [390, 'dark'],
] as const) {
  const phone = width === 390;

  test.describe(`at ${width} px, ${colorScheme}`, () => {
    test.use({ viewport: { width, height: 844 }, colorScheme });

    test('a short Summarize as… shows it is working, then announces the summary or why it failed', async ({ page }) => {
      test.setTimeout(90_000);
      await signUpVerified(page.request, newAccount(`walksum${width}`));
      let stored = view();
      let failing = false;
      // Each summary request waits until the test lets it go, so its busy state can be looked at.
      const held: (() => void)[] = [];
      await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: stored }));
      await page.route(`**/api/transcripts/${ID}/summary`, async (route) => {
        await new Promise<void>((release) => held.push(release));
        if (failing) return route.fulfill({ status: 500, json: {} });
        stored = { ...stored, summaries: { action_items: { lines: [ITEM], created_at: '2026-11-28T03:00:00Z', outdated: false } } };
        return route.fulfill({ json: stored });
      });
      await page.goto(`/transcript/${ID}`);
      const toolbar = page.getByRole('group', { name: W.actionsLabel });
      const toggle = toolbar.getByRole('button', { name: phone ? W.actionsMenu : W.summarizeAsLabel, exact: true });
      const choose = async (template: string) => {
        await toggle.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menuitem', { name: template, exact: true }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => held.length).toBe(1);
      };

      await choose('Action items');
      // While it is made: its button is busy (a spinner, aria-busy), Summarize as… can't be used again, and the toolbar says so.
      await expect(toggle).toHaveAttribute('aria-busy', 'true');
      await expect(toggle.locator('.spinner')).toBeVisible();
      await expect(toggle).toBeFocused();
      if (!phone) {
        await expect(toggle).toHaveAttribute('aria-disabled', 'true');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('menu')).toHaveCount(0);
      } else {
        await page.keyboard.press('Enter');
        await expect(page.getByRole('menuitem', { name: 'Action items', exact: true })).toBeDisabled();
        await page.keyboard.press('Escape');
      }
      await expect(toolbar.getByRole('status')).toHaveText(W.summarizing);
      await expect(toolbar.getByRole('status')).toBeVisible();
      await expectNoAxeViolations(page);

      held.shift()!();
      await expect(page.getByRole('alert').filter({ hasText: W.summarized })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Action items' })).toHaveAttribute('aria-selected', 'true');
      await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
      await expect(toolbar.getByRole('status')).toHaveText('');

      // A failure is announced too, and Summarize as… can be used again.
      failing = true;
      await choose('Key points');
      held.shift()!();
      await expect(page.getByRole('alert').filter({ hasText: W.summarizeFailed })).toBeVisible();
      await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
      await expect(toggle).not.toHaveAttribute('aria-disabled', 'true');
    });

    test("renaming a speaker happens in the paragraph's header row, without splitting it", async ({ page }) => {
      await signUpVerified(page.request, newAccount(`walkname${width}`));
      const sent: unknown[] = [];
      await page.route(`**/api/transcripts/${ID}`, (route) => {
        if (route.request().method() === 'GET') return route.fulfill({ json: view() });
        sent.push(route.request().postDataJSON());
        return route.fulfill({ json: view() });
      });
      await page.goto(`/transcript/${ID}`);
      const label = page.getByRole('button', { name: R.speakerMenu(MARIA, '0:08') });
      const head = page.locator('[data-para="1"] .para__head');
      await label.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: R.renameSpeaker(MARIA) }).focus();
      await page.keyboard.press('Enter');

      const field = page.getByRole('textbox', { name: R.speakerRename(MARIA) });
      await expect(field).toBeFocused();
      await expect(field).toHaveValue(MARIA);
      // The field, Save, Cancel and the paragraph's time make one row, where the name was; the header stays one row.
      const row = [field, head.getByRole('button', { name: R.save, exact: true }), head.getByRole('button', { name: R.cancel, exact: true }), head.getByRole('button', { name: R.playFrom('0:08') })];
      const centres = await Promise.all(row.map(async (item) => middle(await box(item))));
      for (const centre of centres) expect(Math.abs(centre - centres[0]!)).toBeLessThanOrEqual(4);
      const header = await box(head);
      expect(header.height).toBeLessThanOrEqual((await box(row[1]!)).height + 12);
      expect((await box(field)).x).toBeLessThanOrEqual(header.x + 8);
      expect((await box(field)).width).toBeGreaterThanOrEqual(100);
      const right = Math.max(...(await Promise.all(row.map(async (item) => { const rect = await box(item); return rect.x + rect.width; }))));
      expect(right).toBeLessThanOrEqual(header.x + header.width + 1);
      await expectNoAxeViolations(page);

      // Escape leaves it: the speaker's label is back, with the focus.
      await page.keyboard.press('Escape');
      await expect(field).toHaveCount(0);
      await expect(label).toBeFocused();
      // Enter saves a new name.
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: R.renameSpeaker(MARIA) }).focus();
      await page.keyboard.press('Enter');
      await field.fill('Maria');
      await page.keyboard.press('Enter');
      await expect.poll(() => sent).toEqual([{ speakers: { [MARIA]: 'Maria' } }]);
    });

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

test.describe('a video on a phone (390 px)', () => {
  let clip = '';
  test.beforeAll(() => {
    clip = join(mkdtempSync(join(tmpdir(), 'walk-video-')), 'clip.webm');
    // 4:3, as the walkthrough's recording was.
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=160x120:r=10', '-t', '4', '-c:v', 'libvpx', clip]);
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the sticky player leaves the reading view room while it scrolls, Play in reach (${colorScheme})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
      const page = await context.newPage();
      await signUpVerified(page.request, newAccount(`walkvideo${colorScheme}`));
      await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: view({ media_kind: 'video', audio_url: `/uploads/${ID}.webm`, duration_ms: 4000 }) }));
      await page.route(`**/uploads/${ID}.webm`, (route) => route.fulfill({ path: clip, contentType: 'video/webm' }));
      await page.goto(`/transcript/${ID}`);
      const player = page.getByRole('region', { name: 'Recording' });
      const video = player.locator('video');
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(160);

      // At the text's start the picture shows.
      await page.getByRole('heading', { level: 2, name: 'Transcript' }).scrollIntoViewIfNeeded();
      await expect(video).toBeInViewport();

      // Reading further down: the player covers at most a quarter of the screen below the top bar; Play is there, not covered.
      await page.locator('[data-para="6"]').evaluate((node) => node.scrollIntoView({ block: 'center' }));
      const covered = await player.evaluate((node) => {
        const bar = document.querySelector('.app-bar')!.getBoundingClientRect().bottom;
        const rect = node.getBoundingClientRect();
        return Math.max(0, rect.bottom - Math.max(rect.top, bar));
      });
      expect(covered).toBeLessThanOrEqual(844 / 4);
      const play = player.getByRole('button', { name: R.play, exact: true });
      await expect(play).toBeInViewport();
      expect(await play.evaluate((button) => { const rect = button.getBoundingClientRect(); return button.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2)); })).toBe(true);
      await play.focus();
      await page.keyboard.press('Enter');
      await expect(player.getByRole('button', { name: R.pause, exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
