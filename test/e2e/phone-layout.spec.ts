/**
 * On a phone (390 px), every page, public and signed in (issue 15, point 5): nothing scrolls sideways and no
 * fixed or sticky element covers another; with the support chat open, its title is below the top bar.
 */
import { expect, test, type Page } from '@playwright/test';
import { LIBRARY_TEXTS } from '../../web/src/features/library/texts';
import { SUPPORT_CHAT_TEXTS } from '../../web/src/features/support/texts';
import { openPage, prepareSignedInPages, PUBLIC_PAGES, type SignedInPages } from './support/pages';

let signedIn: SignedInPages;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  signedIn = await prepareSignedInPages(browser);
});

/** Fixed and sticky boxes on screen that overlap one another (a box and its own descendants aside). */
const coveringBoxes = (page: Page) =>
  page.evaluate(() => {
    const pinned = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => {
      const style = getComputedStyle(element);
      return (style.position === 'fixed' || style.position === 'sticky') && style.visibility !== 'hidden';
    });
    const boxes = pinned
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const box = { left: Math.max(rect.left, 0), top: Math.max(rect.top, 0), right: Math.min(rect.right, innerWidth), bottom: Math.min(rect.bottom, innerHeight) };
        return { element, box, name: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` };
      })
      .filter(({ box }) => box.right - box.left > 1 && box.bottom - box.top > 1);
    const found: string[] = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 1 && height > 1) found.push(`${a.name} / ${b.name}`);
      }
    return found;
  });

/** Covering boxes at the top, the middle and the end of the page (sticky boxes meet once scrolled). */
async function coveringWhileScrolling(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const share of [0, 0.5, 1]) {
    await page.evaluate((at) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * at), share);
    for (const pair of await coveringBoxes(page)) found.add(pair);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...found];
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(1, window.scrollY);
    const moved = window.scrollX;
    window.scrollTo(0, window.scrollY);
    return Math.max(moved, document.documentElement.scrollWidth - document.documentElement.clientWidth);
  });

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no public page scrolls sideways or has a fixed element over another', async ({ page }) => {
    for (const path of PUBLIC_PAGES) {
      await openPage(page, path);
      expect({ path, sideways: await sidewaysScroll(page), covering: await coveringWhileScrolling(page) }).toEqual({ path, sideways: 0, covering: [] });
    }
  });

  test('no signed-in page scrolls sideways or has a fixed element over another, with the support chat closed and open', async ({ browser }) => {
    const context = await browser.newContext({ storageState: signedIn.storageState, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const path of signedIn.paths) {
      await openPage(page, path);
      expect({ path, sideways: await sidewaysScroll(page), covering: await coveringWhileScrolling(page) }).toEqual({ path, sideways: 0, covering: [] });
      const chat = page.getByRole('button', { name: SUPPORT_CHAT_TEXTS.open });
      if ((await chat.count()) === 0) continue;
      await chat.click();
      const title = page.getByRole('heading', { name: SUPPORT_CHAT_TEXTS.title });
      await expect(title).toBeVisible();
      // The chat's title is on screen and not under the top bar.
      const hit = await title.evaluate((node) => {
        const rect = node.getBoundingClientRect();
        return rect.top >= 0 && node.contains(document.elementFromPoint(rect.left + 4, rect.top + rect.height / 2));
      });
      // Open, the chat is a window over the page (over its sticky player too), but never under or over the top bar.
      const covering = (await coveringBoxes(page)).filter((pair) => !pair.includes('div.support') || pair.includes('app-bar'));
      expect({ path, titleClear: hit, covering }).toEqual({ path, titleClear: true, covering: [] });
      await page.keyboard.press('Escape');
    }
    await context.close();
  });

  test("a row's open menu is over the support chat button, even when it reaches the screen's bottom right corner", async ({ browser }) => {
    const context = await browser.newContext({ storageState: signedIn.storageState, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openPage(page, '/dashboard?tab=transcribed');
    await page.getByRole('button', { name: LIBRARY_TEXTS.actionsLabel('Every page.wav') }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // The screen ends just below the menu: its last items are where the chat button sits.
    const menuBottom = await menu.evaluate((node) => node.getBoundingClientRect().bottom + window.scrollY);
    await page.setViewportSize({ width: 390, height: Math.ceil(menuBottom) + 8 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const hidden = await menu.getByRole('menuitem').evaluateAll((items) =>
      items
        .filter((item) => {
          const rect = item.getBoundingClientRect();
          return !item.contains(document.elementFromPoint(rect.right - 6, rect.top + rect.height / 2));
        })
        .map((item) => item.textContent),
    );
    expect(hidden).toEqual([]);
    await context.close();
  });
});
