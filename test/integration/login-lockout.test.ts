/**
 * Nobody's failures lock an owner out of a browser they have signed in from before (issue 25, point 5), on
 * the real local stack: locally every caller is 127.0.0.1, so the per-address limit (20 failures) and the
 * limit over all accounts used to block every account's correct password for 15 minutes. A successful
 * login leaves an HttpOnly device cookie; a password from that browser, for that account, is counted on
 * its own. Every 429 carries Retry-After.
 */
import { LOGIN_THROTTLE } from '../../functions/domain/constants';
import { recordFailure } from '../../functions/services/throttle';
import { Browser, checkedFetch, signedUpBrowser, uniqueEmail } from './http-client';
import { startNextWindow, useTestStack } from './local-stack';

const stack = useTestStack();
// The login limits count in fixed windows: each test's failures and the answers it checks fall in one of them.
beforeEach(() => startNextWindow(LOGIN_THROTTLE.windowSeconds));

const PASSWORD = 'Owners-Own-42';

/** An account, and a browser that has signed in to it with its password (signed out again). */
async function ownerWithKnownBrowser(): Promise<{ email: string; browser: Browser }> {
  const email = uniqueEmail('lockout');
  const browser = await signedUpBrowser(stack, email, PASSWORD);
  expect((await browser.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  expect((await browser.post('/logout')).status).toBe(200);
  return { email, browser };
}

/** The raw answer, for its headers. */
const login = (email: string, password: string, cookie = '') =>
  checkedFetch(`${stack.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: stack.url, ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ email, password }) });

it("the device cookie is HttpOnly and set at each successful login", async () => {
  const email = uniqueEmail('lockout');
  await signedUpBrowser(stack, email, PASSWORD);
  const answer = await login(email, PASSWORD);
  expect(answer.status).toBe(200);
  const device = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('device='));
  expect(device).toMatch(/HttpOnly/);
  expect(device).toMatch(/SameSite=Lax/);
});

it("20 wrong passwords from the one local address: the owner's browser still signs in; a new browser waits, told for how long", async () => {
  const { email, browser } = await ownerWithKnownBrowser();
  const { email: other } = await ownerWithKnownBrowser();
  for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) await login(uniqueEmail('nobody'), `Wrong-Pass-${i}`);
  // And the attacker's five on the owner's account itself, from the same address.
  for (let i = 0; i < LOGIN_THROTTLE.perEmail; i++) await login(email, `Wrong-Pass-${i}`);

  const stranger = await login(other, PASSWORD);
  expect(stranger.status).toBe(429);
  expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await stranger.json()) as { retry_after: number }).retry_after).toBe(Number(stranger.headers.get('retry-after')));

  expect((await browser.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  // The cookie is for the account it signed in to: it does not let another account's password through.
  expect((await browser.post('/api/login', { email: other, password: PASSWORD })).status).toBe(429);
});

it("failures over all accounts (2,000 from many addresses) block new browsers, never the owner's", async () => {
  const { email, browser } = await ownerWithKnownBrowser();
  const all = { scope: 'login-all', limit: LOGIN_THROTTLE.global, windowSeconds: LOGIN_THROTTLE.windowSeconds };
  for (let batch = 0; batch < LOGIN_THROTTLE.global / 100; batch++) await Promise.all(Array.from({ length: 100 }, () => recordFailure(all, 'all')));

  const elsewhere = await login(email, PASSWORD);
  expect(elsewhere.status).toBe(429);
  expect(elsewhere.headers.get('retry-after')).toMatch(/^\d+$/);
  expect((await browser.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
});

it("from a known browser, wrong passwords are still limited (5 a window), on that browser alone", async () => {
  const { email, browser } = await ownerWithKnownBrowser();
  const statuses = [];
  for (let i = 0; i < LOGIN_THROTTLE.perEmail + 1; i++) statuses.push((await browser.post('/api/login', { email, password: `Wrong-Pass-${i}` })).status);
  expect(statuses).toEqual([...Array(LOGIN_THROTTLE.perEmail).fill(401), 429]);
});
