/**
 * Every page of the app for checks that go over them all (issue 15): the public ones, and the signed-in
 * ones with data (an account with one finished transcript and a read-only link to it).
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { COMMON_TEXTS } from '../../../web/src/config/texts';
import { newAccount, signUpVerified } from './accounts';
import { spokenWavBase64, transcribeFromPage } from './transcripts';
import { FROM_SITE } from '../playwright.config';

export const PUBLIC_PAGES = ['/', '/login', '/signup', '/forgot-password', '/reset-password/abc.1', '/verify?email=ada%40example.com', '/terms', '/privacy', '/no-such-page', '/s/no-such-link'];
const SIGNED_IN_PAGES = ['/welcome', '/dashboard', '/dashboard?tab=transcribed', '/dashboard?tab=projects', '/dashboard?tab=tags', '/profile'];

export interface SignedInPages {
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  paths: string[];
}

/** Signs up, transcribes the spoken fixture and shares it: the signed-in pages, with the session to open them. */
export async function prepareSignedInPages(browser: Browser): Promise<SignedInPages> {
  const wavBase64 = await spokenWavBase64('pages');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpVerified(page.request, newAccount('pages'));
  await page.goto('/dashboard');
  const transcript = await transcribeFromPage(page, wavBase64, { diarization: 'true' }, 'Every page.wav');
  const share = await page.request.post(`/api/transcripts/${transcript.id}/share`, { data: { expires_in_days: 7, include_audio: true }, headers: FROM_SITE });
  expect(share.status()).toBe(201);
  const { token } = (await share.json()) as { token: string };
  const storageState = await context.storageState();
  await context.close();
  return { storageState, paths: [...SIGNED_IN_PAGES, `/transcript/${transcript.id}`, `/s/${token}`] };
}

/** Opens a page and waits until it has left its loading state. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByText(COMMON_TEXTS.loadingSession)).toHaveCount(0);
  await expect(page.getByText(COMMON_TEXTS.loading, { exact: true })).toHaveCount(0);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
}
