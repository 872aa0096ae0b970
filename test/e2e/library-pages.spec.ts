/**
 * Issue 16, point 5: the library pages through transcripts (GET /api/transcripts?limit=25&cursor=, the next
 * page's cursor in X-Next-Cursor). The list answers are replaced by a pager that honours limit and cursor as
 * the server does (the server's own paging: test/integration/list-paging.test.ts), so the test can hold
 * more than two pages without running jobs. Scrolling asks for the next page, a keyboard user reaches
 * 'Show more', the count never claims less than there is, and a filter, another order or Delete All covers
 * every page (looking at the filters does not); a running row is polled by itself; a project's transcripts
 * come by page behind 'Show more transcripts'.
 * At 1280 and 390 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LIST_BATCH as BATCH, LIST_PAGE_SIZE as PAGE } from '../../web/src/config/constants';
import { COMMON_TEXTS } from '../../web/src/config/texts';
import { LIBRARY_TEXTS, SEARCH_TEXTS } from '../../web/src/features/library/texts';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

const L = LIBRARY_TEXTS;
const W = SEARCH_TEXTS;
/**
 * The counts below follow from the library's sizes as they are (BATCH < PAGE < 2 × BATCH): the first page
 * fills the first batch with PAGE - BATCH rows left over, and a second batch reaches into the second page.
 */
const TOTAL = 2 * PAGE + 20;
/** How long Delete All of TOTAL transcripts may take here (see its test). */
const DELETE_ALL_MS = 20_000;
/** A list of two pages that a second batch shows whole. */
const TWO_PAGES = PAGE + 10;
/** The cursors of the second and third pages (the pager's are offsets). */
const [SECOND, THIRD] = [String(PAGE), String(2 * PAGE)];

/** Newest first, one minute apart; the second-oldest carries the tag 'archive' (it is on the third page). */
const items = Array.from({ length: TOTAL }, (_, index) => ({
  id: `pppppppp${String(index).padStart(4, '0')}`,
  filename: `call-${index}.wav`,
  status: 'complete',
  preview: 'Hello there.',
  summary: '',
  topic: '',
  audio_url: `/uploads/pppppppp${String(index).padStart(4, '0')}.wav`,
  language: 'en',
  tags: index === TOTAL - 2 ? ['archive'] : [],
  project_id: null,
  created_at: new Date(Date.UTC(2026, 0, 2, 12) - index * 60_000).toISOString(),
  deleted: false,
}));

interface Pager {
  /** The first request for each of these cursors gets a 500 (a page that could not be loaded). */
  failOnce?: string[];
  /** These cursors are refused (400, a stale cursor) until the list is asked for from its first page again. */
  staleUntilRestart?: string[];
  /** The list route answered (default: the active list) and how many items it holds. */
  url?: RegExp;
  total?: number;
  /** What the server says of each item now (default: as generated). */
  view?: (item: (typeof items)[number]) => object;
  /** The items the list holds now (default: all). */
  keep?: (item: (typeof items)[number]) => boolean;
}

/** Answers a list by page as the server does; returns the cursors asked for ('' for the first page). */
async function servePages(page: Page, { failOnce = [], staleUntilRestart = [], url = /\/api\/transcripts(\?|$)/, total = TOTAL, view = (item) => item, keep = () => true }: Pager = {}): Promise<string[]> {
  const asked: string[] = [];
  const failing = new Set(failOnce);
  const stale = new Set(staleUntilRestart);
  await page.route(url, (route) => {
    const query = new URL(route.request().url()).searchParams;
    expect(query.get('limit')).toBe(String(PAGE));
    const cursor = query.get('cursor') ?? '';
    asked.push(cursor);
    if (failing.delete(cursor)) return route.fulfill({ status: 500, json: { error: 'Something went wrong.' } });
    if (stale.has(cursor)) return route.fulfill({ status: 400, json: { error: 'Invalid cursor.' } });
    if (!cursor && asked.length > 1) stale.clear();
    const start = cursor ? Number(cursor) : 0;
    const held = items.slice(0, total).filter(keep);
    const end = Math.min(start + PAGE, held.length);
    return route.fulfill({ json: held.slice(start, end).map(view), headers: end < held.length ? { 'X-Next-Cursor': String(end) } : {} });
  });
  return asked;
}

/** Answers every DELETE of a listed transcript as done; returns the ids deleted, in order. */
async function acceptDeletes(page: Page): Promise<string[]> {
  const deleted: string[] = [];
  await page.route(/\/api\/transcripts\/p{8}\d{4}$/, (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    deleted.push(new URL(route.request().url()).pathname.split('/').at(-1)!);
    return route.fulfill({ json: { message: 'Transcript deleted' } });
  });
  return deleted;
}

/** The projects tab with one project of TWO_PAGES transcripts, its list opened; returns the cursors asked for. */
async function openBigProject(page: Page, failOnce: string[] = []): Promise<string[]> {
  const project = { id: 'qqqqqqqq0001', name: 'Big project', description: '', created_at: '2026-01-01T00:00:00.000Z' };
  await page.route(/\/api\/projects(\?|$)/, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [project] }) : route.fallback()));
  const asked = await servePages(page, { url: /\/api\/projects\/qqqqqqqq0001\/transcripts/, total: TWO_PAGES, failOnce });
  await page.goto('/dashboard?tab=projects');
  await page.getByRole('button', { name: `${LIBRARY_TEXTS.projects.viewTranscripts}${LIBRARY_TEXTS.projects.transcriptsOf(project.name)}` }).click();
  return asked;
}

/** The row's actions are in its menu (issue 15): opens it and returns the item named `name`. */
async function menuItem(row: Locator, filename: string, name: string): Promise<Locator> {
  await row.getByRole('button', { name: L.actionsLabel(filename) }).click();
  const item = row.getByRole('menu').getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  return item;
}

const cards = (page: Page) => page.locator('article.lib-item');
const heading = (page: Page) => page.getByRole('heading', { level: 2, name: new RegExp(`^${L.listLabel}`) });

for (const width of [1280, 390]) {
  test.describe(`library pages at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signUpVerified(page.request, newAccount(`library-pages-${width}`));
    });

    test('scrolling asks for the next page; the count says "N+" until every page is in, then the exact number', async ({ page }) => {
      test.setTimeout(60_000);
      const asked = await servePages(page);
      await page.goto('/dashboard?tab=transcribed');
      await expect(heading(page)).toContainText(L.countSoFar(PAGE));
      await expect(cards(page)).toHaveCount(BATCH);
      expect(asked).toEqual(['']);

      await expect
        .poll(
          async () => {
            await cards(page).last().scrollIntoViewIfNeeded();
            return cards(page).count();
          },
          { timeout: 30_000, intervals: [250] },
        )
        .toBe(TOTAL);
      expect(asked).toEqual(['', SECOND, THIRD]);
      await expect(heading(page)).toContainText(L.count(TOTAL));
      await expect(page.getByRole('button', { name: /^Show (\d+ )?more$/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    });

    test("without scrolling, a keyboard user reaches 'Show more' and it brings the next page", async ({ page }) => {
      await page.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      const asked = await servePages(page);
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      // From the last row's name, Tab goes on to the button.
      await cards(page).last().locator('[data-row-focus]').focus();
      const more = page.getByRole('button', { name: L.showMoreUnknown, exact: true });
      for (let step = 0; step < 15 && !(await more.evaluate((button) => button === document.activeElement)); step++) await page.keyboard.press('Tab');
      await expect(more).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(2 * BATCH);
      expect(asked).toEqual(['', SECOND]);
      await expect(page.getByRole('button', { name: L.showMoreUnknown, exact: true })).toBeVisible();
      await expect(heading(page)).toContainText(L.countSoFar(2 * PAGE));
      await expectNoAxeViolations(page);
    });

    test('a page that could not be loaded offers Retry, while scrolling and while another order waits for every page', async ({ page }) => {
      // 'Show more' alone asks for the next page here (scrolling does the same: the first test).
      await page.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      const asked = await servePages(page, { failOnce: [SECOND, THIRD] });
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      await page.getByRole('button', { name: L.showMoreUnknown, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: L.loadMoreFailed })).toBeVisible();
      await expect(cards(page)).toHaveCount(PAGE);
      await page.getByRole('button', { name: COMMON_TEXTS.retry }).click();
      await expect(cards(page)).toHaveCount(2 * BATCH);
      await expect(heading(page)).toContainText(L.countSoFar(2 * PAGE));

      // Another order needs every page: the failed third one says so and can be asked for again.
      await page.getByLabel(W.sortLabel).selectOption('oldest');
      await expect(page.getByRole('status').filter({ hasText: L.loadMoreFailed })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: COMMON_TEXTS.retry }).click();
      await expect(cards(page).first()).toHaveAccessibleName(`call-${TOTAL - 1}.wav`);
      await expect(heading(page)).toContainText(L.count(TOTAL));
      expect(asked).toEqual(['', SECOND, SECOND, THIRD, THIRD]);
    });

    test("the keyboard goes on from the first row that 'Show more' or 'Try again' brought, not past the new rows", async ({ page }) => {
      await page.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      await servePages(page, { failOnce: [SECOND] });
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      const rowLink = (index: number) => cards(page).nth(index).locator('[data-row-focus]');
      // The loaded rows the button hid come at once: the first of them has the focus.
      await page.getByRole('button', { name: L.showMoreUnknown, exact: true }).press('Enter');
      await expect(rowLink(BATCH)).toBeFocused();
      // The next page failed; its rows come with Try again, and the focus goes to the first of them.
      const retry = page.getByRole('button', { name: COMMON_TEXTS.retry });
      await retry.focus();
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(2 * BATCH);
      await expect(rowLink(PAGE)).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(cards(page).nth(PAGE).getByRole('button', { name: L.actionsLabel(`call-${PAGE}.wav`) })).toBeFocused();
    });

    test("a first page that could not be loaded: 'Try again' by keyboard, then the focus is on the list's heading, not lost", async ({ page }) => {
      const asked = await servePages(page, { failOnce: [''] });
      await page.goto('/dashboard?tab=transcribed');
      await expect(page.getByText(L.loadFailed)).toBeVisible();
      await page.getByRole('button', { name: COMMON_TEXTS.retry }).focus();
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(BATCH);
      await expect(heading(page)).toBeFocused();
      await expect(heading(page)).toContainText(L.countSoFar(PAGE));
      expect(asked).toEqual(['', '']);
    });

    test("a 'Try again' that fails again keeps the focus on 'Try again', and the next one brings the list", async ({ page }) => {
      const asked = await servePages(page);
      let failures = 2;
      // Registered last, so asked first: the first page fails twice, then servePages answers.
      await page.route(/\/api\/transcripts(\?|$)/, (route) => (failures-- > 0 ? route.fulfill({ status: 500, json: { error: 'Something went wrong.' } }) : route.fallback()));
      await page.goto('/dashboard?tab=transcribed');
      const retry = page.getByRole('button', { name: COMMON_TEXTS.retry });
      await retry.focus();
      await page.keyboard.press('Enter');
      await expect(retry).toBeEnabled();
      await expect(retry).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(BATCH);
      await expect(heading(page)).toBeFocused();
      expect(asked).toEqual(['']);
    });

    test('a stale cursor (400) starts the list again from its first page instead of asking with it forever; the reader keeps their place', async ({ page }) => {
      await page.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      const asked = await servePages(page, { staleUntilRestart: [SECOND] });
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      await page.getByRole('button', { name: L.showMoreUnknown, exact: true }).press('Enter');
      await expect(cards(page)).toHaveCount(2 * BATCH);
      expect(asked).toEqual(['', SECOND, '', SECOND]);
      await expect(page.getByRole('status').filter({ hasText: L.loadMoreFailed })).toHaveCount(0);
      await expect(heading(page)).toContainText(L.countSoFar(2 * PAGE));
      await expectNoAxeViolations(page);
    });

    test('a filter and another order cover every page, not only the loaded one', async ({ page }) => {
      const asked = await servePages(page);
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      await page.getByLabel(W.sortLabel).selectOption('oldest');
      await expect(cards(page).first()).toHaveAccessibleName(`call-${TOTAL - 1}.wav`);
      expect(asked).toEqual(['', SECOND, THIRD]);
      await expect(heading(page)).toContainText(L.count(TOTAL));
      await page.getByLabel(W.tagLabel).selectOption('archive');
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toHaveAccessibleName(`call-${TOTAL - 2}.wav`);
      await expect(heading(page)).toContainText(L.count(1));
    });

    test('while a filter waits for every page, the heading gives no count (not "0+"); it comes with the pages', async ({ page }) => {
      await page.route(/\/api\/tags(\?|$)/, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [{ id: 'tttttttt0001', name: 'archive' }] }) : route.fallback()));
      await servePages(page);
      // The later pages come slowly.
      await page.route(/\/api\/transcripts\?.*cursor=/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return route.fallback();
      });
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      await page.getByLabel(W.tagLabel).selectOption('archive');
      await expect(page.getByText(L.loadingAll)).toBeVisible();
      await expect(heading(page)).toHaveText(L.listLabel);
      await expect(heading(page)).toContainText(L.count(1));
      await expect(cards(page)).toHaveCount(1);
    });

    test('looking through the filters asks for no page; choosing one asks for every page (the tag choices are the user\'s tags)', async ({ page }) => {
      await page.route(/\/api\/tags(\?|$)/, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [{ id: 'tttttttt0001', name: 'archive' }] }) : route.fallback()));
      const asked = await servePages(page);
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      // Keyboard only: Tab from the sort through every filter.
      await page.getByLabel(W.sortLabel).focus();
      for (const [role, name] of [['combobox', TRANSCRIPTS_TEXTS.projectLabel], ['combobox', W.tagLabel], ['textbox', W.fromLabel]] as const) {
        await page.keyboard.press('Tab');
        await expect(page.getByRole(role, { name, exact: true })).toBeFocused();
      }
      // The tag of a transcript on the third page is offered, though that page is not in.
      await expect(page.getByLabel(W.tagLabel).locator('option', { hasText: 'archive' })).toHaveCount(1);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(asked).toEqual(['']);
      await expect(heading(page)).toContainText(L.countSoFar(PAGE));
      await expectNoAxeViolations(page);

      await page.getByLabel(W.tagLabel).selectOption('archive');
      await expect(cards(page)).toHaveCount(1);
      await expect(heading(page)).toContainText(L.count(1));
      expect(asked).toEqual(['', SECOND, THIRD]);
    });

    test('the search says when it shows only the best matches: more may match than it brought; screen readers hear how many came', async ({ page }) => {
      const asked: string[] = [];
      // As the server does: the best matches, at most the limit asked for (its default 20); here every item matches.
      await page.route(/\/api\/search\?/, (route) => {
        const query = new URL(route.request().url()).searchParams;
        asked.push(query.get('q')!);
        const limit = Number(query.get('limit') ?? 20);
        const matching = query.get('q') === 'hello' ? items : items.slice(0, 3);
        const results = matching.slice(0, limit).map((item) => ({ id: item.id, filename: item.filename, created_at: item.created_at, topic: '', snippet: '<mark>Hello</mark> there.', start_ms: 0 }));
        return route.fulfill({ json: { results } });
      });
      await servePages(page);
      await page.goto('/dashboard?tab=transcribed');
      const box = page.getByRole('searchbox', { name: W.searchLabel });
      const results = page.getByRole('list', { name: W.resultsLabel }).getByRole('listitem');
      // What screen readers hear: how many came, not every snippet.
      const announced = page.getByRole('region', { name: W.searchLabel }).locator('p[aria-live="polite"]');
      await box.fill('hello');
      await box.press('Enter');
      await expect(results.first()).toBeVisible();
      const shown = await results.count();
      expect(shown).toBeLessThan(TOTAL);
      await expect(page.getByText(W.bestMatchesOnly(shown), { exact: true })).toBeVisible();
      await expect(announced).toHaveText(`${W.resultsFound(shown)} ${W.bestMatchesOnly(shown)}`);
      await expectNoAxeViolations(page);

      await box.fill('there');
      await box.press('Enter');
      await expect(results).toHaveCount(3);
      await expect(page.getByText(W.bestMatchesOnly(shown))).toHaveCount(0);
      await expect(announced).toHaveText(W.resultsFound(3));
      expect(asked).toEqual(['hello', 'there']);
    });

    test('a processing transcript on the second page is polled by itself, not with every loaded page, until it is done', async ({ page }) => {
      await page.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      let done = false;
      const target = items[2 * BATCH - 1]!;
      const processing = target.filename;
      const running = (item: (typeof items)[number]) => (item.filename === processing && !done ? { ...item, status: 'processing', preview: '', stage: 'transcribing', progress: 0.4 } : item);
      const asked = await servePages(page, { view: running });
      // The row's own status: the full view (the list's fields but the preview, and the text).
      let statusAsked = 0;
      await page.route(`**/api/transcripts/${target.id}`, (route) => {
        statusAsked += 1;
        const { preview: _preview, ...fields } = running(target) as typeof target;
        return route.fulfill({ json: { ...fields, text: done ? 'Hello there.' : '', word_timings: [], speakers: [], summary_outdated: false } });
      });
      await page.clock.install();
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      await page.getByRole('button', { name: L.showMoreUnknown, exact: true }).click();
      await expect(cards(page)).toHaveCount(2 * BATCH);
      const row = page.getByRole('article', { name: processing });
      await expect(row.getByRole('progressbar')).toBeVisible();
      expect(asked).toEqual(['', SECOND]);

      // Still running after 5 s: one request, for the row alone.
      await page.clock.runFor(5_100);
      await expect.poll(() => statusAsked).toBe(1);
      await expect(row.getByRole('progressbar')).toBeVisible();

      done = true;
      await page.clock.runFor(5_000);
      await expect(row.getByRole('progressbar')).toHaveCount(0);
      await expect(row).toContainText('Hello there.');
      expect(statusAsked).toBe(2);
      // Nothing is processing any more: no further polls; the loaded pages were never asked again.
      await page.clock.runFor(15_000);
      expect(statusAsked).toBe(2);
      expect(asked).toEqual(['', SECOND]);
      await expect(cards(page)).toHaveCount(2 * BATCH);
    });

    test('a transcript on the third page is deleted and brought back with Undo: the count covers every page', async ({ page }) => {
      const target = items[2 * PAGE]!;
      let deleted = false;
      await servePages(page, { keep: (item) => item.id !== target.id || !deleted });
      await page.route(`**/api/transcripts/${target.id}`, (route) => {
        if (route.request().method() !== 'DELETE') return route.fallback();
        deleted = true;
        return route.fulfill({ json: { message: 'Transcript deleted' } });
      });
      await page.route(`**/api/transcripts/${target.id}/restore`, (route) => {
        deleted = false;
        return route.fulfill({ json: target });
      });
      await page.goto('/dashboard?tab=transcribed');
      await page.getByLabel(W.sortLabel).selectOption('oldest');
      await expect(heading(page)).toContainText(L.count(TOTAL));
      const row = page.getByRole('article', { name: target.filename });
      await (await menuItem(row, target.filename, L.deleteLabel(target.filename))).click();
      await expect(row).toHaveCount(0);
      await expect(heading(page)).toContainText(L.count(TOTAL - 1));
      await page.getByRole('button', { name: L.undoLabel(target.filename) }).click();
      await expect(row).toBeVisible();
      await expect(heading(page)).toContainText(L.count(TOTAL));
    });

    test('the Trash pages too; the active list (empty) comes from the real server', async ({ page }) => {
      await page.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      const asked = await servePages(page, { url: /\/api\/deleted_transcripts(\?|$)/, total: TWO_PAGES, view: (item) => ({ ...item, deleted: true }) });
      const firstPage = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/transcripts');
      await page.goto('/dashboard?tab=transcribed');
      const answer = await firstPage;
      expect(new URL(answer.url()).searchParams.get('limit')).toBe(String(PAGE));
      expect(answer.status()).toBe(200);
      await expect(page.getByText(L.emptyActive)).toBeVisible();
      await page.getByRole('button', { name: LIBRARY_TEXTS.showDeleted }).click();
      await expect(cards(page)).toHaveCount(BATCH);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${L.deletedListLabel}`) })).toContainText(L.countSoFar(PAGE));
      await page.getByRole('button', { name: L.showMoreUnknown, exact: true }).click();
      await expect(cards(page)).toHaveCount(TWO_PAGES);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${L.deletedListLabel}`) })).toContainText(L.count(TWO_PAGES));
      expect(asked).toEqual(['', SECOND]);
      await expectNoAxeViolations(page);
    });

    test("a project's transcripts come by page too: 'Show more transcripts' brings the next one", async ({ page }) => {
      const asked = await openBigProject(page);
      const links = page.locator('.entity__transcripts li');
      await expect(links).toHaveCount(PAGE);
      const more = page.getByRole('button', { name: LIBRARY_TEXTS.projects.moreTranscripts });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(links).toHaveCount(TWO_PAGES);
      await expect(more).toHaveCount(0);
      expect(asked).toEqual(['', SECOND]);
    });

    test("a project's 'Show more transcripts' gives the focus to the first transcript it brought", async ({ page }) => {
      await openBigProject(page);
      const links = page.locator('.entity__transcripts li');
      await expect(links).toHaveCount(PAGE);
      await page.getByRole('button', { name: LIBRARY_TEXTS.projects.moreTranscripts }).press('Enter');
      await expect(links).toHaveCount(TWO_PAGES);
      await expect(links.nth(PAGE).getByRole('link')).toBeFocused();
    });

    test("a project's next page that could not be loaded keeps the first one shown, and its button tries again", async ({ page }) => {
      const asked = await openBigProject(page, [SECOND]);
      const links = page.locator('.entity__transcripts li');
      await expect(links).toHaveCount(PAGE);
      await page.getByRole('button', { name: LIBRARY_TEXTS.projects.moreTranscripts }).click();
      const again = page.getByRole('button', { name: COMMON_TEXTS.retry });
      await expect(again).toBeVisible();
      await expect(links).toHaveCount(PAGE);
      await expect(page.getByText(LIBRARY_TEXTS.projects.transcriptsLoadFailed)).toHaveCount(0);
      await again.click();
      await expect(links).toHaveCount(TWO_PAGES);
      expect(asked).toEqual(['', SECOND, SECOND]);
    });

    test('Delete All names every transcript, not only the loaded page', async ({ page }) => {
      const asked = await servePages(page);
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      await page.getByRole('button', { name: LIBRARY_TEXTS.deleteAll }).click();
      const dialog = page.getByRole('dialog', { name: L.deleteAllTitle });
      await expect(dialog).toContainText(L.deleteAllText(TOTAL));
      expect(asked).toEqual(['', SECOND, THIRD]);
      await dialog.getByRole('button', { name: COMMON_TEXTS.cancel }).click();
      await expect(heading(page)).toContainText(L.count(TOTAL));
    });

    test('Delete All by keyboard: Escape gives the focus back to it (it waited for every page meanwhile); deleting gives it to the heading', async ({ page }) => {
      const deleted = await acceptDeletes(page);
      await servePages(page, { keep: (item) => !deleted.includes(item.id) });
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      const deleteAll = page.getByRole('button', { name: LIBRARY_TEXTS.deleteAll });
      const dialog = page.getByRole('dialog', { name: L.deleteAllTitle });
      await deleteAll.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toContainText(L.deleteAllText(TOTAL));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(deleteAll).toBeFocused();

      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: LIBRARY_TEXTS.deleteAll }).press('Enter');
      // TOTAL deletions, each through this test's route handler, then every page again: more than the
      // default 5 s when other tests load the machine (a CI run missed it once at 1280 px).
      await expect(page.getByText(L.deleteAllDone)).toBeVisible({ timeout: DELETE_ALL_MS });
      expect(new Set(deleted).size).toBe(TOTAL);
      await expect(heading(page)).toBeFocused();
    });

    test('with a filter on, Delete All moves the transcripts it shows, from every page; a filter that shows none leaves it off', async ({ page }) => {
      const project = { id: 'qqqqqqqq0002', name: 'Every tenth', description: '', created_at: '2026-01-01T00:00:00.000Z' };
      // Every tenth transcript, on all three pages, is in the project.
      const inProject = (item: (typeof items)[number]) => Number(item.id.slice(-4)) % 10 === 0;
      const shown = items.filter(inProject).length;
      await page.route(/\/api\/projects(\?|$)/, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [project] }) : route.fallback()));
      await servePages(page, { view: (item) => ({ ...item, project_id: inProject(item) ? project.id : null }) });
      const deleted = await acceptDeletes(page);
      await page.goto('/dashboard?tab=transcribed');
      await expect(cards(page)).toHaveCount(BATCH);
      const deleteAll = page.getByRole('button', { name: LIBRARY_TEXTS.deleteAll });

      await page.getByLabel(W.fromLabel, { exact: true }).fill('2026-01-03');
      await expect(page.getByText(W.noneMatch)).toBeVisible();
      await expect(deleteAll).toBeDisabled();
      await page.getByLabel(W.fromLabel, { exact: true }).fill('');

      await page.getByRole('combobox', { name: TRANSCRIPTS_TEXTS.projectLabel, exact: true }).selectOption(project.id);
      await expect(heading(page)).toContainText(L.count(shown));
      await deleteAll.click();
      const dialog = page.getByRole('dialog', { name: L.deleteShownTitle(shown) });
      await expect(dialog).toContainText(L.deleteShownText(shown));
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: L.deleteShownConfirm(shown) }).click();
      await expect(page.getByText(L.deleteShownDone(shown))).toBeVisible();
      expect(deleted.sort()).toEqual(items.filter(inProject).map((item) => item.id));
    });
  });
}
