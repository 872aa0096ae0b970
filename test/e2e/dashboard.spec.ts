/** The dashboard frame and the Profile tab (docs/product.md#screens-and-routes, #states, #validation, #errors) against the real local backend. */
import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '../../web/src/config/texts';
import { newAccount, signUpVerified, type TestAccount } from './support/accounts';
import { FROM_SITE } from './playwright.config';
import { holdRequests } from './support/requests';

const sidebar = (page: Page) => page.getByRole('navigation', { name: TEXTS.dashboard.sidebarLabel });
const menuButton = (page: Page) => page.getByRole('button', { name: TEXTS.dashboard.sidebarToggle, exact: true });

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
    await expect(page.getByRole('status').filter({ hasText: TEXTS.common.loading })).toBeVisible();
    release();
    await expect(page.getByLabel(TEXTS.transcribe.file)).toBeVisible();
    await expect(page.getByText(TEXTS.common.loading, { exact: true })).toHaveCount(0);
  });

  test("says 'Failed to load user data.' when the profile cannot be loaded", async ({ page }) => {
    await signedIn(page, 'load-fails');
    await page.route('**/api/profile', (route) => route.fulfill({ status: 500, json: { error: 'Boom.' } }));
    await page.goto('/dashboard');
    await expect(page.getByRole('alert').filter({ hasText: TEXTS.dashboard.loadFailed })).toBeVisible();
  });

  test('the sidebar holds the five tabs and Logout; each opens its own screen', async ({ page }) => {
    await signedIn(page, 'tabs');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const nav = sidebar(page);
    await expect(nav.getByRole('link')).toHaveText(Object.values(TEXTS.dashboard.tabs));
    await expect(page.getByRole('button', { name: TEXTS.dashboard.logout, exact: true })).toBeVisible();
    for (const [tab, label] of [
      ['transcribed', TEXTS.dashboard.tabs.transcribed],
      ['projects', TEXTS.dashboard.tabs.projects],
      ['tags', TEXTS.dashboard.tabs.tags],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?tab=${tab}$`));
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.dashboard.tabs.projects })).toBeVisible();
  });

  test('collapses to icons on a wide screen, keeping the names, and remembers it', async ({ page }) => {
    await signedIn(page, 'collapse');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const profileLink = sidebar(page).getByRole('link', { name: TEXTS.dashboard.tabs.profile });
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
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.dashboard.tabs.transcribe })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await menuButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    await sidebar(page).getByRole('link', { name: TEXTS.dashboard.tabs.profile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByLabel(TEXTS.profile.name)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await menuButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    await menuButton(page).click();
    await page.getByRole('button', { name: TEXTS.dashboard.logout, exact: true }).click();
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
    const dob = page.getByLabel(TEXTS.profile.dateOfBirth);
    await expect(dob).toBeDisabled();
    await expect(dob).toHaveValue('1991-02-02');
    await expect(page.getByText(TEXTS.profile.dobLimitReached, { exact: true })).toBeVisible();

    // The other fields still save.
    await page.getByLabel(TEXTS.profile.country).selectOption('Norway');
    await page.getByRole('button', { name: TEXTS.profile.save }).click();
    await expect(page.getByText(TEXTS.profile.saved)).toBeVisible();
  });

  test('a date-of-birth change counts down to the lock', async ({ page }) => {
    await signedIn(page, 'dob-ui');
    await page.goto('/profile');
    await expect(page.getByText(TEXTS.profile.dobChangesLeft(2))).toBeVisible();
    await page.getByLabel(TEXTS.profile.dateOfBirth).fill('1985-03-04');
    await page.getByRole('button', { name: TEXTS.profile.save }).click();
    await expect(page.getByText(TEXTS.profile.dobChangesLeft(1))).toBeVisible();
    await page.getByLabel(TEXTS.profile.dateOfBirth).fill('1985-03-05');
    await page.getByRole('button', { name: TEXTS.profile.save }).click();
    await expect(page.getByLabel(TEXTS.profile.dateOfBirth)).toBeDisabled();
    await expect(page.getByText(TEXTS.profile.dobLimitReached, { exact: true })).toBeVisible();
  });

  test("the gender options, and Other's custom text", async ({ page }) => {
    await signedIn(page, 'gender');
    await page.goto('/profile');
    const gender = page.getByLabel(TEXTS.profile.gender);
    await expect(gender.locator('option:not([value=""])')).toHaveText([...TEXTS.profile.genderOptions]);
    await expect(page.getByLabel(TEXTS.profile.country).locator('option:not([value=""])')).toHaveCount(20);
    await expect(page.getByLabel(TEXTS.profile.customGender)).toHaveCount(0);
    await gender.selectOption('Other');
    await expect(page.getByLabel(TEXTS.profile.customGender)).toBeVisible();
    await gender.selectOption('Prefer not to say');
    await expect(page.getByLabel(TEXTS.profile.customGender)).toHaveCount(0);
  });

  test("a failed save says the server's error, or 'Failed to save changes.'", async ({ page }) => {
    await signedIn(page, 'save-fails');
    await page.goto('/profile');
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: TEXTS.profile.save }).click();
    await expect(page.getByText(TEXTS.profile.saveFailed)).toBeVisible();
  });

  test('the delete dialog: keeps focus inside, Escape closes it, needs both the checkbox and the password', async ({ page }) => {
    const account = await signedIn(page, 'delete-dialog');
    await page.goto('/profile');
    const open = page.getByRole('button', { name: TEXTS.profile.deleteAccount });
    await open.click();
    const dialog = page.getByRole('dialog', { name: TEXTS.profile.deleteDialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(TEXTS.profile.deleteAgree)).toBeFocused();

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
    await dialog.getByRole('button', { name: TEXTS.profile.deleteConfirm }).click();
    await expect(dialog.getByText(TEXTS.profile.deleteWarning)).toBeVisible();
    await dialog.getByLabel(TEXTS.profile.deletePassword, { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: TEXTS.profile.deleteConfirm }).click();
    await expect(dialog.getByText(TEXTS.profile.deleteWarning)).toBeVisible();
    expect(calls).toBe(0);

    // A wrong password: the server's text, and the account stays.
    await dialog.getByLabel(TEXTS.profile.deleteAgree).check();
    await dialog.getByLabel(TEXTS.profile.deletePassword, { exact: true }).fill('Not-the-password1');
    await dialog.getByRole('button', { name: TEXTS.profile.deleteConfirm }).click();
    await expect(dialog.getByText('The password is not correct.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    // Cancel closes it; the account is still there.
    await dialog.getByRole('button', { name: TEXTS.profile.deleteCancel }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByLabel(TEXTS.profile.email, { exact: true })).toHaveValue(account.email);
  });

  test("a failed deletion without the server's text says 'Failed to delete account.'", async ({ page }) => {
    const account = await signedIn(page, 'delete-fails');
    await page.route('**/api/delete-account', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto('/profile');
    await page.getByRole('button', { name: TEXTS.profile.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: TEXTS.profile.deleteDialogTitle });
    await dialog.getByLabel(TEXTS.profile.deleteAgree).check();
    await dialog.getByLabel(TEXTS.profile.deletePassword, { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: TEXTS.profile.deleteConfirm }).click();
    await expect(dialog.getByText(TEXTS.profile.deleteFailed)).toBeVisible();
  });
});
