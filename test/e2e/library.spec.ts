/**
 * Issue 5 (Library), end to end in Chromium against the real local backend: real transcripts made from
 * spoken fixtures (flite + ffmpeg) through POST /api/transcribe, the local speech engine and Apertium.
 * The journey: a project and a tag, transcribe into them, the list with its preview, downloads (.txt,
 * .srt, .vtt), translation into Spanish, delete / Show Deleted / restore, the project's transcripts,
 * tag rename and delete reaching the transcript, project delete, Delete All. Then the error texts.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { LIST_BATCH } from '../../web/src/config/constants';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { LIBRARY_TEXTS, PROJECTS_TEXTS, TAGS_TEXTS } from '../../web/src/features/library/texts';
import { PROGRESS_TEXTS, TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { LANGUAGE_NAMES } from '../../functions/domain/languages';
import { SPOKEN_SENTENCES } from '../fixtures/spoken';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { spokenWavForSpec, transcribeFromPage } from './support/transcripts';
import { FROM_SITE } from './playwright.config';

const T = LIBRARY_TEXTS;
const L = LIBRARY_TEXTS;
const P = LIBRARY_TEXTS.projects;
const G = LIBRARY_TEXTS.tags;

const FILE = 'team meeting.wav';

const wavBase64 = spokenWavForSpec('library');

const sidebar = (page: Page) => page.getByRole('navigation', { name: DASHBOARD_TEXTS.sidebarLabel });

async function openTab(page: Page, tab: 'transcribed' | 'projects' | 'tags') {
  await sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs[tab] }).click();
  await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs[tab] })).toBeVisible();
}

/** Uploads the spoken WAV from the page itself and waits until the transcript is complete. */
const transcribe = (page: Page, fields: Record<string, string> = {}, filename = FILE) => transcribeFromPage(page, wavBase64(), fields, filename);

/** Counts the calls matching `method` and `path` from now on. */
function countCalls(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request: Request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count++;
  });
  return () => count;
}

/** Opens the empty Projects or Tags tab and submits its create form with a blank name; gives the form and a count of the create calls since the tab opened. */
async function submitBlankName(
  page: Page,
  tab: 'projects' | 'tags',
  texts: { empty: string; formTitle: string; name: string; submit: string },
): Promise<{ form: Locator; creates: () => number }> {
  await openTab(page, tab);
  await expect(page.getByText(texts.empty)).toBeVisible();
  const creates = countCalls(page, 'POST', new RegExp(`^/api/${tab}$`));
  const form = page.getByRole('region', { name: texts.formTitle });
  await form.getByLabel(texts.name).fill('   ');
  await form.getByRole('button', { name: texts.submit }).click();
  return { form, creates };
}

/** The row's actions are in its menu (issue 15): opens it and returns the item named `name`. */
async function menuItem(row: Locator, filename: string, name: string): Promise<Locator> {
  await row.getByRole('button', { name: L.actionsLabel(filename) }).click();
  const item = row.getByRole('menu').getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  return item;
}

async function downloadText(page: Page, row: Locator, filename: string, itemName: string): Promise<{ name: string; text: string }> {
  const item = await menuItem(row, filename, itemName);
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test.describe('library journey', () => {
  test('projects and tags, transcribe into them, list, download, translate, delete and restore, rename and delete, Delete All', async ({ page }) => {
    test.setTimeout(300_000);
    await signUpVerified(page.request, newAccount('library'));
    await page.setViewportSize({ width: 1280, height: 900 });

    await test.step('Transcribed Files starts empty', async () => {
      await page.goto('/dashboard?tab=transcribed');
      await expect(page.getByText(L.emptyActive)).toBeVisible();
      await expect(page.getByRole('button', { name: T.deleteAll })).toBeDisabled();
      await page.getByRole('button', { name: T.showDeleted }).click();
      await expect(page.getByText(L.emptyDeleted)).toBeVisible();
      await page.getByRole('button', { name: T.showActive }).click();
      await expect(page.getByText(L.emptyActive)).toBeVisible();
    });

    await test.step('Projects: a blank name is refused without a call; create, then edit', async () => {
      const { form, creates } = await submitBlankName(page, 'projects', { empty: P.empty, formTitle: P.createTitle, name: P.name, submit: P.create });
      await expect(form.getByText(PROJECTS_TEXTS.nameRequired)).toBeVisible();
      await expect(form.getByLabel(P.name)).toBeFocused();
      expect(creates()).toBe(0);

      await form.getByLabel(P.name).fill('  Interviews ');
      await form.getByLabel(P.description).fill('Spring round');
      await form.getByRole('button', { name: P.create }).click();
      const project = page.getByRole('article', { name: 'Interviews' });
      await expect(project).toBeVisible();
      await expect(project.getByText('Spring round')).toBeVisible();
      await expect(form.getByLabel(P.name)).toHaveValue('');
      expect(creates()).toBe(1);

      await page.getByRole('button', { name: P.editLabel('Interviews') }).click();
      const edit = page.getByRole('form', { name: P.editLabel('Interviews') });
      await expect(edit.getByLabel(P.name)).toBeFocused();
      await edit.getByLabel(P.name).fill(' ');
      await edit.getByRole('button', { name: COMMON_TEXTS.save }).click();
      await expect(edit.getByText(PROJECTS_TEXTS.nameRequired)).toBeVisible();
      await edit.getByLabel(P.name).fill('Interviews 2026');
      await edit.getByRole('button', { name: COMMON_TEXTS.save }).click();
      await expect(page.getByRole('article', { name: 'Interviews 2026' })).toBeVisible();
      await expect(page.getByRole('button', { name: P.editLabel('Interviews 2026') })).toBeFocused();
      await page.reload();
      await expect(page.getByRole('article', { name: 'Interviews 2026' })).toBeVisible();
    });

    await test.step('Tags: an empty name is silently ignored; add; a duplicate gets the server error', async () => {
      const { form, creates } = await submitBlankName(page, 'tags', { empty: G.empty, formTitle: G.addTitle, name: G.name, submit: G.add });
      await expect(page.getByText(G.empty)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(creates()).toBe(0);

      await form.getByLabel(G.name).fill(' Weekly ');
      await form.getByRole('button', { name: G.add }).click();
      await expect(page.getByRole('heading', { level: 3, name: 'Weekly' })).toBeVisible();
      await expect(form.getByLabel(G.name)).toHaveValue('');
      await form.getByLabel(G.name).fill('weekly');
      await form.getByRole('button', { name: G.add }).click();
      await expect(form.getByText('You already have a tag named')).toBeVisible();
      await expect(form.getByLabel(G.name)).toHaveValue('weekly');
    });

    const projects = (await (await page.request.get('/api/projects')).json()) as { id: string; name: string }[];
    const projectId = projects.find((project) => project.name === 'Interviews 2026')!.id;
    // Two recordings: one into the project with the tag, one plain (made at the same time).
    const [meeting, other] = await Promise.all([
      transcribe(page, { project_id: projectId, tags: 'Weekly', use_ai_summary: 'false' }),
      transcribe(page, { use_ai_summary: 'false' }, 'other call.wav'),
    ]);
    expect(meeting.text).toMatch(/lazy dog/i);

    const card = page.getByRole('article', { name: FILE });

    await test.step('the list shows the transcript as a compact row: status, date, tag, preview cut at 100 characters; the audio only when asked', async () => {
      await openTab(page, 'transcribed');
      await expect(card).toBeVisible();
      await expect(page.getByRole('article', { name: 'other call.wav' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toContainText(L.count(2));
      await expect(card.getByText('complete')).toBeVisible();
      await expect(card.getByRole('listitem').filter({ hasText: 'Weekly' })).toBeVisible();
      await expect(card.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
      const preview = (await card.locator('.lib-item__preview').textContent())!;
      expect(meeting.text.length).toBeGreaterThan(100);
      expect(preview.endsWith('…')).toBe(true);
      expect(preview.length).toBeLessThanOrEqual(101);
      expect(preview.slice(0, 40)).toBe(meeting.text.replace(/\s+/g, ' ').slice(0, 40));
      // The name opens the transcript; so does the menu's 'View Full'.
      await expect(card.getByRole('link', { name: FILE })).toHaveAttribute('href', `/transcript/${meeting.id}`);
      await expect(await menuItem(card, FILE, L.viewFullLabel(FILE))).toHaveAttribute('href', `/transcript/${meeting.id}`);
      await page.keyboard.press('Escape');
      await expect(card.getByRole('menu')).toHaveCount(0);
      await expect(card.getByRole('button', { name: L.actionsLabel(FILE) })).toBeFocused();
      // A compact row: no player until asked (the card used to be ~230 px with one).
      const audio = card.locator('audio');
      await expect(audio).toHaveCount(0);
      expect((await card.boundingBox())!.height).toBeLessThan(130);
      await (await menuItem(card, FILE, `${L.play} ${FILE}`)).click();
      await expect(audio).toHaveAttribute('src', new RegExp(`^/uploads/${meeting.id}\\.wav$`));
      await expect(audio).toHaveAttribute('aria-label', L.audioLabel(FILE));
      await (await menuItem(card, FILE, `${L.hidePlayer} ${FILE}`)).click();
      await expect(audio).toHaveCount(0);
      // The recording really plays from there.
      const media = await page.request.get(`/uploads/${meeting.id}.wav`, { maxRedirects: 5 });
      expect(media.status()).toBe(200);
    });

    await test.step('download: the text as .txt named after the file, and valid .srt and .vtt', async () => {
      const text = await downloadText(page, card, FILE, L.downloadLabel('team meeting.txt'));
      expect(text).toEqual({ name: 'team meeting.txt', text: meeting.text });

      const srt = await downloadText(page, card, FILE, L.subtitleLabel(L.downloadSrt, 'team meeting.srt'));
      expect(srt.name).toBe('team meeting.srt');
      expect(srt.text).toMatch(/^1\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\n\S/);
      const srtCues = srt.text.trim().split('\n\n');
      expect(srtCues.length).toBeGreaterThanOrEqual(SPOKEN_SENTENCES.length - 1);
      srtCues.forEach((cue, index) => expect(cue.split('\n')[0]).toBe(String(index + 1)));

      const vtt = await downloadText(page, card, FILE, L.subtitleLabel(L.downloadVtt, 'team meeting.vtt'));
      expect(vtt.name).toBe('team meeting.vtt');
      expect(vtt.text).toMatch(/^WEBVTT\n\n1\n\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}\n\S/);
      const words = meeting.word_timings.flatMap((group) => group.words.map((word) => word.word));
      expect(vtt.text).toContain(words[0]);
    });

    await test.step('translate into Spanish: its own English is not offered; the Spanish text shows', async () => {
      await (await menuItem(card, FILE, `${L.translateMenu} ${FILE}`)).click();
      const language = card.getByLabel(`${TRANSCRIPTS_TEXTS.language}${TRANSCRIPTS_TEXTS.languageFor(FILE)}`);
      await expect(language.locator('option', { hasText: /^English$/ })).toHaveCount(0);
      await expect(language.locator('option')).toContainText(['French', 'Spanish']);
      await language.selectOption('Spanish');
      await card.getByRole('button', { name: TRANSCRIPTS_TEXTS.translateLabel(FILE) }).click();
      const translation = card.getByRole('region', { name: TRANSCRIPTS_TEXTS.translationTitle('Spanish') });
      await expect(translation).toBeVisible({ timeout: 30_000 });
      const spanish = (await translation.textContent())!.toLowerCase();
      expect(spanish).toMatch(/\b(el|la|de|y|en|que)\b/);
      expect(spanish).toMatch(/perro|zorro|tiempo|pan|leche|estación|rápido|marrón/);
    });

    await test.step('delete → Undo in the toast brings it back; delete again → under Show Deleted → restore', async () => {
      await (await menuItem(card, FILE, L.deleteLabel(FILE))).click();
      await expect(card).toHaveCount(0);
      await expect(page.getByText(L.deletedToast(FILE))).toBeVisible();
      await page.getByRole('button', { name: L.undoLabel(FILE) }).click();
      await expect(card).toBeVisible();
      await expect(page.getByText(L.restoredToast(FILE))).toBeVisible();
      expect(((await (await page.request.get(`/api/transcripts/${meeting.id}`)).json()) as { deleted: boolean }).deleted).toBe(false);

      await (await menuItem(card, FILE, L.deleteLabel(FILE))).click();
      await expect(card).toHaveCount(0);
      await page.getByRole('button', { name: T.showDeleted }).click();
      await expect(page.getByRole('heading', { level: 2 })).toContainText(L.deletedListLabel);
      await expect(card).toBeVisible();
      await expect(page.getByRole('article', { name: 'other call.wav' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: T.deleteAll })).toHaveCount(0);
      await card.getByRole('button', { name: L.restoreLabel(FILE) }).click();
      await expect(card).toHaveCount(0);
      await expect(page.getByText(L.emptyDeleted)).toBeVisible();
      await page.getByRole('button', { name: T.showActive }).click();
      await expect(card).toBeVisible();
    });

    await test.step("the project's transcripts link to the detail", async () => {
      await openTab(page, 'projects');
      const project = page.getByRole('article', { name: 'Interviews 2026' });
      // One button, named 'View Transcripts of …' or 'Hide Transcripts of …' by its state.
      const toggle = project.getByRole('button', { name: new RegExp(`Transcripts${P.transcriptsOf('Interviews 2026')}$`) });
      await expect(toggle).toHaveAccessibleName(`${P.viewTranscripts}${P.transcriptsOf('Interviews 2026')}`);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toHaveAccessibleName(`${P.hideTranscripts}${P.transcriptsOf('Interviews 2026')}`);
      await expect(project.getByRole('link')).toHaveCount(1);
      await project.getByRole('link', { name: FILE }).click();
      await expect(page).toHaveURL(`/transcript/${meeting.id}`);
      await expect(page.getByRole('heading', { level: 1, name: FILE })).toBeVisible();
      await page.goBack();
      await toggle.click();
      await expect(project.getByRole('link')).toHaveCount(1);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(project.getByRole('link')).toHaveCount(0);
    });

    await test.step('tags: rename reaches the transcript; an empty rename is not sent; delete removes it', async () => {
      await openTab(page, 'tags');
      await page.getByRole('button', { name: G.renameLabel('Weekly') }).click();
      const renameForm = page.getByRole('form', { name: G.renameLabel('Weekly') });
      const renames = countCalls(page, 'PUT', /^\/api\/tags\//);
      await renameForm.getByLabel(G.newName('Weekly')).fill('  ');
      await renameForm.getByRole('button', { name: COMMON_TEXTS.save }).click();
      await expect(renameForm.getByText(G.nameRequired)).toBeVisible();
      expect(renames()).toBe(0);
      await renameForm.getByLabel(G.newName('Weekly')).fill('Monthly');
      await renameForm.getByRole('button', { name: COMMON_TEXTS.save }).click();
      await expect(page.getByRole('heading', { level: 3, name: 'Monthly' })).toBeVisible();
      await expect(page.getByRole('button', { name: G.renameLabel('Monthly') })).toBeFocused();

      await openTab(page, 'transcribed');
      await expect(card.getByRole('listitem').filter({ hasText: 'Monthly' })).toBeVisible();

      await openTab(page, 'tags');
      await page.getByRole('button', { name: G.deleteLabel('Monthly') }).click();
      const dialog = page.getByRole('dialog', { name: G.deleteTitle('Monthly') });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: COMMON_TEXTS.delete }).click();
      await expect(page.getByText(G.empty)).toBeVisible();

      await openTab(page, 'transcribed');
      await expect(card).toBeVisible();
      await expect(card.getByText('Monthly')).toHaveCount(0);
    });

    await test.step('delete the project: its transcripts stay', async () => {
      await openTab(page, 'projects');
      await page.getByRole('button', { name: P.deleteLabel('Interviews 2026') }).click();
      const dialog = page.getByRole('dialog', { name: P.deleteTitle('Interviews 2026') });
      await dialog.getByRole('button', { name: COMMON_TEXTS.delete }).click();
      await expect(page.getByText(P.empty)).toBeVisible();
      expect(((await (await page.request.get(`/api/transcripts/${meeting.id}`)).json()) as { project_id: string | null }).project_id).toBeNull();
    });

    await test.step('Delete All (after a confirmation) empties the list; both are under Show Deleted', async () => {
      await openTab(page, 'transcribed');
      await expect(card).toBeVisible();
      await page.getByRole('button', { name: T.deleteAll }).click();
      const dialog = page.getByRole('dialog', { name: L.deleteAllTitle });
      await expect(dialog).toContainText(L.deleteAllText(2));
      await dialog.getByRole('button', { name: COMMON_TEXTS.cancel }).click();
      await expect(card).toBeVisible();
      await page.getByRole('button', { name: T.deleteAll }).click();
      await dialog.getByRole('button', { name: T.deleteAll }).click();
      await expect(page.getByText(L.emptyActive)).toBeVisible();
      await expect(page.getByText(L.deleteAllDone)).toBeVisible();
      await page.getByRole('button', { name: T.showDeleted }).click();
      await expect(card).toBeVisible();
      await expect(page.getByRole('article', { name: 'other call.wav' })).toBeVisible();
      expect(other.status).toBe('complete');
    });
  });
});

/** A list item as the server sends it, for the error cases (answers replaced with page.route). */
const fakeItem = (id: string, filename: string, extra: Record<string, unknown> = {}) => ({
  id,
  filename,
  status: 'complete',
  preview: 'Hello there.',
  summary: '',
  topic: '',
  audio_url: `/uploads/${id}.wav`,
  language: 'en',
  tags: [],
  project_id: null,
  created_at: '2026-01-02T03:04:05.000Z',
  deleted: false,
  ...extra,
});

test.describe('library with answers replaced (page.route): many transcripts, and the error text of each failed call', () => {
  test.beforeEach(async ({ page }) => {
    await signUpVerified(page.request, newAccount('library-errors'));
  });

  test('hundreds of transcripts: shown in batches that grow on scrolling, with no call per item', async ({ page }) => {
    test.setTimeout(90_000);
    const items = Array.from({ length: 300 }, (_, index) => fakeItem(`dddddddd${String(index).padStart(4, '0')}`, `recording-${index}.wav`));
    await page.route(/\/api\/transcripts(\?|$)/, (route) => route.fulfill({ json: items }));
    const perItem: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/transcripts\/.+|^\/uploads\//.test(path)) perItem.push(path);
    });
    await page.goto('/dashboard?tab=transcribed');
    await expect(page.getByRole('heading', { level: 2 })).toContainText(L.count(300));
    const cards = page.locator('article.lib-item');
    await expect(cards).toHaveCount(LIST_BATCH);
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          // Scroll to the end of what is shown (where the reader would be).
          await cards.last().scrollIntoViewIfNeeded();
          const count = await cards.count();
          seen.add(count);
          return count;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(300);
    // It grew batch by batch.
    expect([...seen].some((count) => count > LIST_BATCH && count < 300)).toBe(true);
    await expect(page.getByRole('button', { name: /^Show (\d+ )?more$/ })).toHaveCount(0);
    expect(perItem).toEqual([]);
  });

  test('compact rows: project, topic, tags, live stage, a failed one with Try again; ↑/↓/Home/End move between rows; the menu works by keyboard', async ({ page }) => {
    const project = await page.request.post('/api/projects', { data: { name: 'Board', description: '' }, headers: FROM_SITE });
    const projectId = ((await project.json()) as { id: string }).id;
    const items = [
      fakeItem('ffffffff0001', 'first.wav', { project_id: projectId, topic: 'Budget for next year', tags: ['finance'], duration_ms: 83_000 }),
      fakeItem('ffffffff0002', 'second.wav', { status: 'processing', preview: '', stage: 'queued', queue_position: 2, progress: null }),
      fakeItem('ffffffff0003', 'third.wav', { status: 'failed', preview: '', error: 'The recording could not be read.' }),
    ];
    await page.route(/\/api\/transcripts(\?|$)/, (route) => route.fulfill({ json: items }));
    let retried = 0;
    await page.route(/\/api\/transcripts\/ffffffff0003\/retry$/, (route) => {
      retried += 1;
      return route.fulfill({ json: { ...items[2], status: 'processing', error: undefined, stage: 'uploaded' } });
    });
    await page.goto('/dashboard?tab=transcribed');
    const first = page.getByRole('article', { name: 'first.wav' });
    await expect(first).toContainText('Board');
    await expect(first).toContainText('Budget for next year');
    await expect(first).toContainText('1:23');
    await expect(first.getByRole('listitem').filter({ hasText: 'finance' })).toBeVisible();
    const second = page.getByRole('article', { name: 'second.wav' });
    await expect(second.getByRole('progressbar', { name: PROGRESS_TEXTS.label('second.wav') })).toHaveAttribute('aria-valuetext', 'Waiting: 1 recording ahead in line');
    const third = page.getByRole('article', { name: 'third.wav' });
    await expect(third).toContainText('The recording could not be read.');
    for (const row of [first, second, third]) expect((await row.boundingBox())!.height).toBeLessThan(130);
    await expectNoAxeViolations(page);

    // Keyboard: the rows' names are one arrow key apart.
    await first.getByRole('link', { name: 'first.wav' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(second.getByRole('link', { name: 'second.wav' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(third.getByRole('link', { name: 'third.wav' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(second.getByRole('link', { name: 'second.wav' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(first.getByRole('link', { name: 'first.wav' })).toBeFocused();
    // Tab reaches the row's menu button; ArrowDown opens it on the first item, arrows move and wrap, Escape closes.
    await page.keyboard.press('Tab');
    const toggle = first.getByRole('button', { name: L.actionsLabel('first.wav') });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const menu = first.getByRole('menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: L.viewFullLabel('first.wav') })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: L.deleteLabel('first.wav') })).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: `${L.play} first.wav` })).toBeFocused();
    await expectNoAxeViolations(page, '.library-list');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(toggle).toBeFocused();
    // Enter on the menu button, then Enter on 'View Full' opens the transcript.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: L.viewFullLabel('first.wav') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/transcript/ffffffff0001');
    await page.goBack();

    // A processing one can't be downloaded or translated yet.
    await second.getByRole('button', { name: L.actionsLabel('second.wav') }).click();
    await expect(second.getByRole('menuitem', { name: L.downloadLabel('second.txt') })).toBeDisabled();
    await expect(second.getByRole('menuitem', { name: `${L.translateMenu} second.wav` })).toBeDisabled();
    await page.keyboard.press('Escape');

    // On a phone the rows fit the width: nothing scrolls sideways, the menu opens inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await first.getByRole('button', { name: L.actionsLabel('first.wav') }).click();
    const menuBox = (await first.getByRole('menu').boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');

    await third.getByRole('button', { name: PROGRESS_TEXTS.tryAgainLabel('third.wav') }).click();
    // The click resolves before its request reaches the route: wait for it to be counted.
    await expect.poll(() => retried).toBe(1);
    await expect(page.getByRole('article', { name: 'third.wav' })).toBeVisible();
  });

  test('on a phone a running row shows its whole name and its stage, and every row its actions icon whole', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const items = [
      fakeItem('ffffffff0011', 'Weekly planning call.wav', { status: 'processing', preview: '', stage: 'queued', queue_position: 3, progress: null }),
      fakeItem('ffffffff0012', 'Budget review.wav'),
    ];
    await page.route(/\/api\/transcripts(\?|$)/, (route) => route.fulfill({ json: items }));
    await page.goto('/dashboard?tab=transcribed');
    const running = page.getByRole('article', { name: 'Weekly planning call.wav' });
    await expect(running.getByRole('progressbar')).toBeVisible();
    // Nothing cut short: the name and the stage each fit their line.
    const cut = (element: Locator) => element.evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(await cut(running.getByRole('heading', { level: 3 }))).toBe(false);
    const stage = running.getByText('Waiting: 2 recordings ahead in line');
    await expect(stage).toBeVisible();
    expect(await cut(stage)).toBe(false);
    for (const name of ['Weekly planning call.wav', 'Budget review.wav']) {
      const icon = page.getByRole('button', { name: L.actionsLabel(name) }).locator('svg');
      expect((await icon.boundingBox())!.width).toBeGreaterThanOrEqual(18);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectNoAxeViolations(page, '.library-list');
  });

  test("without scrolling (no IntersectionObserver), 'Show N more' adds a batch", async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    const items = Array.from({ length: 2 * LIST_BATCH + 10 }, (_, index) => fakeItem(`eeeeeeee${String(index).padStart(4, '0')}`, `call-${index}.wav`));
    await page.route(/\/api\/transcripts(\?|$)/, (route) => route.fulfill({ json: items }));
    await page.goto('/dashboard?tab=transcribed');
    const cards = page.locator('article.lib-item');
    await expect(cards).toHaveCount(LIST_BATCH);
    await page.getByRole('button', { name: L.showMore(LIST_BATCH) }).click();
    await expect(cards).toHaveCount(2 * LIST_BATCH);
    await page.getByRole('button', { name: L.showMore(10) }).press('Enter');
    await expect(cards).toHaveCount(2 * LIST_BATCH + 10);
    await expect(page.getByRole('button', { name: /^Show (\d+ )?more$/ })).toHaveCount(0);
  });

  test("Delete All with a failure says 'Some transcripts couldn't be deleted.'; a single delete says 'Failed to delete transcript.'", async ({ page }) => {
    let items = [fakeItem('aaaaaaaaaa1', 'one.wav'), fakeItem('aaaaaaaaaa2', 'two.wav'), fakeItem('aaaaaaaaaa3', 'three.wav')];
    await page.route(/\/api\/transcripts(\?|$)/, (route) => route.fulfill({ json: items }));
    await page.route(/\/api\/transcripts\/aaaaaaaaaa\d$/, (route) => {
      const id = new URL(route.request().url()).pathname.split('/').pop()!;
      if (route.request().method() !== 'DELETE') return route.fallback();
      if (id === 'aaaaaaaaaa2') return route.fulfill({ status: 500, json: {} });
      items = items.filter((item) => item.id !== id);
      return route.fulfill({ json: { message: 'ok' } });
    });
    await page.goto('/dashboard?tab=transcribed');
    await (await menuItem(page.getByRole('article', { name: 'two.wav' }), 'two.wav', L.deleteLabel('two.wav'))).click();
    await expect(page.getByText(TRANSCRIPTS_TEXTS.deleteFailed)).toBeVisible();
    await expect(page.getByRole('article', { name: 'two.wav' })).toBeVisible();

    await page.getByRole('button', { name: T.deleteAll }).click();
    await page.getByRole('dialog', { name: L.deleteAllTitle }).getByRole('button', { name: T.deleteAll }).click();
    await expect(page.getByText(T.deleteAllFailed)).toBeVisible();
    await expect(page.getByRole('article', { name: 'two.wav' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'one.wav' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'three.wav' })).toHaveCount(0);
  });

  test("restore: 'Failed to restore transcript.' when refused, 'Error restoring transcript.' without an answer", async ({ page }) => {
    await page.route(/\/api\/deleted_transcripts(\?|$)/, (route) => route.fulfill({ json: [fakeItem('bbbbbbbbbb1', 'gone.wav', { deleted: true })] }));
    let attempt = 0;
    await page.route(/\/api\/transcripts\/bbbbbbbbbb1\/restore$/, (route) => (++attempt === 1 ? route.fulfill({ status: 500, body: '' }) : route.abort('connectionrefused')));
    await page.goto('/dashboard?tab=transcribed');
    await page.getByRole('button', { name: T.showDeleted }).click();
    const restore = page.getByRole('button', { name: L.restoreLabel('gone.wav') });
    await restore.click();
    await expect(page.getByText(TRANSCRIPTS_TEXTS.restoreFailed)).toBeVisible();
    await restore.click();
    await expect(page.getByText(T.restoreError)).toBeVisible();
  });

  test("translate: the server's error, 'Translation failed.', 'Error occurred during translation.'; the language list falls back to the 25 built-in languages", async ({ page }) => {
    await page.route(/\/api\/translate\/languages$/, (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await page.route(/\/api\/transcripts(\?|$)/, (route) => route.fulfill({ json: [fakeItem('cccccccccc1', 'talk.wav')] }));
    let attempt = 0;
    await page.route(/\/api\/translate\/cccccccccc1$/, (route) => {
      attempt++;
      if (attempt === 1) return route.fulfill({ status: 422, json: { error: "Translation into German is not available on this server." } });
      if (attempt === 2) return route.fulfill({ status: 503, body: '' });
      return route.abort('connectionrefused');
    });
    await page.goto('/dashboard?tab=transcribed');
    const card = page.getByRole('article', { name: 'talk.wav' });
    await (await menuItem(card, 'talk.wav', `${L.translateMenu} talk.wav`)).click();
    const language = card.getByLabel(`${TRANSCRIPTS_TEXTS.language}${TRANSCRIPTS_TEXTS.languageFor('talk.wav')}`);
    // Every language offered but the transcript's own (English): the first of the others is chosen.
    const others = LANGUAGE_NAMES.filter((name) => name !== 'English');
    await expect(language.locator('option')).toHaveText(others);
    await expect(language).toHaveValue(others[0]!);
    await language.selectOption('German');
    const translate = card.getByRole('button', { name: TRANSCRIPTS_TEXTS.translateLabel('talk.wav') });
    await translate.click();
    await expect(card.getByRole('alert')).toHaveText("Translation into German is not available on this server.");
    await translate.click();
    await expect(card.getByRole('alert')).toHaveText(TRANSCRIPTS_TEXTS.translateFailed);
    await translate.click();
    await expect(card.getByRole('alert')).toHaveText(TRANSCRIPTS_TEXTS.translateError);
  });

  test("projects: 'Failed to create project.', 'An error occurred.', 'Failed to update project.', 'Failed to delete project.'", async ({ page }) => {
    await page.goto('/dashboard?tab=projects');
    const form = page.getByRole('region', { name: P.createTitle });
    await form.getByLabel(P.name).fill('Research');
    await form.getByRole('button', { name: P.create }).click();
    await expect(page.getByRole('article', { name: 'Research' })).toBeVisible();

    await page.route(/\/api\/projects$/, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    await form.getByLabel(P.name).fill('Second');
    await form.getByRole('button', { name: P.create }).click();
    await expect(form.getByRole('alert')).toHaveText(PROJECTS_TEXTS.createFailed);
    await expect(form.getByLabel(P.name)).toHaveValue('Second');
    await page.unroute(/\/api\/projects$/);
    await page.route(/\/api\/projects$/, (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
    await form.getByRole('button', { name: P.create }).click();
    await expect(form.getByRole('alert')).toHaveText(PROJECTS_TEXTS.genericError);

    await page.route(/\/api\/projects\/[^/]+$/, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: P.editLabel('Research') }).click();
    const edit = page.getByRole('form', { name: P.editLabel('Research') });
    await edit.getByLabel(P.name).fill('Research 2');
    await edit.getByRole('button', { name: COMMON_TEXTS.save }).click();
    await expect(edit.getByRole('alert')).toHaveText(PROJECTS_TEXTS.updateFailed);
    await expect(edit.getByLabel(P.name)).toHaveValue('Research 2');
    await edit.getByRole('button', { name: COMMON_TEXTS.cancel }).click();

    await page.getByRole('button', { name: P.deleteLabel('Research') }).click();
    await page.getByRole('dialog', { name: P.deleteTitle('Research') }).getByRole('button', { name: COMMON_TEXTS.delete }).click();
    await expect(page.getByText(PROJECTS_TEXTS.deleteFailed)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Research' })).toBeVisible();
  });

  test("tags: 'Failed to create tag.'; a failed rename or delete is not shown and keeps what was typed", async ({ page }) => {
    await page.goto('/dashboard?tab=tags');
    const form = page.getByRole('region', { name: G.addTitle });
    await form.getByLabel(G.name).fill('Clients');
    await form.getByRole('button', { name: G.add }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Clients' })).toBeVisible();

    await page.route(/\/api\/tags$/, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    await form.getByLabel(G.name).fill('Leads');
    await form.getByRole('button', { name: G.add }).click();
    await expect(form.getByText(TAGS_TEXTS.createFailed)).toBeVisible();

    await page.route(/\/api\/tags\/[^/]+$/, (route) => route.fulfill({ status: 500, json: { error: 'Nope.' } }));
    await page.getByRole('button', { name: G.renameLabel('Clients') }).click();
    const rename = page.getByRole('form', { name: G.renameLabel('Clients') });
    await rename.getByLabel(G.newName('Clients')).fill('Customers');
    const put = page.waitForResponse((response) => response.request().method() === 'PUT');
    await rename.getByRole('button', { name: COMMON_TEXTS.save }).click();
    await put;
    await expect(rename.getByLabel(G.newName('Clients'))).toHaveValue('Customers');
    await expect(page.getByText('Nope.')).toHaveCount(0);
    await rename.getByRole('button', { name: COMMON_TEXTS.cancel }).click();

    await page.getByRole('button', { name: G.deleteLabel('Clients') }).click();
    const del = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await page.getByRole('dialog', { name: G.deleteTitle('Clients') }).getByRole('button', { name: COMMON_TEXTS.delete }).click();
    await del;
    await expect(page.getByRole('heading', { level: 3, name: 'Clients' })).toBeVisible();
    await expect(page.getByText('Nope.')).toHaveCount(0);
  });
});
