/**
 * Issue 28, editing like a document, end to end in Chromium against the real local backend (the spoken fixture,
 * with speaker identification): click a word and correct it in place (the recording at that moment, Enter saves,
 * Escape cancels, the other words keep their times); find and replace with a count, Replace all and Undo; the
 * speaker menu (rename everywhere, give a paragraph to a new speaker); all of it by keyboard too; at 1280 and
 * 390 px with axe-core.
 */
import { expect, test, type Page } from '@playwright/test';
import type { TranscriptView } from '../../functions/contract';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { FIND_TEXTS, READING_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { focusRingContrast } from './support/contrast';
import { playerMedia as media, spokenWavBase64, transcribeFromPage, type FullTranscript } from './support/transcripts';

const R = READING_TEXTS;
const F = FIND_TEXTS;
const W = WORKSPACE_TEXTS;

let wavBase64: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  wavBase64 = await spokenWavBase64('word-editing');
});

const reading = (page: Page) => page.getByRole('region', { name: R.readingLabel });
const words = (page: Page) => reading(page).locator('.w');
const mediaMs = (page: Page) => media(page).evaluate((element: HTMLMediaElement) => Math.round(element.currentTime * 1000));
type Timed = { word: string; start: number; end: number };
const stored = async (page: Page, id: string): Promise<TranscriptView> => (await (await page.request.get(`/api/transcripts/${id}`)).json()) as TranscriptView;
const timedWords = async (page: Page, id: string): Promise<Timed[]> => (await stored(page, id)).word_timings.flatMap((group) => group.words);

async function withTranscript(page: Page, width: number): Promise<FullTranscript> {
  await page.setViewportSize({ width, height: 900 });
  await signUpVerified(page.request, newAccount(`words${width}`));
  await page.goto('/dashboard');
  const transcript = await transcribeFromPage(page, wavBase64, { diarization: 'true' }, 'Words.wav');
  await page.goto(`/transcript/${transcript.id}`);
  await expect(words(page).first()).toBeVisible();
  await expect.poll(() => media(page).evaluate((element: HTMLMediaElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  return transcript;
}

for (const width of [1280, 390]) {
  test(`at ${width} px: click a word to correct it, find and replace with Undo, the speaker menu`, async ({ page }) => {
    test.setTimeout(240_000);
    const transcript = await withTranscript(page, width);
    const before = await timedWords(page, transcript.id);

    await test.step('a click on a word opens it in place with the recording at its moment; Escape cancels, Enter saves', async () => {
      const target = words(page).nth(3);
      const original = (await target.textContent())!;
      const start = Number(await target.getAttribute('data-start'));
      await target.click();
      const field = page.getByRole('textbox', { name: R.correctWords(original) });
      await expect(field).toBeFocused();
      await expect.poll(() => mediaMs(page)).toBe(start);
      expect(await media(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
      await expectNoAxeViolations(page);
      await field.fill('Zanzibar');
      await field.press('Escape');
      await expect(field).toHaveCount(0);
      await expect(reading(page)).not.toContainText('Zanzibar');

      await words(page).nth(3).click();
      await page.getByRole('textbox', { name: R.correctWords(original) }).fill('Zanzibar');
      await page.keyboard.press('Enter');
      await expect(page.getByText(W.saved)).toBeVisible();
      await expect(words(page).nth(3)).toHaveText('Zanzibar');
      const after = await timedWords(page, transcript.id);
      expect(after.map((word) => word.word)).toEqual(before.map((word, index) => (index === 3 ? 'Zanzibar' : word.word)));
      expect(after.filter((_, index) => index !== 3)).toEqual(before.filter((_, index) => index !== 3));
    });

    await test.step('find and replace: a count, Replace all keeps the other words’ times, Undo brings the text back', async () => {
      const expected = ((await words(page).allTextContents()).join(' ').match(/the/gi) ?? []).length;
      expect(expected).toBeGreaterThan(0);
      await page.getByRole('button', { name: F.open }).click();
      const find = page.getByRole('region', { name: F.region });
      await find.getByRole('searchbox', { name: F.find }).fill('THE');
      await expect(find.getByRole('status')).toHaveText(F.count(1, expected, false));
      await expect(reading(page).locator('.w--current')).toHaveCount(1);
      await find.getByLabel(F.matchCase).check();
      await expect(find.getByRole('status')).toHaveText(F.none);
      await find.getByLabel(F.matchCase).uncheck();
      await find.getByRole('textbox', { name: F.replaceWith }).fill('THE');
      await expectNoAxeViolations(page);
      const edited = await timedWords(page, transcript.id);
      await find.getByRole('button', { name: F.replaceAll }).click();
      await expect(page.getByText(F.replaced(expected))).toBeVisible();
      await expect.poll(async () => (await words(page).allTextContents()).join(' ')).not.toMatch(/the/);
      const replaced = await timedWords(page, transcript.id);
      const untouched = (list: Timed[]) => list.filter((word) => !/the/i.test(word.word));
      expect(untouched(replaced)).toEqual(untouched(edited));
      await find.getByRole('button', { name: F.undo }).click();
      await expect(page.getByText(W.undone)).toBeVisible();
      expect((await timedWords(page, transcript.id)).map((word) => word.word)).toEqual(edited.map((word) => word.word));
      await find.getByRole('button', { name: F.close }).click();
      await expect(page.getByRole('button', { name: F.open })).toBeFocused();
    });

    await test.step('the speaker menu: rename everywhere, then give the first paragraph to a new speaker', async () => {
      const menu = reading(page).getByRole('button', { name: /: rename, or change the speaker of the paragraph at / }).first();
      const speaker = (await menu.locator('.para__speaker').textContent())!;
      await menu.click();
      // The menu opens into the page from the label at the line's start: at 390 px it ran off the left edge.
      const opened = (await page.getByRole('menu').boundingBox())!;
      expect(opened.x).toBeGreaterThanOrEqual(0);
      expect(opened.x + opened.width).toBeLessThanOrEqual(width);
      await page.getByRole('menuitem', { name: R.renameSpeaker(speaker) }).click();
      const rename = page.getByRole('textbox', { name: R.speakerRename(speaker) });
      await rename.fill('Alice Example');
      await rename.press('Enter');
      await expect(page.getByText(W.speakersSaved)).toBeVisible();
      await expect(reading(page).locator('.para__speaker').first()).toHaveText('Alice Example');
      await expectNoAxeViolations(page);

      await reading(page).getByRole('button', { name: /^Alice Example: rename/ }).first().click();
      await page.getByRole('menuitem', { name: R.giveToNew }).click();
      const name = page.getByRole('textbox', { name: R.newSpeakerName });
      await name.fill('Narrator');
      await name.press('Enter');
      await expect(page.getByText(W.speakerChanged('Narrator'))).toBeVisible();
      await expect(reading(page).locator('.para__speaker').first()).toHaveText('Narrator');
      const after = await stored(page, transcript.id);
      expect(after.word_timings[0]!.speaker).toBe('Narrator');
      expect(after.speakers).toContain('Narrator');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}

test('keyboard only: reach the words, move and select with the arrows, correct with Enter, find with Ctrl+H', async ({ page }) => {
  test.setTimeout(180_000);
  const transcript = await withTranscript(page, 1280);
  const before = await timedWords(page, transcript.id);
  const firstWords = reading(page).getByRole('group', { name: /^Words of the paragraph at 0:00/ });

  // Tab from the paragraph's Edit button reaches its words; the focus is visible and names the word.
  await page.getByRole('button', { name: /^Edit the paragraph at 0:00/ }).focus();
  await page.keyboard.press('Tab');
  await expect(firstWords).toBeFocused();
  await expect(firstWords).toHaveAttribute('aria-activedescendant', 'word-0');
  expect(await firstWords.evaluate((element) => getComputedStyle(element.querySelector('.w--cursor')!).outlineStyle)).toBe('solid');
  const time = await mediaMs(page);
  await page.keyboard.press('ArrowRight');
  await expect(firstWords).toHaveAttribute('aria-activedescendant', 'word-1');
  // The arrows walk the words; they do not skip the recording.
  expect(await mediaMs(page)).toBe(time);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(reading(page).locator('.w--selected')).toHaveCount(2);
  // The selection is seen: its underline (the word's last shadow) at 3:1 or more against the text's background,
  // light and dark (a tint of 1.1:1 before).
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => focusRingContrast(reading(page).locator('.w--selected').first())).toBeGreaterThanOrEqual(3);
  }
  await page.keyboard.press('Enter');
  const field = page.getByRole('textbox', { name: R.correctWords(`${before[1]!.word} ${before[2]!.word}`) });
  await expect(field).toBeFocused();
  await page.keyboard.type('two words');
  await page.keyboard.press('Enter');
  await expect(page.getByText(W.saved)).toBeVisible();
  await expect(firstWords).toBeFocused();
  const after = await timedWords(page, transcript.id);
  expect(after.slice(1, 3).map((word) => word.word)).toEqual(['two', 'words']);
  expect(after.slice(3)).toEqual(before.slice(3));
  expect(after[0]).toEqual(before[0]);

  await page.keyboard.press('Control+h');
  await expect(page.getByRole('searchbox', { name: F.find })).toBeFocused();
  await page.keyboard.type('two');
  await expect(page.getByRole('region', { name: F.region }).getByRole('status')).toHaveText(F.count(1, 1, false));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: F.region })).toHaveCount(0);
  await expect(page.getByRole('button', { name: F.open })).toBeFocused();
  await expectNoAxeViolations(page);
});
