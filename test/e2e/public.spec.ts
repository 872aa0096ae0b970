/**
 * Public pages and Google sign-in (issue 6) in Chromium against the real local app: the landing page's
 * texts and links (docs/product.md#screens-and-routes), the facts of the terms and privacy texts (section 1), keyboard
 * use, and signing in through the local Google stand-in, including a cancelled sign-in.
 */
import { expect, test, type Page } from '@playwright/test';
import { BRAND, COMMON_TEXTS, DASHBOARD_TEXTS, RETURN_NOTICE_TEXTS } from '../../web/src/config/texts';
import { WELCOME_TEXTS } from '../../web/src/app/texts';
import { GOOGLE_TEXTS, LOGIN_TEXTS } from '../../web/src/features/auth/texts';
import { LANDING_TEXTS } from '../../web/src/features/landing/texts';
import { LEGAL_TEXTS } from '../../web/src/features/legal/texts';
import { LEGAL_FACTS } from '../../web/src/features/legal/documents';
import { newAccount, signUpVerified } from './support/accounts';
import { FROM_SITE } from './playwright.config';

const L = LANDING_TEXTS;

test.describe('landing page', () => {
  test('hero, audiences, features, testimonials, sign-up and contact, in that order', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section.hero');
    await expect(hero.getByRole('link', { name: `${BRAND.name} ${COMMON_TEXTS.logoLabel}` })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
    await expect(hero.getByText(L.tagline, { exact: true })).toBeVisible();
    await expect(hero.getByRole('link', { name: L.getStarted })).toHaveAttribute('href', '/signup');

    const audiences = page.getByRole('region', { name: L.audiencesTitle });
    await expect(audiences.getByRole('heading', { level: 3 })).toHaveText(['Doctors', 'Nurses', 'Lawyers', 'Students', 'Podcasters', 'Journalists']);
    for (const audience of L.audiences) await expect(audiences.getByText(audience.description, { exact: true })).toBeVisible();
    expect(L.audiences.map((audience) => audience.description)).toEqual([
      'Medical notes and patient interviews',
      'Clinical observations',
      'Depositions and interviews',
      'Lectures and study sessions',
      'Episodes and interviews',
      'Interviews and field notes',
    ]);

    const features = page.getByRole('region', { name: L.featuresTitle });
    await expect(features.getByRole('heading', { level: 3 })).toHaveText([
      'AI-powered transcription',
      'Crystal-clear transcriptions',
      'Multilingual support',
      'GPT smart summaries',
      'Project organization',
    ]);
    await expect(features.getByText(/over 40 languages/)).toBeVisible();
    await expect(features.getByText(/tags/)).toBeVisible();
    await expect(features.getByText(/folders/)).toBeVisible();

    const testimonials = page.getByRole('region', { name: L.testimonialsTitle });
    await expect(testimonials.locator('blockquote')).toHaveCount(3);

    const signUpFree = page.getByRole('link', { name: L.signUpFree });
    await expect(signUpFree).toHaveAttribute('href', '/signup');
    await expect(page.getByText(/no credit card required/i).first()).toBeVisible();

    const contact = page.getByRole('region', { name: L.contactTitle });
    await expect(contact.getByRole('link', { name: BRAND.contactEmail, exact: true })).toHaveAttribute('href', `mailto:${BRAND.contactEmail}`);
    await expect(contact.getByRole('link', { name: BRAND.socialHandle, exact: true })).toHaveAttribute('href', BRAND.socialUrl);

    const footer = page.getByRole('navigation', { name: COMMON_TEXTS.footerNavigation });
    await expect(footer.getByRole('link', { name: BRAND.socialHandle, exact: true })).toHaveAttribute('href', BRAND.socialUrl);
    await expect(footer.getByRole('link', { name: BRAND.contactEmail, exact: true })).toHaveAttribute('href', `mailto:${BRAND.contactEmail}`);
    await expect(footer.getByRole('link', { name: COMMON_TEXTS.footerPrivacy })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: COMMON_TEXTS.footerTerms })).toHaveAttribute('href', '/terms');

    await signUpFree.click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goto('/');
    await footer.getByRole('link', { name: COMMON_TEXTS.footerTerms }).click();
    await expect(page.getByRole('heading', { level: 1, name: LEGAL_TEXTS.termsTitle })).toBeVisible();
  });

  test('is usable by keyboard: skip link, one h1, and Get Started reached by Tab', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: COMMON_TEXTS.skipToContent })).toBeFocused();
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.getByRole('link', { name: L.getStarted }).evaluate((link) => link === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a signed-in visitor is sent to /dashboard', async ({ page }) => {
    await signUpVerified(page.request, newAccount('landing-signed-in'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('legal texts', () => {
  test('the terms state every promised fact: age, HIPAA, outside services, retention, law and liability', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: LEGAL_TEXTS.termsTitle })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(`Last updated: ${LEGAL_FACTS.lastUpdated}`)).toBeVisible();
    for (const fact of [
      `at least ${LEGAL_FACTS.minimumAge} years old`,
      'not covered by the U.S. Health Insurance Portability and Accountability Act (HIPAA)',
      'business associate agreement (BAA)',
      'a speech-to-text transcription service, an AI summary service',
      'a translation service',
      'Your files are kept until you delete them',
      'access to them is restricted to the account that uploaded them',
      'infringes your copyright',
      `governed by the laws of ${BRAND.country}`,
      `The courts of ${BRAND.capital}, ${BRAND.country}, have exclusive jurisdiction`,
      `the amounts you paid us for the Service in the ${LEGAL_FACTS.liabilityMonths} months before`,
    ]) {
      await expect(main.getByText(fact, { exact: false }).first()).toBeVisible();
    }
    await expect(main.getByRole('link', { name: BRAND.contactEmail, exact: true }).first()).toHaveAttribute('href', `mailto:${BRAND.contactEmail}`);
    // The contents lead to their sections.
    await main.getByRole('navigation').getByRole('link', { name: 'Limitation of liability' }).click();
    await expect(page).toHaveURL(/\/terms#liability$/);
    await expect(page.getByRole('heading', { level: 2, name: '11. Limitation of liability' })).toBeInViewport();
  });

  test('the privacy policy states the rights, providers, retention and access facts', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: LEGAL_TEXTS.privacyTitle })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(`Last updated: ${LEGAL_FACTS.lastUpdated}`)).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: /Your rights under the GDPR/ })).toBeVisible();
    for (const fact of [
      'access the personal data we hold about you',
      'have your data erased',
      'lodge a complaint with a data protection supervisory authority',
      'a speech-to-text transcription service',
      'an AI summary service',
      'a translation service, which translates transcripts',
      'Your files are kept until you delete them',
      'restricted to the account that uploaded them',
      `not meant for children under ${LEGAL_FACTS.minimumAge}`,
      'not covered by the U.S. Health Insurance Portability and Accountability Act (HIPAA)',
      `The laws of ${BRAND.country} apply`,
    ]) {
      await expect(main.getByText(fact, { exact: false }).first()).toBeVisible();
    }
  });
});

/** Clicks 'Continue with Google' on /login and lands on the local stand-in's sign-in form. */
async function openGoogleStandIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: LOGIN_TEXTS.google }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with Google' })).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(new URL(test.info().project.use.baseURL!).port);
}

test.describe('Google sign-in with the local stand-in', () => {
  test('a new person signs in, is welcomed by name, and reaches the dashboard; signing in again finds the same account', async ({ page }) => {
    const email = `google-${Date.now()}@example.com`;
    await openGoogleStandIn(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_TEXTS.greeting('Grace Hopper') })).toBeVisible();
    await page.getByRole('link', { name: COMMON_TEXTS.goToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(email)).toBeVisible();

    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await openGoogleStandIn(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Not a first login any more: straight to the dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a signed-in page opened signed out is offered back after a Google sign-in, and after a cancelled one tried again, through the usual URLs and redirects", async ({ page }) => {
    const email = `google-next-${Date.now()}@example.com`;
    const link = '/transcript/abcdefgh0002?t=2500';
    const google = page.getByRole('link', { name: LOGIN_TEXTS.google });
    // The first sign-in is a first login: /welcome, as the product's post-login page says, whatever the link.
    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    await expect(google).toHaveAttribute('href', /\/login\/google$/);
    await google.click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole('link', { name: COMMON_TEXTS.goToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: DASHBOARD_TEXTS.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    // Cancelled at the provider: back on /login; the tab still remembers the page for another try.
    await google.click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\?error=google_denied$/);
    await google.click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    const callback = page.waitForResponse((response) => new URL(response.url()).pathname === '/login/google/callback');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The server's redirect is the product's plain /post-login, and its redirect the product's /dashboard; the page comes from the tab, offered in a notice.
    expect((await callback).headers().location).toBe('/post-login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('status').getByRole('link', { name: RETURN_NOTICE_TEXTS.open.transcript }).click();
    await expect(page).toHaveURL(link);
  });

  test('signs into the existing password account with the same e-mail', async ({ page }) => {
    const account = newAccount('google-link', 'Ada Lovelace');
    await signUpVerified(page.request, account);
    await page.request.post('/logout', { headers: FROM_SITE });
    await openGoogleStandIn(page);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/(welcome|dashboard)$/);
    const session = await (await page.request.get('/api/session')).json();
    expect(session.email).toBe(account.email);
  });

  test('cancelling at the provider comes back to /login with a clear message', async ({ page }) => {
    await openGoogleStandIn(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\?error=google_denied$/);
    await expect(page.getByRole('alert').filter({ hasText: GOOGLE_TEXTS.errors.google_denied })).toBeVisible();
    await expect(page.getByRole('link', { name: LOGIN_TEXTS.google })).toBeVisible();
  });

  test('a tampered or stale sign-in is refused with its message', async ({ page }) => {
    await page.goto('/login/google/callback?code=forged&state=forged');
    await expect(page).toHaveURL(/\/login\?error=google_state$/);
    await expect(page.getByRole('alert').filter({ hasText: GOOGLE_TEXTS.errors.google_state })).toBeVisible();
  });

  test('where Google is not configured, the button says so and is disabled', async ({ page }) => {
    await page.goto('/login?error=google_unavailable');
    await expect(page.getByRole('alert').filter({ hasText: GOOGLE_TEXTS.errors.google_unavailable })).toBeVisible();
    await expect(page.getByRole('button', { name: GOOGLE_TEXTS.notConfigured })).toBeDisabled();
  });
});
