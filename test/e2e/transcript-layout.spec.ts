/**
 * The transcript page's smaller points, found in a browser walkthrough, at 1280 px and 390 px: the keys
 * panel's "← / →" stays on one line; the summary has the same heading on the owner's page and a shared
 * link's page; the paragraph editor is as tall as its text (up to a limit, then it scrolls); "Undo last
 * correction" is right under the corrected paragraph, not inside the collapsed actions; a key point's
 * time opens the reading view at its moment (issue 28). The server's
 * transcript answers are replaced (page.route); the capabilities are the local engine's (extractive key points).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { READING_TEXTS, TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcriptAnswer } from './support/transcripts';

const W = READING_TEXTS;
const ID = 'llllllll0001';
const TOKEN = 'layout-token-0001';

/** `count` words from `from` ms, 300 ms each. */
const words = (text: string, count: number, from: number) =>
  Array.from({ length: count }, (_, index) => ({ word: `${text}${index}`, start: from + index * 300, end: from + index * 300 + 250 }));

/** One long turn (60 words: a dozen lines on a phone, within the editor's limit) and a short one. */
const original = [
  { speaker: 'Speaker 1', words: words('long', 60, 0) },
  { speaker: 'Speaker 2', words: words('short', 8, 30_000) },
];

const view = (groups: typeof original) =>
  transcriptAnswer({
    id: ID,
    filename: 'Layout check.wav',
    text: groups.flatMap((group) => group.words.map((word) => word.word)).join(' '),
    summary: '- The first point.\n- The second point.',
    key_points: [
      { text: 'The first point.', start_ms: 0 },
      { text: 'The second point.', start_ms: 30_000 },
    ],
    topic: 'Layout',
    word_timings: groups,
    speakers: ['Speaker 1', 'Speaker 2'],
    duration_ms: 33_000,
  });

/** The transcript's answers: GET, and PUT .../text, which puts each group's new text on its time span. */
async function serveTranscript(page: Page): Promise<void> {
  let groups = original;
  await page.route(`**/api/transcripts/${ID}`, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: view(groups) }) : route.fallback()));
  await page.route(`**/api/transcripts/${ID}/text`, (route) => {
    const { groups: changes } = route.request().postDataJSON() as { groups: { index: number; text: string }[] };
    groups = groups.map((group, index) => {
      const change = changes.find((item) => item.index === index);
      if (!change) return group;
      const start = group.words[0]!.start;
      return { ...group, words: change.text.split(' ').map((word, at) => ({ word, start: start + at * 10, end: start + at * 10 + 5 })) };
    });
    return route.fulfill({ json: { ...view(groups), edited_at: '2026-11-23T11:00:00Z' } });
  });
}

/** A read-only link's answer: only the fields GET /api/shared/{token} gives. */
function sharedView() {
  const { filename, created_at, text, word_timings, speakers, topic, summary } = view(original);
  return { filename, created_at, text, word_timings, speakers, topic, summary };
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

for (const width of [1280, 390]) {
  test(`the transcript page at ${width} px: one-line key chips, one summary heading, an editor as tall as its text, Undo under the paragraph`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpVerified(page.request, newAccount(`layout${width}`));
    await serveTranscript(page);
    await page.goto(`/transcript/${ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Layout check.wav' })).toBeVisible();

    await test.step('the keys panel: "← / →" is one line, as high as "Space"', async () => {
      await page.getByText(W.keysTitle).click();
      const arrows = page.locator('.sticky-player__keys kbd', { hasText: '← / →' });
      const space = page.locator('.sticky-player__keys kbd', { hasText: 'Space' });
      await expect(arrows).toBeVisible();
      expect((await box(arrows)).height).toBeLessThanOrEqual((await box(space)).height + 1);
    });

    await test.step("the summary's heading is the one a shared link's page shows", async () => {
      const title = TRANSCRIPTS_TEXTS.keyPointsLabel;
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
      const reader = await browser.newContext({ viewport: { width, height: 844 } });
      const shared = await reader.newPage();
      await shared.route(`**/api/shared/${TOKEN}`, (route) => route.fulfill({ json: sharedView() }));
      await shared.goto(`/s/${TOKEN}`);
      await expect(shared.getByRole('heading', { level: 1, name: 'Layout check.wav' })).toBeVisible();
      await expect(shared.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
      await reader.close();
    });

    await test.step('a key point links to its moment: the reading view opens there, its word marked', async () => {
      await page.getByRole('link', { name: W.playFrom('0:30') }).click();
      await expect(page).toHaveURL(/\?t=30$/);
      await expect(page.locator('.w--active')).toHaveText('short0');
    });

    await test.step('the paragraph editor shows the whole paragraph, and scrolls only past its limit', async () => {
      await page.getByRole('button', { name: /^Edit the paragraph at 0:00/ }).click();
      const field = page.getByLabel(W.editLabel);
      await expect(field).toBeFocused();
      const size = () => field.evaluate((element: HTMLTextAreaElement) => ({ client: element.clientHeight, scroll: element.scrollHeight, line: parseFloat(getComputedStyle(element).lineHeight) }));
      const whole = await size();
      expect(whole.scroll).toBeLessThanOrEqual(whole.client);
      expect(whole.client).toBeGreaterThan(2 * whole.line + 1);
      await field.fill(Array.from({ length: 600 }, (_, index) => `word${index}`).join(' '));
      const long = await size();
      expect(long.client).toBeLessThanOrEqual(0.6 * 844 + 1);
      expect(long.scroll).toBeGreaterThan(long.client);
      await field.press('Escape');
    });

    await test.step('after a correction, "Undo last correction" is under its paragraph, the next Tab stop after its words', async () => {
      const edit = page.getByRole('button', { name: /^Edit the paragraph at 0:00/ });
      await edit.click();
      const field = page.getByLabel(W.editLabel);
      await field.press('End');
      await field.pressSequentially(' Zanzibar');
      await field.press('Enter');
      await expect(page.getByText(WORKSPACE_TEXTS.saved)).toBeVisible();
      await expect(page.getByRole('region', { name: W.readingLabel })).toContainText('Zanzibar');
      const undo = page.getByRole('button', { name: W.undo });
      await expect(undo).toBeVisible();
      await expect(undo).toBeInViewport();
      // Issue 28: the focus goes back to the paragraph's words (corrected in place from there), its last Tab stop.
      await expect(page.getByRole('group', { name: /^Words of the paragraph at 0:00/ })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(undo).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Enter');
      await expect(page.getByText(WORKSPACE_TEXTS.undone)).toBeVisible();
      await expect(page.getByRole('region', { name: W.readingLabel })).not.toContainText('Zanzibar');
      await expect(undo).toHaveCount(0);
    });
  });
}

test('a transcript whose speakers could not be told apart says so above its text', async ({ page }) => {
  await signUpVerified(page.request, newAccount('speakers-missing'));
  const { speaker: _one, ...first } = original[0]!;
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: { ...view([first as (typeof original)[number]]), speakers: [], speakers_missing: true } }));
  await page.goto(`/transcript/${ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Layout check.wav' })).toBeVisible();
  await expect(page.getByText(WORKSPACE_TEXTS.speakersMissing)).toBeVisible();
});
