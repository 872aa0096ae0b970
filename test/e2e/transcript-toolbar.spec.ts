/**
 * Issue 28 point 6, the transcript page's controls in sight, at 1280 px and 390 px: the toolbar above the
 * text (at 390 px one Actions menu), keyboard only through its menus, project and tags in the header
 * (edited there), Delete in More with Undo, `?t=60` opening the player at 60 s, and "Copy link at this
 * moment" in seconds; the Export menu has a group for the stored translation and, once translated, for the new one; axe-clean. The transcript's answers and its 90 s recording are served by the test
 * (page.route), so nothing waits for a transcription.
 */
import { expect, test, type Page } from '@playwright/test';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { COMMON_TEXTS } from '../../web/src/config/texts';
import { ASK_TEXTS, TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { wavHeader } from '../fixtures/wav';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { playerMedia, transcriptAnswer } from './support/transcripts';

const W = WORKSPACE_TEXTS;
const T = TRANSCRIPTS_TEXTS;
const ID = 'tbartbar0001';
const NAME = 'Toolbar check.wav';
const SECONDS = 90;

/** A word every second for 90 s, two speakers taking turns every 30 s. */
const groups = [0, 1, 2].map((turn) => ({
  speaker: `Speaker ${(turn % 2) + 1}`,
  words: Array.from({ length: 30 }, (_, index) => {
    const second = turn * 30 + index;
    return { word: `word${second}`, start: second * 1000, end: second * 1000 + 600 };
  }),
}));

/** 90 s of silence, 16 kHz mono. */
const recording = (() => {
  const data = Buffer.alloc(SECONDS * 16_000 * 2);
  return Buffer.concat([wavHeader(data.length), data]);
})();

/** The transcript (with a project and a tag), its moves to and from the trash and its recording (with byte ranges, so it seeks). */
async function serve(page: Page): Promise<void> {
  let stored = transcriptAnswer({
    id: ID,
    filename: NAME,
    text: groups.flatMap((group) => group.words.map((word) => word.word)).join(' '),
    word_timings: groups,
    speakers: ['Speaker 1', 'Speaker 2'],
    duration_ms: SECONDS * 1000,
    project_id: 'proj0001',
    tags: ['interview'],
    translations: ['French'],
  });
  await page.route('**/api/projects', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [{ id: 'proj0001', name: 'Field work', description: '' }] }) : route.fallback()));
  await page.route(`**/api/transcripts/${ID}`, (route) => {
    const method = route.request().method();
    if (method === 'DELETE') stored = { ...stored, deleted: true };
    if (method === 'PATCH') stored = { ...stored, ...(route.request().postDataJSON() as object) };
    return route.fulfill({ json: method === 'DELETE' ? { message: 'Deleted.', id: ID } : stored });
  });
  await page.route(`**/api/transcripts/${ID}/restore`, (route) => {
    stored = { ...stored, deleted: false };
    return route.fulfill({ json: { message: 'Restored.', id: ID } });
  });
  await page.route(`**/api/translate/${ID}`, (route) => {
    const { language } = route.request().postDataJSON() as { language: string };
    return route.fulfill({ json: { language, translated_text: 'Speaker 1: palabra', segments: [{ speaker: 'Speaker 1', start: 0, end: 600, text: 'palabra' }] } });
  });
  await page.route(`**/uploads/${ID}.wav`, (route) => {
    const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers()['range'] ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : recording.length - 1;
    return route.fulfill({
      status: range ? 206 : 200,
      body: recording.subarray(start, end + 1),
      headers: { 'content-type': 'audio/wav', 'accept-ranges': 'bytes', ...(range ? { 'content-range': `bytes ${start}-${end}/${recording.length}` } : {}) },
    });
  });
}

const toolbar = (page: Page) => page.getByRole('group', { name: W.actionsLabel });
const mediaTime = (page: Page) => playerMedia(page).evaluate((element: HTMLMediaElement) => element.currentTime);
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const width of [1280, 390]) {
  const phone = width === 390;

  test(`the transcript page's toolbar at ${width} px: in sight, keyboard only, Delete with Undo, ?t= in seconds`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpVerified(page.request, newAccount(`toolbar${width}`));
    await serve(page);
    /** A menu's toggle: at 390 px every action is in the one Actions menu. */
    const toggle = (name: string) => toolbar(page).getByRole('button', { name: phone ? W.actionsMenu : name, exact: true });

    await test.step('?t=60 opens the player at 60 s; the header shows the project and the tags', async () => {
      await page.goto(`/transcript/${ID}?t=60`);
      await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
      await expect.poll(() => mediaTime(page)).toBe(60);
      await expect(page.locator('.w--active')).toHaveText('word60');
      const header = page.locator('.transcript__header');
      await expect(header.getByText('Field work')).toBeVisible();
      await expect(header.getByText('interview')).toBeVisible();
    });

    await test.step(phone ? 'at 390 px the toolbar is one Actions menu, nothing scrolls sideways' : 'at 1280 px every action is a button above the text', async () => {
      const visible = phone ? [W.actionsMenu] : [W.export, 'Share', T.translate, W.speakersTitle, ASK_TEXTS.ask, W.summarizeAsLabel, W.moreLabel];
      for (const name of visible) await expect(toolbar(page).getByRole('button', { name, exact: true })).toBeVisible();
      await expect(toolbar(page).getByRole('button')).toHaveCount(visible.length);
      // Above the text.
      const bar = (await toolbar(page).boundingBox())!;
      const text = (await page.getByRole('heading', { level: 2, name: T.textLabel, exact: true }).boundingBox())!;
      expect(bar.y).toBeLessThan(text.y);
      expect(await scrollsSideways(page)).toBe(false);
      await expectNoAxeViolations(page);
    });

    await test.step('keyboard only: the Export menu opens with ArrowDown, moves with the arrows, checks an option with Space, closes with Escape', async () => {
      const exportToggle = toggle(W.export);
      await exportToggle.focus();
      await page.keyboard.press('ArrowDown');
      await expect(exportToggle).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('group', { name: W.downloadTranscript })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: `${W.formats.txt}, ${W.exportTranscript}` })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: `${W.formats.md}, ${W.exportTranscript}` })).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      // Round the end: the last item (at 1280 px, "With speakers"; at 390 px, Delete).
      const last = phone ? menu.getByRole('menuitem', { name: `${T.delete} ${NAME}` }) : menu.getByRole('menuitemcheckbox', { name: W.withSpeakers });
      await expect(last).toBeFocused();
      await expectNoAxeViolations(page);
      const speakers = menu.getByRole('menuitemcheckbox', { name: W.withSpeakers });
      await speakers.focus();
      await expect(speakers).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('Space');
      await expect(speakers).toHaveAttribute('aria-checked', 'false');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(exportToggle).toBeFocused();
      await expect(exportToggle).toHaveAttribute('aria-expanded', 'false');
    });

    await test.step('Enter on a format downloads it, without the speakers just unchecked', async () => {
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: `${W.formats.txt}, ${W.exportTranscript}` })).toBeFocused();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      // The export's address (the served transcript is not the server's: what it answers is not the point here).
      expect(download.url()).toMatch(new RegExp(`/api/transcripts/${ID}/export\\?format=txt&timestamps=true&speakers=false$`));
      await expect(page.getByRole('menu')).toHaveCount(0);
    });

    await test.step('"Copy link at this moment" gives ?t= in seconds', async () => {
      const more = toggle(W.moreLabel);
      await more.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: W.copyMomentLink }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(W.momentLinkCopied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/transcript/${ID}?t=60`, page.url()).href);
    });

    await test.step('Translate opens its panel under the toolbar; Close and Escape give the focus back to its button', async () => {
      const openTranslate = async () => {
        if (phone) {
          await toggle(T.translate).click();
          await page.getByRole('menuitem', { name: T.translate, exact: true }).click();
          await expect(page.getByRole('region', { name: T.translate })).toBeFocused();
        } else {
          const translate = toggle(T.translate);
          await translate.click();
          await expect(translate).toHaveAttribute('aria-expanded', 'true');
        }
      };
      await openTranslate();
      const panel = page.getByRole('region', { name: T.translate });
      await expect(panel.getByRole('button', { name: T.translateLabel(NAME) })).toBeVisible();
      await expectNoAxeViolations(page);
      await panel.getByRole('combobox').selectOption('Spanish');
      await panel.getByRole('button', { name: T.translateLabel(NAME) }).click();
      await expect(panel.getByRole('region', { name: T.translationTitle('Spanish') })).toBeVisible();
      await panel.getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Enter');
      await expect(panel).toHaveCount(0);
      // Not lost to the page's start: back on what opened it (at 390 px the Actions menu).
      await expect(toggle(T.translate)).toBeFocused();
      // Escape closes it too, as it does Find and replace.
      await openTranslate();
      await panel.getByRole('combobox').focus();
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(toggle(T.translate)).toBeFocused();
    });

    await test.step('once translated, the Export menu offers the translation too, with its lang, beside the one stored before', async () => {
      await toggle(W.export).click();
      const item = page.getByRole('menuitem', { name: `${W.formats.srt}, ${W.exportTranslation('Spanish')}` });
      await expect(item).toHaveAttribute('href', new RegExp(`/api/transcripts/${ID}/export\\?format=srt&.*&lang=es$`));
      const stored = page.getByRole('menuitem', { name: `${W.formats.srt}, ${W.exportTranslation('French')}` });
      await expect(stored).toHaveAttribute('href', new RegExp(`/api/transcripts/${ID}/export\\?format=srt&.*&lang=fr$`));
      await page.keyboard.press('Escape');
    });

    await test.step('project and tags are edited in the header', async () => {
      await page.getByRole('button', { name: W.editDetails }).click();
      await page.getByLabel(W.tagsLabel).fill('interview, field');
      await page.getByRole('button', { name: W.saveDetails }).click();
      await expect(page.getByText(W.detailsSaved)).toBeVisible();
      await expect(page.locator('.transcript__header .badge', { hasText: 'field' })).toBeVisible();
      await expect(page.getByLabel(W.tagsLabel)).toHaveCount(0);
    });

    await test.step('Delete is in More, by keyboard; its toast has Undo, which brings the transcript back', async () => {
      const more = toggle(W.moreLabel);
      await more.focus();
      await page.keyboard.press('ArrowUp');
      const remove = page.getByRole('menuitem', { name: `${T.delete} ${NAME}` });
      await expect(remove).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText(W.deleted(NAME))).toBeVisible();
      await expect(page.getByText(W.inTrash)).toBeVisible();
      await expect(more).toBeFocused();
      await page.getByRole('button', { name: COMMON_TEXTS.undoLabel(NAME) }).click();
      await expect(page.getByText(W.restored)).toBeVisible();
      await expect(page.getByText(W.inTrash)).toHaveCount(0);
    });
  });
}

test('?t= takes a clock (1:05), units (1m5s) and an older link in milliseconds (65000): each opens at 65 s', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 844 });
  await signUpVerified(page.request, newAccount('toolbar-moments'));
  await serve(page);
  for (const moment of ['1:05', '1m5s', '65000']) {
    await page.goto(`/transcript/${ID}?t=${moment}`);
    await expect.poll(() => mediaTime(page)).toBe(65);
    await expect(page.locator('.w--active')).toHaveText('word65');
  }
});
