/** Accounts for e2e tests, made through the real API (the page's own request context, so cookies are shared). */
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { codeIn, VERIFICATION_SUBJECT, waitForMail } from './mail';
import { FROM_SITE } from '../playwright.config';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A fresh account's details: a unique e-mail, a password that meets the policy. */
export function newAccount(label: string, name = 'Ada Lovelace'): TestAccount {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return { name, email: `${label}-${id}@example.com`, password: `Secret-${id}A1` };
}

/** Signs up through the API without verifying: the account exists, unconfirmed. */
export async function signUpUnverified(request: APIRequestContext, account: TestAccount): Promise<void> {
  const answer = await request.post('/signup', { data: { name: account.name, email: account.email, password: account.password }, headers: FROM_SITE });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * Signs up and verifies through the API. With `page.request`, the verify answer's session cookie lands
 * in the browser context: the page is then signed in (first login still pending).
 */
export async function signUpVerified(request: APIRequestContext, account: TestAccount): Promise<void> {
  await signUpUnverified(request, account);
  const code = codeIn(await waitForMail(account.email, VERIFICATION_SUBJECT));
  const answer = await request.post('/verify-code', { data: { email: account.email, code }, headers: FROM_SITE });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Logs in through the API (the cookie lands in the context of `request`). */
export async function logInByApi(request: APIRequestContext, account: TestAccount): Promise<void> {
  const answer = await request.post('/api/login', { data: { email: account.email, password: account.password }, headers: FROM_SITE });
  expect(answer.status(), await answer.text()).toBe(200);
}
