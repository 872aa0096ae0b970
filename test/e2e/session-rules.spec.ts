/**
 * The web app's session rules with a signed-in session. No login route exists yet, so the browser's
 * calls to the API are answered by the test (page.route): this checks the web app's own behaviour.
 */
import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '../../web/src/config/texts';

const SESSION = { email: 'ada@example.com', user: 'user-1' };

async function signedIn(page: Page, extra: Record<string, unknown> = {}) {
  await page.route('**/api/session', (route) => route.fulfill({ status: 200, json: { ...SESSION, ...extra } }));
}

test.describe('routes, signed in (session answered by the test)', () => {
  test('a signed-in visit to / or /login goes to /dashboard', async ({ page }) => {
    await signedIn(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.dashboard.title })).toBeVisible();
    await expect(page.getByText(SESSION.email)).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/post-login goes to /welcome on first login', async ({ page }) => {
    await signedIn(page, { first_login: true });
    await page.route('**/api/profile', (route) => route.fulfill({ status: 200, json: { userId: 'user-1', email: SESSION.email, name: 'Ada' } }));
    await page.goto('/post-login');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.welcome.greeting('Ada') })).toBeVisible();
    await page.getByRole('link', { name: TEXTS.welcome.goToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/post-login goes to /dashboard otherwise', async ({ page }) => {
    await signedIn(page, { first_login: false });
    await page.goto('/post-login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("welcome greets 'there' when the profile has no name", async ({ page }) => {
    await page.route('**/api/profile', (route) => route.fulfill({ status: 404, json: { error: 'Not found.' } }));
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.welcome.greeting(TEXTS.welcome.fallbackName) })).toBeVisible();
  });

  test('a 401 on a signed-in call shows the session-expired toast and goes to /login', async ({ page }) => {
    await signedIn(page);
    await page.route('**/api/transcripts/t-1', (route) => route.fulfill({ status: 401, json: { error: 'Not signed in.' } }));
    await page.goto('/transcript/t-1');
    await expect(page.getByText(TEXTS.session.expired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('transcript detail shows the SPEC error text', async ({ page }) => {
    await signedIn(page);
    await page.route('**/api/transcripts/t-2', (route) => route.fulfill({ status: 404, json: { error: 'Transcript not found.' } }));
    await page.goto('/transcript/t-2');
    await expect(page.getByRole('alert').filter({ hasText: `${TEXTS.transcripts.loadErrorPrefix}Transcript not found.` })).toBeVisible();
  });

  test('transcript detail shows the summary as bullets and keeps line breaks', async ({ page }) => {
    await signedIn(page);
    await page.route('**/api/transcripts/t-3', (route) =>
      route.fulfill({
        status: 200,
        json: { filename: 'meeting.mp3', status: 'complete', created_at: '2025-07-09T10:30:00Z', topic: 'Planning', summary: '- One\n- Two', text: 'Line one\nLine two' },
      }),
    );
    await page.goto('/transcript/t-3');
    await expect(page.getByRole('heading', { level: 1, name: 'meeting.mp3' })).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveText(['One', 'Two']);
    await expect(page.getByText('Planning')).toBeVisible();
    expect(await page.getByText('Line one').evaluate((element) => (element as HTMLElement).innerText)).toBe('Line one\nLine two');
  });

  test('logout clears the session even when the call fails, and says so', async ({ page }) => {
    await signedIn(page);
    await page.route('**/logout', (route) => route.fulfill({ status: 500, json: { error: 'Boom.' } }));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: TEXTS.dashboard.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(`${TEXTS.dashboard.logoutFailed}Boom.`)).toBeVisible();
  });
});
