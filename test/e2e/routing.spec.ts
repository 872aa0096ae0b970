/** Issue 2: the route table and its access rules (docs/product.md#screens-and-routes), signed out. */
import { expect, test, type Page } from '@playwright/test';
import { COMMON_TEXTS, DASHBOARD_TEXTS, RETURN_NOTICE_TEXTS } from '../../web/src/config/texts';
import { NOT_FOUND_TEXTS } from '../../web/src/app/texts';
import { LOGIN_TEXTS, SIGNUP_TEXTS, VERIFY_TEXTS } from '../../web/src/features/auth/texts';
import { LANDING_TEXTS } from '../../web/src/features/landing/texts';
import { LEGAL_TEXTS } from '../../web/src/features/legal/texts';
import { RETURN_PATH_KEY } from '../../web/src/lib/session/return-path';
import { logInByApi, newAccount, signUpVerified, type TestAccount } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { holdRequests } from './support/requests';

test.describe('routes, signed out', () => {
  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_TEXTS.title })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXTS.message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
  });

  test('/dashboard without a session ends on /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: LOGIN_TEXTS.submit })).toBeVisible();
  });

  for (const path of ['/profile', '/transcript/some-id']) {
    test(`${path} without a session ends on /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test("'Loading session' is shown while the session loads, and does not stay", async ({ page }) => {
    // Hold the session answer until the loading screen has been seen.
    const release = await holdRequests(page, '**/api/session');
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: COMMON_TEXTS.loadingSession })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(COMMON_TEXTS.loadingSession)).toHaveCount(0);
  });

  test('a signed-out visit to / shows the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(LANDING_TEXTS.tagline)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: LANDING_TEXTS.audiencesTitle })).toBeVisible();
    await expect(page.getByText(COMMON_TEXTS.loadingSession)).toHaveCount(0);
    const getStarted = page.getByRole('link', { name: LANDING_TEXTS.getStarted });
    await expect(getStarted).toHaveAttribute('href', '/signup');
  });

  test('open pages render without a session', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: LEGAL_TEXTS.termsTitle })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: LEGAL_TEXTS.privacyTitle })).toBeVisible();
  });

  test('/post-login without a session goes to /login', async ({ page }) => {
    await page.goto('/post-login');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/verify without an email goes to /signup and says the email is missing', async ({ page }) => {
    await page.goto('/verify');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText(VERIFY_TEXTS.missingEmail)).toBeVisible();
  });

  test('the landing Get Started button leads to signup, and the logo back home', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: LANDING_TEXTS.getStarted }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('button', { name: SIGNUP_TEXTS.submit })).toBeVisible();
    await page.getByRole('link', { name: /home$/ }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a signed-in page opened signed out', () => {
  const N = RETURN_NOTICE_TEXTS;
  async function logIn(page: Page, account: TestAccount) {
    await page.getByLabel(LOGIN_TEXTS.email, { exact: true }).fill(account.email);
    await page.getByLabel(LOGIN_TEXTS.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: LOGIN_TEXTS.submit }).click();
  }
  const remembered = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), RETURN_PATH_KEY);
  /** The notice offering the page back: in a polite live region (role=status). */
  const notice = (page: Page) => page.getByRole('status').filter({ hasText: N.text });

  test("is offered back on the dashboard after the login, through the usual URLs and redirects (a first login goes to /welcome); logout forgets it", async ({ page, context }) => {
    const account = newAccount('deep-link');
    await signUpVerified(page.request, account);
    await context.clearCookies();
    const link = '/transcript/abcdefgh0001?t=1500';

    // The first login: /welcome, as the product's post-login page says, whatever the link; the page is offered there and on the dashboard.
    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, account);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(notice(page).getByRole('link', { name: N.open.transcript })).toHaveAttribute('href', link);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: COMMON_TEXTS.goToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(notice(page).getByRole('link', { name: N.open.transcript })).toHaveAttribute('href', link);
    await context.clearCookies();

    // Later logins go to /dashboard, through the plain /login and /post-login; the notice's link leads to the page, query and all.
    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await logIn(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(visited).toContain('/post-login');
    expect(visited.filter((url) => url.includes('next='))).toEqual([]);
    await expect(notice(page)).toContainText(N.text);
    await notice(page).getByRole('link', { name: N.open.transcript }).click();
    await expect(page).toHaveURL(link);
    // Followed: forgotten, so the dashboard no longer offers it.
    expect(await remembered(page)).toBeNull();
    await page.goto('/dashboard');
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(N.text)).toHaveCount(0);
    // Logging out there is leaving: the next login goes to the dashboard, with nothing offered.
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(N.text)).toHaveCount(0);

    // A page remembered but not followed is forgotten by the logout.
    await context.clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    await logInByApi(page.request, account);
    await page.goto('/dashboard');
    await expect(notice(page)).toContainText(N.text);
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await remembered(page)).toBeNull();
    await logIn(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(N.text)).toHaveCount(0);
  });

  test('the notice is reached by keyboard, dismissed for good, axe-clean and fits at 390 and 1280 px', async ({ page }) => {
    await signUpVerified(page.request, newAccount('deep-link-notice'));
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dashboard');
      await page.evaluate(([key, stored]) => sessionStorage.setItem(key, stored), [RETURN_PATH_KEY, JSON.stringify({ path: '/profile', at: Date.now() })] as const);
      await page.reload();
      const link = notice(page).getByRole('link', { name: N.open.profile });
      const dismiss = notice(page).getByRole('button', { name: N.dismiss });
      await expect(link).toHaveAttribute('href', '/profile');
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = await notice(page).locator('.return-notice').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      // Right after the page's title: the first stops of the main area.
      await page.locator('main#main').focus();
      await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dismiss).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText(N.text)).toHaveCount(0);
      await expect(page.locator('main#main')).toBeFocused();
      expect(await remembered(page)).toBeNull();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
      await expect(page.getByText(N.text)).toHaveCount(0);
    }
  });

  test('a remembered value that is not a recent path of this site is not offered', async ({ page, context }) => {
    const account = newAccount('deep-link-hostile');
    await signUpVerified(page.request, account);
    // The first login goes to /welcome: done here, so that the ones below go to the dashboard.
    await page.goto('/post-login');
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole('link', { name: COMMON_TEXTS.goToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const now = Date.now();
    const values = [
      ...['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)'].map((path) => ({ path, at: now })),
      { path: '/profile', at: now - 11 * 60 * 1000 },
    ];
    for (const value of values) {
      await context.clearCookies();
      await page.goto('/login');
      await page.evaluate(([key, stored]) => sessionStorage.setItem(key, stored), [RETURN_PATH_KEY, JSON.stringify(value)] as const);
      await logIn(page, account);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(account.email)).toBeVisible();
      await expect(page.getByText(N.text)).toHaveCount(0);
    }
  });
});

test("after a keyboard user's navigation the page's main area has focus but no ring round it (nor a line across its top)", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: LOGIN_TEXTS.signupLink }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signup$/);
  const main = page.locator('main#main');
  await expect(main).toBeFocused();
  expect(await main.evaluate((node) => ({ matches: node.matches(':focus-visible'), ring: getComputedStyle(node).boxShadow, outline: getComputedStyle(node).outlineStyle }))).toEqual({ matches: true, ring: 'none', outline: 'none' });
});
