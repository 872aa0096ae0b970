/**
 * The support chat widget (docs/product.md#screens-and-routes, #states, #validation, #errors) in Chromium against the real local app: asking
 * a question gets the relevant FAQ answer; 'Typing' while waiting; Enter and Send; empty messages are
 * not sent; the two fallback texts; keyboard use; shown only to signed-in users, on a phone too.
 */
import { expect, test, type Page } from '@playwright/test';
import { faqEntry } from '../../functions/domain/faq';
import { BRAND, DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { PROFILE_TEXTS } from '../../web/src/features/profile/texts';
import { SUPPORT_CHAT_TEXTS } from '../../web/src/features/support/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { holdRequests } from './support/requests';

const S = SUPPORT_CHAT_TEXTS;

const toggle = (page: Page) => page.getByRole('button', { name: S.open });
const chatBox = (page: Page) => page.getByRole('region', { name: BRAND.supportName });
const input = (page: Page) => chatBox(page).getByLabel(S.inputLabel);
const log = (page: Page) => chatBox(page).getByRole('log');

async function openChat(page: Page, path = '/dashboard'): Promise<void> {
  await signUpVerified(page.request, newAccount('support'));
  await page.goto(path);
  await toggle(page).click();
  await expect(chatBox(page).getByRole('heading', { level: 2, name: BRAND.supportName })).toBeVisible();
  await expect(input(page)).toBeFocused();
}

test.describe('support chat', () => {
  test('a question gets the relevant answer from the help pages, with Typing while it is awaited', async ({ page }) => {
    await openChat(page);
    const release = await holdRequests(page, '**/api/support');
    await input(page).fill('Which file formats can I upload, and how big can they be?');
    await input(page).press('Enter');
    await expect(log(page).getByText('Which file formats can I upload, and how big can they be?')).toBeVisible();
    await expect(input(page)).toHaveValue('');
    await expect(chatBox(page).getByRole('status').filter({ hasText: S.typing })).toBeVisible();
    release();
    await expect(log(page).getByText(faqEntry('formats')!.answer)).toBeVisible();
    await expect(log(page).getByText(/2 GB/)).toBeVisible();
    await expect(chatBox(page).getByText(S.typing, { exact: true })).toHaveCount(0);

    // The Send button works too.
    await input(page).fill('How do I reset my password?');
    await chatBox(page).getByRole('button', { name: S.send }).click();
    await expect(log(page).getByText(faqEntry('password-reset')!.answer)).toBeVisible();
  });

  test('an empty or whitespace-only message is not sent', async ({ page }) => {
    await openChat(page);
    let calls = 0;
    await page.route('**/api/support', async (route) => {
      calls += 1;
      await route.continue();
    });
    await input(page).fill('   ');
    await input(page).press('Enter');
    await expect(chatBox(page).getByRole('button', { name: S.send })).toBeDisabled();
    await expect(log(page).getByRole('listitem')).toHaveCount(1); // the greeting only
    expect(calls).toBe(0);
  });

  test("shows 'Sorry, I couldn't understand that.' for an answer without a reply", async ({ page }) => {
    await openChat(page);
    await page.route('**/api/support', (route) => route.fulfill({ status: 200, json: {} }));
    await input(page).fill('Hello?');
    await input(page).press('Enter');
    await expect(log(page).getByText(S.noReply)).toBeVisible();
  });

  test("shows 'Support is currently unavailable.' when the server cannot be reached", async ({ page }) => {
    await openChat(page);
    await page.route('**/api/support', (route) => route.abort('connectionrefused'));
    await input(page).fill('Are you there?');
    await input(page).press('Enter');
    await expect(log(page).getByText(S.unavailable)).toBeVisible();
  });

  test('closes with Escape, giving focus back to its button; the conversation stays while moving around the app', async ({ page }) => {
    await openChat(page);
    await input(page).fill('Can I delete my account?');
    await input(page).press('Enter');
    await expect(log(page).getByText(faqEntry('account-deletion')!.answer)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chatBox(page)).toHaveCount(0);
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('navigation', { name: DASHBOARD_TEXTS.sidebarLabel }).getByRole('link', { name: DASHBOARD_TEXTS.tabs.profile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await toggle(page).click();
    await expect(log(page).getByText(faqEntry('account-deletion')!.answer)).toBeVisible();

    // The transcript page has the widget too.
    await page.goto('/transcript/no-such-id');
    await toggle(page).click();
    await expect(chatBox(page).getByRole('heading', { level: 2, name: BRAND.supportName })).toBeVisible();
  });

  test('is not shown to signed-out visitors', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(toggle(page)).toHaveCount(0);
    await page.goto('/login');
    await expect(toggle(page)).toHaveCount(0);
  });

  test('on a phone: the sidebar collapses and expands, and the chat fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openChat(page);
    const box = (await chatBox(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await input(page).fill('How do tags work?');
    await input(page).press('Enter');
    await expect(log(page).getByText(faqEntry('projects-tags')!.answer)).toBeVisible();
    await page.keyboard.press('Escape');

    const menu = page.getByRole('button', { name: DASHBOARD_TEXTS.sidebarToggle, exact: true });
    const sidebar = page.getByRole('navigation', { name: DASHBOARD_TEXTS.sidebarLabel });
    await expect(sidebar).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  for (const [width, height] of [[390, 740], [1280, 800]] as const) {
    test(`at ${width} px, the end of a page scrolls clear of the chat button, which covers nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await signUpVerified(page.request, newAccount('support-room'));
      await page.goto('/profile');
      await expect(toggle(page)).toBeVisible();
      // The whole profile first (its usage line and the form come after the page): the end moves until then.
      await expect(page.getByText(/^This month: /)).toBeVisible();
      await expect(page.getByRole('button', { name: PROFILE_TEXTS.deleteAccount, exact: true })).toBeVisible();
      const toggleTop = (await toggle(page).boundingBox())!.y;
      // The page's last content (the profile's last button), scrolled to the end, ends above the button's top edge.
      const contentEnd = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.locator('.app__content').evaluate((content) => content.getBoundingClientRect().bottom);
      };
      await expect.poll(contentEnd).toBeLessThanOrEqual(toggleTop);
    });
  }
});
