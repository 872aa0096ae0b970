/**
 * Light and dark (issue 15, point 5): the theme follows the system setting (emulated here) unless the
 * profile menu's choice says otherwise, and that choice is remembered; on every page, public and signed
 * in, at 390 and 1280 px, axe-core finds no serious or critical WCAG 2 A/AA violation (contrast
 * included) in either theme.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { PROFILE_TEXTS } from '../../web/src/features/profile/texts';
import { SUPPORT_CHAT_TEXTS } from '../../web/src/features/support/texts';
import { openPage, prepareSignedInPages, PUBLIC_PAGES, type SignedInPages } from './support/pages';

let signedIn: SignedInPages;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  signedIn = await prepareSignedInPages(browser);
});

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`).join('; ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe-core, ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test(`every page at 390 and 1280 px: no serious WCAG A/AA violation (${colorScheme})`, async ({ browser }) => {
      test.setTimeout(240_000);
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        for (const withSession of [false, true]) {
          const context = await browser.newContext({ colorScheme, viewport, ...(withSession ? { storageState: signedIn.storageState } : {}) });
          const page = await context.newPage();
          for (const path of withSession ? signedIn.paths : PUBLIC_PAGES) {
            await openPage(page, path);
            await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
            expect({ path, width: viewport.width, violations: await seriousViolations(page) }).toEqual({ path, width: viewport.width, violations: [] });
          }
          await context.close();
        }
      }
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the open profile menu, the support chat with a reply, and toasts: no serious WCAG A/AA violation (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: signedIn.storageState, colorScheme, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openPage(page, '/profile');
    await page.getByRole('button', { name: new RegExp(DASHBOARD_TEXTS.accountMenu) }).click();
    await expect(page.getByRole('radio', { name: DASHBOARD_TEXTS.themeChoices.system })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: PROFILE_TEXTS.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: PROFILE_TEXTS.saved })).toBeVisible();
    await page.getByRole('button', { name: SUPPORT_CHAT_TEXTS.open }).click();
    await page.getByLabel(SUPPORT_CHAT_TEXTS.inputLabel).fill('How do I share a transcript?');
    await page.getByRole('button', { name: SUPPORT_CHAT_TEXTS.send }).click();
    await expect(page.getByRole('log', { name: SUPPORT_CHAT_TEXTS.messagesLabel }).getByText(/read-only link/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

test('the profile menu chooses light, dark or the system setting, and the choice is remembered', async ({ browser }) => {
  const context = await browser.newContext({ storageState: signedIn.storageState, colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openPage(page, '/dashboard');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const menu = page.getByRole('button', { name: new RegExp(DASHBOARD_TEXTS.accountMenu) });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('radio', { name: DASHBOARD_TEXTS.themeChoices.system })).toBeChecked();
  await page.getByRole('radio', { name: DASHBOARD_TEXTS.themeChoices.light }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await menu.click();
  await page.getByRole('radio', { name: DASHBOARD_TEXTS.themeChoices.system }).check();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('radio', { name: DASHBOARD_TEXTS.themeChoices.dark }).check();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await context.close();
});
