/**
 * Issue 30 point 3, "Summarize as…" on the transcript page: the templates this server writes are offered,
 * the others shown disabled with why; a template's result opens in its own tab of the summary section,
 * next to the key points, and the tabs work from the keyboard; axe-clean. The transcript and its summary
 * answers are served by the test (page.route); the capabilities are the local server's own. Issue 30: a custom
 * instruction saved as the user's own template (Save as template in the Custom panel), listed under Summarize as…
 * and used from there, deleted after a confirmation; at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SavedTemplateView } from '../../functions/contract';
import { MESSAGES } from '../../functions/domain/messages';
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
  await expect.poll(() => asked).toEqual({ template: 'custom', instruction: 'List every day named.' });
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

/** The user's own templates, served by the test (GET, POST with a 409 for a name in use, DELETE); every request kept. */
async function serveSavedTemplates(page: Page, initial: SavedTemplateView[]) {
  let templates = [...initial];
  const requests: { method: string; url: string; body: unknown }[] = [];
  await page.route('**/api/summary-templates**', (route) => {
    const request = route.request();
    const method = request.method();
    requests.push({ method, url: request.url(), body: request.postDataJSON() as unknown });
    if (method === 'GET') return route.fulfill({ json: templates });
    if (method === 'DELETE') {
      const id = request.url().split('/').pop()!;
      templates = templates.filter((template) => template.id !== id);
      return route.fulfill({ json: { message: 'Template deleted.', id } });
    }
    const body = request.postDataJSON() as { name: string; instruction: string };
    if (templates.some((template) => template.name.toLowerCase() === body.name.toLowerCase())) return route.fulfill({ status: 409, json: { error: MESSAGES.templateNameTaken(body.name) } });
    const saved = { id: `tmpl${templates.length}000000`, ...body, created_at: '2026-11-28T05:00:00Z' };
    templates = [...templates, saved];
    return route.fulfill({ status: 201, json: saved });
  });
  return requests;
}

/** Where a language model writes the custom summary (the capabilities say so); the transcript and its summary answer served by the test. */
async function customDeployment(page: Page) {
  let stored = transcriptAnswer({ id: ID, text: 'We met on Monday and on Friday.', summary: 'They met twice.', key_points: [{ text: 'They met twice.', start_ms: null }] });
  const asked: unknown[] = [];
  await page.route('**/api/capabilities', async (route) => {
    const answer = await route.fetch();
    return route.fulfill({ json: { ...(await answer.json()), summary: 'ai', summary_templates: ['key_points', 'meeting_minutes', 'action_items', 'lecture_notes', 'interview', 'custom'] } });
  });
  await page.route(`**/api/transcripts/${ID}`, (route) => route.fulfill({ json: stored }));
  await page.route(`**/api/transcripts/${ID}/summary`, (route) => {
    asked.push(route.request().postDataJSON());
    stored = { ...stored, summaries: { custom: { lines: ['Monday', 'Friday'], created_at: '2026-11-28T05:00:00Z', outdated: false } } };
    return route.fulfill({ json: stored });
  });
  return asked;
}

const DATES: SavedTemplateView = { id: 'tmplDates0001', name: 'Dates', instruction: 'List every date mentioned.', created_at: '2026-11-28T04:00:00Z' };

for (const width of [1280, 390]) {
  const phone = width === 390;
  /** Summarize as… : its own button on a wide screen, a group of the one Actions menu on a phone. */
  const openSummaryMenu = async (page: Page) => {
    const toolbar = page.getByRole('group', { name: W.actionsLabel });
    await toolbar.getByRole('button', { name: phone ? W.actionsMenu : W.summarizeAsLabel, exact: true }).click();
    return page.getByRole('menu');
  };

  test(`at ${width} px, a custom instruction is saved as the user's own template, listed under Summarize as… and used from there`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpVerified(page.request, newAccount(`savetmpl${width}`));
    const asked = await customDeployment(page);
    const requests = await serveSavedTemplates(page, [DATES]);
    await page.goto(`/transcript/${ID}`);

    await (await openSummaryMenu(page)).getByRole('menuitem', { name: 'Custom', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Custom' });
    await expect(panel).toBeFocused();
    // The name field comes once there is an instruction to save.
    await expect(panel.getByLabel(W.templateName)).toHaveCount(0);
    await panel.getByLabel(W.customInstruction).fill('Name every person who spoke.');
    // A name the user has is refused, said at the field.
    await panel.getByLabel(W.templateName).fill('dates');
    await panel.getByRole('button', { name: W.saveTemplate, exact: true }).click();
    await expect(panel.getByLabel(W.templateName)).toHaveAccessibleDescription(new RegExp(MESSAGES.templateNameTaken('dates').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectNoAxeViolations(page);
    await panel.getByLabel(W.templateName).fill('People');
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('list').getByText('People', { exact: true })).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { name: 'dates', instruction: 'Name every person who spoke.' },
      { name: 'People', instruction: 'Name every person who spoke.' },
    ]);
    await expectNoAxeViolations(page);

    // Summarize as… lists the user's templates after the built-in ones; choosing one sends its instruction as a custom summary.
    const menu = await openSummaryMenu(page);
    await expect(menu.getByRole('group', { name: W.savedTemplatesGroup }).getByRole('menuitem')).toHaveText(['Dates', 'People']);
    await expectNoAxeViolations(page);
    await menu.getByRole('menuitem', { name: W.useSavedTemplate('Dates') }).click();
    await expect.poll(() => asked).toEqual([{ template: 'custom', instruction: 'List every date mentioned.' }]);
    await expect(page.getByRole('tab', { name: 'Custom' })).toHaveAttribute('aria-selected', 'true');
  });

  test(`at ${width} px, a saved template is deleted from the Custom panel after a confirmation, the focus kept in the panel`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpVerified(page.request, newAccount(`deltmpl${width}`));
    await customDeployment(page);
    const requests = await serveSavedTemplates(page, [DATES]);
    await page.goto(`/transcript/${ID}`);
    await (await openSummaryMenu(page)).getByRole('menuitem', { name: 'Custom', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Custom' });

    const remove = panel.getByRole('button', { name: W.deleteTemplateLabel('Dates') });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: W.deleteTemplateTitle('Dates') });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    // Cancel keeps it and gives the focus back to its Delete.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: W.deleteTemplate, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => new URL(request.url).pathname)).toEqual([`/api/summary-templates/${DATES.id}`]);
    await expect(panel.getByText(W.noSavedTemplates)).toBeVisible();
    await expect(panel.getByRole('heading', { name: W.savedTemplatesGroup })).toBeFocused();
    await expect((await openSummaryMenu(page)).getByRole('menuitem', { name: W.useSavedTemplate('Dates') })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
