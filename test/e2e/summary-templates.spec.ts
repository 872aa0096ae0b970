/**
 * Issue 30 point 3, "Summarize as…" on the transcript page: the templates this server writes are offered,
 * the others shown disabled with why; a template's result opens in its own tab of the summary section,
 * next to the key points, and the tabs work from the keyboard; axe-clean. The transcript and its summary
 * answers are served by the test (page.route); the capabilities are the local server's own.
 */
import { expect, test } from '@playwright/test';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { transcriptAnswer } from './support/transcripts';

const W = WORKSPACE_TEXTS;
const T = TRANSCRIPTS_TEXTS;
const ID = 'templates001';
const ITEM = "Ann: I'll send the slides by Friday. (due by Friday)";

test('Summarize as…: action items open in their own tab; templates needing a language model are disabled with why', async ({ page }) => {
  await signUpVerified(page.request, newAccount('templates'));
  let stored = transcriptAnswer({ id: ID, text: "I'll send the slides by Friday.", summary: 'The slides are due on Friday.', key_points: [{ text: 'The slides are due on Friday.', start_ms: null }], word_timings: [{ speaker: 'Ann', words: [{ word: "I'll", start: 0, end: 400 }] }], speakers: ['Ann'] });
  let asked: unknown;
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: stored }));
  await page.route(`**/api/transcripts/${ID}/summary`, (route) => {
    asked = route.request().postDataJSON();
    stored = { ...stored, summaries: { action_items: { lines: [ITEM], created_at: '2026-11-28T03:00:00Z', outdated: false } } };
    return route.fulfill({ json: stored });
  });
  await page.goto(`/transcript/${ID}`);

  const toggle = page.getByRole('group', { name: W.actionsLabel }).getByRole('button', { name: W.summarizeAsLabel, exact: true });
  await toggle.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Key points' })).toBeEnabled();
  await expect(menu.getByRole('menuitem', { name: W.templateUnavailable('Meeting minutes') })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: W.templateUnavailable('Interview') })).toBeDisabled();
  await expectNoAxeViolations(page);
  await menu.getByRole('menuitem', { name: 'Action items', exact: true }).click();
  expect(asked).toEqual({ template: 'action_items' });

  const tabs = page.getByRole('tablist', { name: T.summaryTabs });
  await expect(tabs.getByRole('tab', { name: 'Action items' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(ITEM);
  await tabs.getByRole('tab', { name: 'Action items' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: T.keyPointsLabel })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toContainText('The slides are due on Friday.');
  await expectNoAxeViolations(page);
});

test('where a language model writes them, Custom asks for its instruction in a panel and sends it', async ({ page }) => {
  await signUpVerified(page.request, newAccount('custom'));
  let stored = transcriptAnswer({ id: ID, text: 'We met on Monday and on Friday.', summary: 'They met twice.', key_points: [{ text: 'They met twice.', start_ms: null }] });
  let asked: unknown;
  await page.route('**/api/capabilities', async (route) => {
    const answer = await route.fetch();
    return route.fulfill({ json: { ...(await answer.json()), summary: 'ai', summary_templates: ['key_points', 'meeting_minutes', 'action_items', 'lecture_notes', 'interview', 'custom'] } });
  });
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: stored }));
  await page.route(`**/api/transcripts/${ID}/summary`, (route) => {
    asked = route.request().postDataJSON();
    stored = { ...stored, summaries: { custom: { lines: ['Monday', 'Friday'], created_at: '2026-11-28T03:00:00Z', outdated: false } } };
    return route.fulfill({ json: stored });
  });
  await page.goto(`/transcript/${ID}`);

  const toggle = page.getByRole('group', { name: W.actionsLabel }).getByRole('button', { name: W.summarizeAsLabel, exact: true });
  await toggle.click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Meeting minutes', exact: true })).toBeEnabled();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Custom', exact: true }).click();
  await page.getByLabel(W.customInstruction).fill('List every day named.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: W.customSummarize, exact: true }).click();
  expect(asked).toEqual({ template: 'custom', instruction: 'List every day named.' });
  await expect(page.getByRole('tab', { name: 'Custom' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Friday');
  // Escape closes the panel and gives the focus back to Summarize as…, not to the page's start.
  await page.getByLabel(W.customInstruction).press('Escape');
  await expect(page.getByLabel(W.customInstruction)).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('a template made before the last correction says so and offers to make it again', async ({ page }) => {
  await signUpVerified(page.request, newAccount('outdated'));
  let stored = transcriptAnswer({ id: ID, text: "I'll send the slides by Monday.", summary: 'Slides on Monday.', key_points: [{ text: 'Slides on Monday.', start_ms: null }], edited_at: '2026-11-28T04:00:00Z', summaries: { action_items: { lines: [ITEM], created_at: '2026-11-28T03:00:00Z', outdated: true } } });
  let asked: unknown;
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: stored }));
  await page.route(`**/api/transcripts/${ID}/summary`, (route) => {
    asked = route.request().postDataJSON();
    stored = { ...stored, summaries: { action_items: { lines: ["Ann: I'll send the slides by Monday. (due by Monday)"], created_at: '2026-11-28T05:00:00Z', outdated: false } } };
    return route.fulfill({ json: stored });
  });
  await page.goto(`/transcript/${ID}`);
  await page.getByRole('tablist', { name: T.summaryTabs }).getByRole('tab', { name: 'Action items' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(T.templateOutdated);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: T.redoTemplate('Action items') }).click();
  expect(asked).toEqual({ template: 'action_items' });
  await expect(page.getByRole('tabpanel')).toContainText('by Monday');
  await expect(page.getByRole('tabpanel')).not.toContainText(T.templateOutdated);
});
