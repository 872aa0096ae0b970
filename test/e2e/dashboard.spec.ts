/** The dashboard frame and the Profile tab (docs/product.md#screens-and-routes, #states, #validation, #errors) against the real local backend. */
import { expect, test, type Page } from '@playwright/test';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { PROFILE_TEXTS } from '../../web/src/features/profile/texts';
import { TRANSCRIBE_TEXTS } from '../../web/src/features/transcribe/texts';
import { newAccount, signUpVerified, type TestAccount } from './support/accounts';
import { FROM_SITE } from './playwright.config';
import { holdRequests } from './support/requests';

const sidebar = (page: Page) => page.getByRole('navigation', { name: DASHBOARD_TEXTS.sidebarLabel });
const menuButton = (page: Page) => page.getByRole('button', { name: DASHBOARD_TEXTS.sidebarToggle, exact: true });

async function signedIn(page: Page, label: string): Promise<TestAccount> {
  const account = newAccount(label);
  await signUpVerified(page.request, account);
  return account;
}

test.describe('dashboard', () => {
  test("loads the profile first: 'Loading...' while it loads", async ({ page }) => {
    await signedIn(page, 'loading');
    const release = await holdRequests(page, '**/api/profile');
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: COMMON_TEXTS.loading })).toBeVisible();
    release();
    await expect(page.getByLabel(TRANSCRIBE_TEXTS.file)).toBeVisible();
    await expect(page.getByText(COMMON_TEXTS.loading, { exact: true })).toHaveCount(0);
  });

  test("says 'Failed to load user data.' when the profile cannot be loaded", async ({ page }) => {
    await signedIn(page, 'load-fails');
    await page.route('**/api/profile', (route) => route.fulfill({ status: 500, json: { error: 'Boom.' } }));
    await page.goto('/dashboard');
    await expect(page.getByRole('alert').filter({ hasText: DASHBOARD_TEXTS.loadFailed })).toBeVisible();
  });

  test('the sidebar holds the five tabs and Logout; each opens its own screen', async ({ page }) => {
    await signedIn(page, 'tabs');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const nav = sidebar(page);
    await expect(nav.getByRole('link')).toHaveText(Object.values(DASHBOARD_TEXTS.tabs));
    await expect(page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true })).toBeVisible();
    for (const [tab, label] of [
      ['transcribed', DASHBOARD_TEXTS.tabs.transcribed],
      ['projects', DASHBOARD_TEXTS.tabs.projects],
      ['tags', DASHBOARD_TEXTS.tabs.tags],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?tab=${tab}$`));
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.projects })).toBeVisible();
  });

  test('collapses to icons on a wide screen, keeping the names, and remembers it', async ({ page }) => {
    await signedIn(page, 'collapse');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const profileLink = sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs.profile });
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const wide = (await profileLink.boundingBox())!.width;
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(profileLink).toBeVisible();
    await expect.poll(async () => (await profileLink.boundingBox())!.width).toBeLessThan(wide / 2);
    await profileLink.click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  });

  test('works on a phone: the sidebar opens over the content and closes after a choice or Escape', async ({ page }) => {
    await signedIn(page, 'phone');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await menuButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    await sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs.profile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByLabel(PROFILE_TEXTS.name)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await menuButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    await menuButton(page).click();
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('profile tab', () => {
  test('the date of birth is locked, with the note, once changed twice', async ({ page }) => {
    await signedIn(page, 'dob');
    for (const age of ['1990-01-01', '1991-02-02']) {
      const answer = await page.request.put('/api/profile', { multipart: { age }, headers: FROM_SITE });
      expect(answer.status()).toBe(200);
    }
    await page.goto('/profile');
    const dob = page.getByLabel(PROFILE_TEXTS.dateOfBirth);
    await expect(dob).toBeDisabled();
    await expect(dob).toHaveValue('1991-02-02');
    await expect(page.getByText(PROFILE_TEXTS.dobLimitReached, { exact: true })).toBeVisible();

    // The other fields still save.
    await page.getByLabel(PROFILE_TEXTS.country).selectOption('Norway');
    await page.getByRole('button', { name: PROFILE_TEXTS.save }).click();
    await expect(page.getByText(PROFILE_TEXTS.saved)).toBeVisible();
  });

  test('a date-of-birth change counts down to the lock', async ({ page }) => {
    await signedIn(page, 'dob-ui');
    await page.goto('/profile');
    await expect(page.getByText(PROFILE_TEXTS.dobChangesLeft(2))).toBeVisible();
    await page.getByLabel(PROFILE_TEXTS.dateOfBirth).fill('1985-03-04');
    await page.getByRole('button', { name: PROFILE_TEXTS.save }).click();
    await expect(page.getByText(PROFILE_TEXTS.dobChangesLeft(1))).toBeVisible();
    await page.getByLabel(PROFILE_TEXTS.dateOfBirth).fill('1985-03-05');
    await page.getByRole('button', { name: PROFILE_TEXTS.save }).click();
    await expect(page.getByLabel(PROFILE_TEXTS.dateOfBirth)).toBeDisabled();
    await expect(page.getByText(PROFILE_TEXTS.dobLimitReached, { exact: true })).toBeVisible();
  });

  test("the gender options, and Other's custom text", async ({ page }) => {
    await signedIn(page, 'gender');
    await page.goto('/profile');
    const gender = page.getByLabel(PROFILE_TEXTS.gender);
    await expect(gender.locator('option:not([value=""])')).toHaveText([...PROFILE_TEXTS.genderOptions]);
    await expect(page.getByLabel(PROFILE_TEXTS.country).locator('option:not([value=""])')).toHaveCount(20);
    await expect(page.getByLabel(PROFILE_TEXTS.customGender)).toHaveCount(0);
    await gender.selectOption('Other');
    await expect(page.getByLabel(PROFILE_TEXTS.customGender)).toBeVisible();
    await gender.selectOption('Prefer not to say');
    await expect(page.getByLabel(PROFILE_TEXTS.customGender)).toHaveCount(0);
  });

  test("a failed save says the server's error, or 'Failed to save changes.'", async ({ page }) => {
    await signedIn(page, 'save-fails');
    await page.goto('/profile');
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: PROFILE_TEXTS.save }).click();
    await expect(page.getByText(PROFILE_TEXTS.saveFailed)).toBeVisible();
  });

  test('the delete dialog: keeps focus inside, Escape closes it, needs both the checkbox and the password', async ({ page }) => {
    const account = await signedIn(page, 'delete-dialog');
    await page.goto('/profile');
    const open = page.getByRole('button', { name: PROFILE_TEXTS.deleteAccount });
    await open.click();
    const dialog = page.getByRole('dialog', { name: PROFILE_TEXTS.deleteDialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(PROFILE_TEXTS.deleteAgree)).toBeFocused();

    // Tab and Shift+Tab stay inside.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    // Escape closes it and gives focus back.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // Without both: the warning, and no call.
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/delete-account')) calls += 1;
    });
    await open.click();
    await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirm }).click();
    await expect(dialog.getByText(PROFILE_TEXTS.deleteWarning)).toBeVisible();
    await dialog.getByLabel(PROFILE_TEXTS.deletePassword, { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirm }).click();
    await expect(dialog.getByText(PROFILE_TEXTS.deleteWarning)).toBeVisible();
    expect(calls).toBe(0);

    // A wrong password: the server's text, and the account stays.
    await dialog.getByLabel(PROFILE_TEXTS.deleteAgree).check();
    await dialog.getByLabel(PROFILE_TEXTS.deletePassword, { exact: true }).fill('Not-the-password1');
    await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirm }).click();
    await expect(dialog.getByText('The password is not correct.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    // Cancel closes it; the account is still there.
    await dialog.getByRole('button', { name: COMMON_TEXTS.cancel }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByLabel(PROFILE_TEXTS.email, { exact: true })).toHaveValue(account.email);
  });

  test("a failed deletion without the server's text says 'Failed to delete account.'", async ({ page }) => {
    const account = await signedIn(page, 'delete-fails');
    await page.route('**/api/delete-account', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto('/profile');
    await page.getByRole('button', { name: PROFILE_TEXTS.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: PROFILE_TEXTS.deleteDialogTitle });
    await dialog.getByLabel(PROFILE_TEXTS.deleteAgree).check();
    await dialog.getByLabel(PROFILE_TEXTS.deletePassword, { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirm }).click();
    await expect(dialog.getByText(PROFILE_TEXTS.deleteFailed)).toBeVisible();
  });
});
