/**
 * Issue 30, Ask, at 1280 px and 390 px: on the transcript page (the toolbar's Ask panel; at 390 px from the
 * Actions menu) and in the library over all transcripts (or the project the library is filtered to), by keyboard; the note that the passages are the answer,
 * each passage's speaker, moment and text with the question's words marked, and its link to the moment; axe-clean.
 * A written answer (mode 'ai', hand-made) with its citation numbers linking to their moments, "The recordings don't
 * say." shown plainly, and the day's question limit (429) in its words.
 * The transcript and Ask's answer are served by the test (page.route), so nothing waits for a transcription.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AskAnswer } from '../../functions/contract';
import { MESSAGES } from '../../functions/domain/messages';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { ASK_TEXTS, TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcriptAnswer } from './support/transcripts';

const A = ASK_TEXTS;
const ID = 'askaskask001';
const NAME = 'Rainbow talk.wav';
const TEXT = 'The Norsemen considered the rainbow as a bridge over which the gods passed from earth to their home in the sky.';
const answer: AskAnswer = { mode: 'passages', answer: null, citations: [{ transcript_id: ID, filename: NAME, start_ms: 65_000, end_ms: 95_000, speaker: 'Speaker 2', text: TEXT }] };

/** The transcript and Ask's answer; the question each Ask sent. */
async function serve(page: Page): Promise<unknown[]> {
  const asked: unknown[] = [];
  const words = TEXT.split(' ').map((word, index) => ({ word, start: 65_000 + index * 1000, end: 65_000 + index * 1000 + 600 }));
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: transcriptAnswer({ id: ID, filename: NAME, text: TEXT, word_timings: [{ speaker: 'Speaker 2', words }], speakers: ['Speaker 2'] }) }));
  // The library lists the transcript, in the project, so its filters show.
  const listed = { id: ID, filename: NAME, status: 'complete', preview: TEXT, summary: '', topic: '', audio_url: `/uploads/${ID}.wav`, language: 'en', tags: [], project_id: 'projask00001', created_at: '2026-11-23T10:30:00Z', deleted: false };
  await page.route(/\/api\/transcripts(\?|$)/, (route) => route.fulfill({ json: [listed] }));
  await page.route('**/api/projects', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [{ id: 'projask00001', name: 'Field work', description: '' }] }) : route.fallback()));
  await page.route('**/api/ask', (route) => {
    asked.push(route.request().postDataJSON());
    return route.fulfill({ json: answer });
  });
  return asked;
}

/** Types a question, sends it with Enter, and checks the answer: the note, the passage with its words marked, its link. */
async function askAndCheck(page: Page, region: ReturnType<Page['getByRole']>, names: boolean): Promise<void> {
  // The library's field is labelled by what it asks, the transcript page's panel (headed Ask) by "Your question".
  await region.getByLabel(names ? A.title : A.questionLabel).fill('What did the Norse think of rainbows?');
  await page.keyboard.press('Enter');
  await expect(region.getByText(A.passagesOnly)).toBeVisible();
  const passage = region.getByRole('list', { name: A.citationsLabel }).getByRole('listitem');
  await expect(passage).toHaveCount(1);
  await expect(passage.locator('mark')).toHaveText(['rainbow']);
  const link = passage.getByRole('link');
  await expect(link).toHaveAttribute('href', `/transcript/${ID}?t=65`);
  await expect(link).toContainText('Speaker 2');
  await expect(link).toContainText(A.at('1:05'));
  if (names) await expect(link).toContainText(NAME);
  else await expect(link).not.toContainText(NAME);
  await expectNoAxeViolations(page);
}

for (const width of [1280, 390]) {
  const phone = width === 390;

  test(`Ask at ${width} px: the transcript page's panel and the library's, by keyboard, axe-clean`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 844 });
    await signUpVerified(page.request, newAccount(`ask${width}`));
    const asked = await serve(page);

    await test.step('the transcript page: Ask opens its panel under the toolbar and asks this transcript', async () => {
      await page.goto(`/transcript/${ID}`);
      await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
      const toolbar = page.getByRole('group', { name: WORKSPACE_TEXTS.actionsLabel });
      if (phone) {
        const menu = toolbar.getByRole('button', { name: WORKSPACE_TEXTS.actionsMenu, exact: true });
        await menu.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menuitem', { name: A.ask, exact: true }).focus();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('region', { name: A.ask })).toBeFocused();
      } else {
        const button = toolbar.getByRole('button', { name: A.ask, exact: true });
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-expanded', 'true');
      }
      const region = page.getByRole('region', { name: A.ask });
      await askAndCheck(page, region, false);
      expect(asked.at(-1)).toEqual({ question: 'What did the Norse think of rainbows?', transcript_id: ID });
    });

    await test.step('the library: Ask over all transcripts, each passage with its file name', async () => {
      await page.goto('/dashboard?tab=transcribed');
      const region = page.getByRole('region', { name: A.title });
      await expect(region).toBeVisible();
      await askAndCheck(page, region, true);
      expect(asked.at(-1)).toEqual({ question: 'What did the Norse think of rainbows?' });
      // With the library filtered to a project, Ask asks that project's transcripts.
      await page.getByRole('combobox', { name: TRANSCRIPTS_TEXTS.projectLabel }).selectOption('projask00001');
      await region.getByLabel(A.title).fill('rainbow');
      await page.keyboard.press('Enter');
      await expect.poll(() => asked.at(-1)).toEqual({ question: 'rainbow', project_id: 'projask00001' });
      await region.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/transcript/${ID}\\?t=65$`));
    });
  });
}

const written: AskAnswer = { mode: 'ai', answer: 'The Norsemen saw the rainbow as a bridge the gods crossed [1].', citations: answer.citations };
const noAnswer: AskAnswer = { mode: 'ai', answer: MESSAGES.askNoAnswer, citations: [] };
const overLimit = MESSAGES.askDailyLimit(100, 5 * 3600);

for (const width of [1280, 390]) {
  test(`Ask's written answer at ${width} px: citation numbers that play their moment, "don't say" plainly, the day's limit in words, axe-clean`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 844 });
    await signUpVerified(page.request, newAccount(`askai${width}`));
    await serve(page);
    const answers = [{ json: written }, { json: noAnswer }, { status: 429, json: { error: overLimit, retry_after: 5 * 3600 } }];
    await page.route('**/api/ask', (route) => route.fulfill(answers.shift()!));
    await page.goto('/dashboard?tab=transcribed');
    const region = page.getByRole('region', { name: A.title });
    const askIt = async () => {
      await region.getByLabel(A.title).fill('What did the Norse think of rainbows?');
      await page.keyboard.press('Enter');
    };

    await askIt();
    const cite = region.getByRole('link', { name: A.citedAt(1, '1:05') });
    await expect(cite).toHaveText('[1]');
    await expect(cite).toHaveAttribute('href', `/transcript/${ID}?t=65`);
    await expect(region.getByText('The Norsemen saw the rainbow as a bridge the gods crossed')).toBeVisible();
    await expect(region.getByText(A.passagesOnly)).toHaveCount(0);
    await expect(region.getByRole('list', { name: A.citationsLabel }).getByRole('link')).toContainText('[1]');
    await expectNoAxeViolations(page);

    await askIt();
    await expect(region.getByText(MESSAGES.askNoAnswer, { exact: true })).toBeVisible();
    await expect(region.getByRole('list', { name: A.citationsLabel })).toHaveCount(0);
    await expect(region.getByText(A.noPassages)).toHaveCount(0);

    await askIt();
    await expect(region.getByText(overLimit)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
