/**
 * The web app's session rules with real sessions from the local backend (accounts made through the API,
 * with the page's own request context so the cookie is the browser's). Only what the backend cannot be
 * made to do on purpose is answered by the test: a failing logout, and transcripts (their API comes later).
 */
import { expect, test } from '@playwright/test';
import { DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { SESSION_TEXTS, WELCOME_TEXTS } from '../../web/src/app/texts';
import { PROFILE_TEXTS } from '../../web/src/features/profile/texts';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';

test.describe('routes, signed in', () => {
  test('a signed-in visit to / or /login goes to /dashboard', async ({ page }) => {
    const account = newAccount('signed-in');
    await signUpVerified(page.request, account);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/post-login goes to /welcome on the first login, to /dashboard after that', async ({ page }) => {
    const account = newAccount('first-login');
    await signUpVerified(page.request, account);
    await page.goto('/post-login');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_TEXTS.greeting(account.name) })).toBeVisible();
    await page.goto('/post-login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("welcome greets 'there' without a signed-in profile", async ({ page }) => {
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_TEXTS.greeting(WELCOME_TEXTS.fallbackName) })).toBeVisible();
    await expect(page.getByText(SESSION_TEXTS.expired)).toHaveCount(0);
  });

  test('a 401 on a signed-in call shows the session-expired toast and goes to /login', async ({ page, context }) => {
    await signUpVerified(page.request, newAccount('expired'));
    await page.goto('/profile');
    await expect(page.getByLabel(PROFILE_TEXTS.name)).toBeVisible();
    // The session disappears behind the app's back; its next call gets a 401.
    await context.clearCookies();
    await page.getByRole('button', { name: PROFILE_TEXTS.save }).click();
    await expect(page.getByText(SESSION_TEXTS.expired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout clears the session even when the call fails, and says so', async ({ page }) => {
    await signUpVerified(page.request, newAccount('logout-fails'));
    await page.route('**/logout', (route) => route.fulfill({ status: 500, json: { error: 'Boom.' } }));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(`${DASHBOARD_TEXTS.logoutFailed}Boom.`)).toBeVisible();
  });

  test('logout without an answer says the generic text', async ({ page }) => {
    await signUpVerified(page.request, newAccount('logout-offline'));
    await page.route('**/logout', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(DASHBOARD_TEXTS.logoutError)).toBeVisible();
  });
});

test.describe('transcript detail (session real, transcript answered by the test)', () => {
  test("an error answer shows 'Error: ' and the server's text", async ({ page }) => {
    await signUpVerified(page.request, newAccount('detail-error'));
    await page.route('**/api/transcripts/t-2', (route) => route.fulfill({ status: 404, json: { error: 'Transcript not found.' } }));
    await page.goto('/transcript/t-2');
    await expect(page.getByRole('alert').filter({ hasText: `${TRANSCRIPTS_TEXTS.loadErrorPrefix}Transcript not found.` })).toBeVisible();
  });

  test('shows the summary as bullets and keeps line breaks', async ({ page }) => {
    await signUpVerified(page.request, newAccount('detail'));
    await page.route('**/api/transcripts/t-3', (route) =>
      route.fulfill({
        status: 200,
        json: { filename: 'meeting.mp3', status: 'complete', created_at: '2025-07-09T10:30:00Z', topic: 'Planning', summary: '- One\n- Two', text: 'Line one\nLine two' },
      }),
    );
    await page.goto('/transcript/t-3');
    await expect(page.getByRole('heading', { level: 1, name: 'meeting.mp3' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText(['One', 'Two']);
    await expect(page.getByText('Planning')).toBeVisible();
    expect(await page.getByText('Line one').evaluate((element) => (element as HTMLElement).innerText)).toBe('Line one\nLine two');
  });
});
