/**
 * Issue 3 (Accounts), end to end in Chromium against the real local backend: e-mails are read from the
 * local outbox. The journey of the issue, then the ways forward when something goes wrong.
 */
import { expect, test, type Page } from '@playwright/test';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { WELCOME_TEXTS } from '../../web/src/app/texts';
import { FORGOT_PASSWORD_TEXTS, LOGIN_TEXTS, RESET_PASSWORD_TEXTS, SIGNUP_TEXTS, VERIFY_TEXTS } from '../../web/src/features/auth/texts';
import { PROFILE_TEXTS } from '../../web/src/features/profile/texts';
import { TRANSCRIBE_TEXTS } from '../../web/src/features/transcribe/texts';
import { PASSWORD_POLICY_TEXT } from '../../functions/domain/password-policy';
import { newAccount, signUpUnverified, signUpVerified, type TestAccount } from './support/accounts';
import { codeIn, mailsTo, RESET_SUBJECT, resetLinkIn, VERIFICATION_SUBJECT, waitForMail } from './support/mail';
import { FROM_SITE } from './playwright.config';

const sidebar = (page: Page) => page.getByRole('navigation', { name: DASHBOARD_TEXTS.sidebarLabel });

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(LOGIN_TEXTS.email, { exact: true }).fill(email);
  await page.getByLabel(LOGIN_TEXTS.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: LOGIN_TEXTS.submit }).click();
}

async function fillSignup(page: Page, account: TestAccount) {
  await page.getByLabel(SIGNUP_TEXTS.name).fill(account.name);
  await page.getByLabel(SIGNUP_TEXTS.email, { exact: true }).fill(account.email);
  await page.getByLabel(SIGNUP_TEXTS.password, { exact: true }).fill(account.password);
  await page.getByLabel(SIGNUP_TEXTS.confirmPassword).fill(account.password);
  await page.getByLabel(new RegExp(SIGNUP_TEXTS.termsPrefix)).check();
}

test.describe('accounts journey', () => {
  test('sign up, verify, welcome, dashboard, profile, logout, login, reset the password, delete the account', async ({ page }) => {
    test.setTimeout(120_000);
    const account = newAccount('journey');

    // Sign up: the policy is shown under the password; the server's answer is toasted, then /verify after 1 s.
    await page.goto('/signup');
    await fillSignup(page, account);
    await expect(page.getByText(PASSWORD_POLICY_TEXT)).toBeVisible();
    await page.getByRole('button', { name: SIGNUP_TEXTS.submit }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${account.email}.`)).toBeVisible();
    await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(account.email)}`);
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();

    // The code from the outbox; verified and signed in; first login → /welcome, greeted by name.
    const code = codeIn(await waitForMail(account.email, VERIFICATION_SUBJECT));
    // Pasted with words and separators around it, the code keeps its 6 digits and nothing else.
    await page.getByLabel(VERIFY_TEXTS.code).fill(`Code: ${code.slice(0, 3)}-${code.slice(3)} `);
    await expect(page.getByLabel(VERIFY_TEXTS.code)).toHaveValue(code);
    await page.getByRole('button', { name: VERIFY_TEXTS.submit }).click();
    await expect(page.getByText('Email verified.')).toBeVisible();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_TEXTS.greeting(account.name) })).toBeVisible();
    await page.getByRole('link', { name: COMMON_TEXTS.goToDashboard }).click();

    // The dashboard opens on Transcribe File.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TEXTS.tabs.transcribe })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs.transcribe })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel(TRANSCRIBE_TEXTS.file)).toBeVisible();

    // Profile: read-only id and e-mail; edit, save, reload: the values are kept (trimmed; Other sends the custom text).
    await sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs.profile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel(PROFILE_TEXTS.userId)).toHaveValue(/\S+/);
    await expect(page.getByLabel(PROFILE_TEXTS.userId)).not.toBeEditable();
    await expect(page.getByLabel(PROFILE_TEXTS.email, { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel(PROFILE_TEXTS.email, { exact: true })).not.toBeEditable();
    await expect(page.getByLabel(PROFILE_TEXTS.name)).toHaveValue(account.name);
    await page.getByLabel(PROFILE_TEXTS.name).fill('  Ada King  ');
    await page.getByLabel(PROFILE_TEXTS.gender).selectOption('Other');
    await page.getByLabel(PROFILE_TEXTS.customGender).fill(' Non-binary ');
    await page.getByLabel(PROFILE_TEXTS.dateOfBirth).fill('1990-05-17');
    await page.getByLabel(PROFILE_TEXTS.country).selectOption('Kenya');
    await page.getByRole('button', { name: PROFILE_TEXTS.save }).click();
    await expect(page.getByText(PROFILE_TEXTS.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(PROFILE_TEXTS.name)).toHaveValue('Ada King');
    await expect(page.getByLabel(PROFILE_TEXTS.gender)).toHaveValue('Other');
    await expect(page.getByLabel(PROFILE_TEXTS.customGender)).toHaveValue('Non-binary');
    await expect(page.getByLabel(PROFILE_TEXTS.dateOfBirth)).toHaveValue('1990-05-17');
    await expect(page.getByLabel(PROFILE_TEXTS.country)).toHaveValue('Kenya');
    await expect(page.getByText(PROFILE_TEXTS.dobChangesLeft(1))).toBeVisible();

    // Logout: back to /login, and the session is gone.
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);

    // Login: the first login is over, so /post-login goes straight to the dashboard.
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Forgot password: the same notice for everyone, and a link by e-mail.
    await page.getByRole('link', { name: LOGIN_TEXTS.forgotPassword }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const before = mailsTo(account.email).map((mail) => mail.file);
    await page.getByLabel(FORGOT_PASSWORD_TEXTS.email).fill(account.email);
    await page.getByRole('button', { name: FORGOT_PASSWORD_TEXTS.submit }).click();
    await expect(page.getByText(FORGOT_PASSWORD_TEXTS.success)).toBeVisible();
    const link = resetLinkIn(await waitForMail(account.email, RESET_SUBJECT, before));

    // Open the e-mailed link as it is; set the new password; the form goes and /login follows after 3 s.
    const newPassword = `New-${account.password}`;
    const opened = await page.goto(link);
    // The token is `<id>.<digits>`: the server must serve the app for it, not look for a file with that extension.
    expect(opened?.status(), `the e-mailed link ${link} must load the app`).toBe(200);
    await expect(page.getByText(PASSWORD_POLICY_TEXT)).toBeVisible();
    await page.getByLabel(RESET_PASSWORD_TEXTS.password, { exact: true }).fill(newPassword);
    await page.getByLabel(RESET_PASSWORD_TEXTS.confirmPassword).fill(newPassword);
    await page.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit }).click();
    await expect(page.getByText(RESET_PASSWORD_TEXTS.success)).toBeVisible();
    await expect(page.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit })).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    // The old password no longer works; the new one does.
    await logIn(page, account.email, account.password);
    await expect(page.getByRole('alert').filter({ hasText: LOGIN_TEXTS.failure })).toBeVisible();
    await logIn(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Delete the account from the Profile tab: the dialog, then 'Account deleted. Redirecting...' and /login after 2 s.
    await sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs.profile }).click();
    await page.getByRole('button', { name: PROFILE_TEXTS.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: PROFILE_TEXTS.deleteDialogTitle });
    await expect(dialog).toBeVisible();
    // A password session: the password is asked for, with no word about Google.
    await expect(dialog.getByText(PROFILE_TEXTS.deleteGoogleNote)).toHaveCount(0);
    await dialog.getByLabel(PROFILE_TEXTS.deleteAgree).check();
    await dialog.getByLabel(PROFILE_TEXTS.deletePassword, { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirm }).click();
    await expect(dialog.getByText(PROFILE_TEXTS.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    // Nothing is left to log in to.
    await logIn(page, account.email, newPassword);
    await expect(page.getByRole('alert').filter({ hasText: LOGIN_TEXTS.failure })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

/** Signs in through the local Google stand-in as `email` (the stand-in asks every time). */
async function signInWithGoogle(page: Page, email: string, name = '') {
  await page.goto('/login');
  await page.getByRole('link', { name: LOGIN_TEXTS.google }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (name) await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('accounts made by Google sign-in', () => {
  test('a sign-in at the stand-in for Google confirms nothing: deleting asks for a password set with "Forgot Password?"; the e-mail then signs in as a new account', async ({ page }) => {
    const email = `google-delete-${Date.now()}@example.com`;
    await signInWithGoogle(page, email, 'Grace Hopper');
    await expect(page).toHaveURL(/\/welcome$/);
    const first = await (await page.request.get('/api/session')).json();
    expect(first).toMatchObject({ email, sign_in_method: 'google-stand-in' });
    await page.getByRole('link', { name: COMMON_TEXTS.goToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs.profile }).click();
    await page.getByRole('button', { name: PROFILE_TEXTS.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: PROFILE_TEXTS.deleteDialogTitle });
    await expect(dialog.getByText(PROFILE_TEXTS.deleteStandInNote)).toBeVisible();
    await expect(dialog.getByText(PROFILE_TEXTS.deleteGoogleNote)).toHaveCount(0);
    await dialog.getByLabel(PROFILE_TEXTS.deleteAgree).check();
    await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirm }).click();
    await expect(dialog.getByText(PROFILE_TEXTS.deleteWarning)).toBeVisible();

    // The way forward the note gives: a password through "Forgot Password?".
    const before = mailsTo(email).map((mail) => mail.file);
    expect((await page.request.post('/api/forgot-password', { data: { email }, headers: FROM_SITE })).status()).toBe(200);
    const link = resetLinkIn(await waitForMail(email, RESET_SUBJECT, before));
    expect((await page.request.post('/api/reset-password', { data: { token: link.split('/reset-password/')[1], password: 'Grace-Pass-42' }, headers: FROM_SITE })).status()).toBe(200);
    // Setting a password ends every session: signed in again with it, the owner deletes the account.
    await page.context().clearCookies();
    await page.goto('/login');
    await logIn(page, email, 'Grace-Pass-42');
    await expect(page).toHaveURL(/\/dashboard$/);
    await sidebar(page).getByRole('link', { name: DASHBOARD_TEXTS.tabs.profile }).click();
    await page.getByRole('button', { name: PROFILE_TEXTS.deleteAccount }).click();
    await expect(dialog.getByText(PROFILE_TEXTS.deleteStandInNote)).toHaveCount(0);
    await dialog.getByLabel(PROFILE_TEXTS.deleteAgree).check();
    await dialog.getByLabel(PROFILE_TEXTS.deletePassword, { exact: true }).fill('Grace-Pass-42');
    await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirm }).click();
    await expect(dialog.getByText(PROFILE_TEXTS.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
    expect((await page.request.get('/api/session')).status()).toBe(401);

    // The same Google e-mail again: a new account (a first login, so /welcome; a new id), not the deleted one.
    await signInWithGoogle(page, email, 'Grace Again');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_TEXTS.greeting('Grace Again') })).toBeVisible();
    const second = await (await page.request.get('/api/session')).json();
    expect(second).toMatchObject({ email, sign_in_method: 'google-stand-in' });
    expect(second.user).not.toBe(first.user);
  });
});

test.describe('accounts: the way forward when something goes wrong', () => {
  test("a wrong code shows 'Invalid or expired code.'", async ({ page }) => {
    const account = newAccount('wrong-code');
    // From the page's own browser, which a code must come from: the wrong one is refused for being wrong.
    await signUpUnverified(page.request, account);
    const right = codeIn(await waitForMail(account.email, VERIFICATION_SUBJECT));
    const wrong = right === '000000' ? '111111' : '000000';
    await page.goto(`/verify?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(VERIFY_TEXTS.code).fill(wrong);
    await page.getByRole('button', { name: VERIFY_TEXTS.submit }).click();
    await expect(page.getByText(VERIFY_TEXTS.failure)).toBeVisible();
    await expect(page).toHaveURL(/\/verify\?email=/);
    // The right one, in the same browser, then goes through.
    await page.getByLabel(VERIFY_TEXTS.code).fill(right);
    await page.getByRole('button', { name: VERIFY_TEXTS.submit }).click();
    await expect(page).not.toHaveURL(/\/verify\?email=/);
  });

  test('"Send a new code" right after signing up counts down the wait the server gives, says why, then offers it again', async ({ page, request }) => {
    const account = newAccount('resend');
    await signUpUnverified(request, account);
    await page.clock.install();
    await page.goto(`/verify?email=${encodeURIComponent(account.email)}`);
    await page.getByRole('button', { name: VERIFY_TEXTS.resend }).click();
    // Within 60 s of the sign-up's code: the server answers 429 with retry_after, counted down on the button.
    const waiting = page.getByRole('button', { name: /^Send a new code in \d+ s$/ });
    await expect(waiting).toBeDisabled();
    const seconds = Number(/in (\d+) s/.exec((await waiting.textContent()) ?? '')![1]);
    expect(seconds).toBeGreaterThan(40);
    expect(seconds).toBeLessThanOrEqual(60);
    // A line says why, counting down with the button; screen readers hear it once (a polite status), not every second.
    const why = page.locator('.auth__resend-why');
    await expect(why).toHaveText(VERIFY_TEXTS.resendWhy.justSent(seconds));
    const status = page.getByRole('status').filter({ hasText: VERIFY_TEXTS.resendWhy.justSent(seconds) });
    await expect(status).toHaveCount(1);
    await page.clock.runFor(2000);
    await expect(page.getByRole('button', { name: VERIFY_TEXTS.resendIn(seconds - 2) })).toBeDisabled();
    await expect(why).toHaveText(VERIFY_TEXTS.resendWhy.justSent(seconds - 2));
    await expect(status).toHaveText(VERIFY_TEXTS.resendWhy.justSent(seconds));
    await page.clock.runFor(seconds * 1000);
    await expect(page.getByRole('button', { name: VERIFY_TEXTS.resend })).toBeEnabled();
    await expect(why).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: VERIFY_TEXTS.resendWhy.justSent(seconds) })).toHaveCount(0);
  });

  test('every password field has a show/hide toggle button (aria-pressed), usable by keyboard', async ({ page }) => {
    const fields: Record<string, number> = { '/login': 1, '/signup': 2, '/reset-password/abc.1': 2 };
    for (const [path, count] of Object.entries(fields)) {
      await page.goto(path);
      const toggles = page.getByRole('button', { name: COMMON_TEXTS.showPassword });
      await expect(toggles).toHaveCount(count);
      for (let i = 0; i < count; i++) {
        const toggle = toggles.nth(i);
        const input = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
        await input.fill('Secret-42');
        await expect(input).toHaveAttribute('type', 'password');
        await expect(toggle).toHaveAttribute('aria-pressed', 'false');
        await toggle.focus();
        await page.keyboard.press('Space');
        await expect(input).toHaveAttribute('type', 'text');
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        await expect(input).toHaveValue('Secret-42');
        await toggle.click();
        await expect(input).toHaveAttribute('type', 'password');
      }
    }
  });

  test('a code shorter than 6 digits is refused before any call', async ({ page }) => {
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/verify-code')) calls += 1;
    });
    await page.goto('/verify?email=someone%40example.com');
    await page.getByLabel(VERIFY_TEXTS.code).fill('12345');
    await page.getByRole('button', { name: VERIFY_TEXTS.submit }).click();
    await expect(page.getByText(VERIFY_TEXTS.invalidCode)).toBeVisible();
    expect(calls).toBe(0);
  });

  test('signing up again with a taken e-mail looks like any sign-up, and the owner is told by e-mail', async ({ page, request }) => {
    const account = newAccount('duplicate');
    await signUpVerified(request, account);
    await page.goto('/signup');
    await fillSignup(page, { ...account, name: 'Someone Else' });
    await page.getByRole('button', { name: SIGNUP_TEXTS.submit }).click();
    await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(account.email)}`);
    await waitForMail(account.email, /tried to sign up/);
  });

  test('a weak password is refused with the policy sentence', async ({ page }) => {
    const account = { ...newAccount('weak'), password: 'weakpass' };
    await page.goto('/signup');
    await fillSignup(page, account);
    await page.getByRole('button', { name: SIGNUP_TEXTS.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: PASSWORD_POLICY_TEXT })).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('logging in before verifying reads like any failed login and offers the way forward to the code screen', async ({ page, request }) => {
    const account = newAccount('unconfirmed');
    await signUpUnverified(request, account);
    await page.goto('/login');
    await logIn(page, account.email, account.password);
    const alert = page.getByRole('alert').filter({ hasText: LOGIN_TEXTS.failure });
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: LOGIN_TEXTS.verifyLink }).click();
    await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(account.email)}`);
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();

    // And the code from the outbox finishes it.
    await page.getByLabel(VERIFY_TEXTS.code).fill(codeIn(await waitForMail(account.email, VERIFICATION_SUBJECT)));
    await page.getByRole('button', { name: VERIFY_TEXTS.submit }).click();
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('a wrong password or an unknown e-mail read the same', async ({ page, request }) => {
    const account = newAccount('wrong-password');
    await signUpVerified(request, account);
    await page.goto('/login');
    await logIn(page, account.email, 'Not-the-password1');
    await expect(page.getByRole('alert').filter({ hasText: LOGIN_TEXTS.failure })).toBeVisible();
    await page.reload();
    await logIn(page, `nobody-${account.email}`, account.password);
    await expect(page.getByRole('alert').filter({ hasText: LOGIN_TEXTS.failure })).toBeVisible();
  });

  test('forgot password answers the same for an unknown e-mail', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel(FORGOT_PASSWORD_TEXTS.email).fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: FORGOT_PASSWORD_TEXTS.submit }).click();
    await expect(page.getByText(FORGOT_PASSWORD_TEXTS.success)).toBeVisible();
    await expect(page.getByRole('link', { name: FORGOT_PASSWORD_TEXTS.backToLogin })).toHaveAttribute('href', '/login');
  });

  test("reset password: a mismatch makes no call; a bad token gets 'Invalid or expired token. Please try again.'", async ({ page }) => {
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/reset-password')) calls += 1;
    });
    await page.goto('/reset-password/not-a-real-token');
    await page.getByLabel(RESET_PASSWORD_TEXTS.password, { exact: true }).fill('Another-pass1');
    await page.getByLabel(RESET_PASSWORD_TEXTS.confirmPassword).fill('Another-pass2');
    await page.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit }).click();
    await expect(page.getByText(RESET_PASSWORD_TEXTS.mismatch)).toBeVisible();
    expect(calls).toBe(0);

    await page.getByLabel(RESET_PASSWORD_TEXTS.confirmPassword).fill('Another-pass1');
    await page.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit }).click();
    await expect(page.getByText(RESET_PASSWORD_TEXTS.failure)).toBeVisible();
    expect(calls).toBe(1);
    await expect(page.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit })).toBeVisible();
  });
});
