/**
 * Google sign-in end to end on the real local stack: the app's /login/google and callback against the
 * local OpenID stand-in (oidc-provider, in its own process), driven with fetch and the stand-in's own
 * form as a browser would: redirects followed by hand, one cookie jar for 127.0.0.1 (cookies ignore ports).
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { db } from '../../functions/data/db';
import { GOOGLE_CALLBACK_PATH, GOOGLE_ERROR_CODES, GOOGLE_FLOW_COOKIE, GOOGLE_THROTTLE } from '../../functions/domain/google-sign-in';
import { cognitoClient, s3Client } from '../../functions/platform/aws-clients';
import { setting } from '../../functions/platform/config';
import { transcribeOutputKey } from '../../functions/storage/media-store';
import { engineFilesPrefix } from '../../functions/storage/user-data';
import { pkceChallenge } from '../../functions/services/accounts/google-oauth';
import { Browser, checkedFetch, codeIn, latestMail, uniqueEmail, userIdOf } from './http-client';
import { startNextWindow, storedKeys, useTestStack } from './local-stack';

// Only example.com addresses may sign in through the stand-in (a stranger's address is refused there).
const stack = useTestStack({ googleAccounts: ['*@example.com', 'guest@elsewhere.org'] });

const newEmail = () => uniqueEmail('google');

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/** A browser for one host: a cookie jar with paths, and redirects followed one step at a time. */
class Jar {
  cookies: Cookie[] = [];

  header(url: URL): string {
    return this.cookies
      .filter((cookie) => url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? '/';
      const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute) || /^expires=Thu, 01 Jan 1970/i.test(attribute));
      this.cookies = this.cookies.filter((cookie) => !(cookie.name === name && cookie.path === path));
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  get(name: string): string | undefined {
    return this.cookies.find((cookie) => cookie.name === name)?.value;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = this.header(target);
    const res = await checkedFetch(target.toString(), { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    this.store(res);
    return res;
  }

  /** Follows redirects until an answer that is not one, or until the next URL is the app's callback. */
  async follow(url: string, init: RequestInit = {}, stopAtCallback = false): Promise<{ url: string; res: Response }> {
    let current = url;
    let res = await this.fetch(current, init);
    for (let hop = 0; hop < 10 && res.status >= 300 && res.status < 400; hop++) {
      current = new URL(res.headers.get('location')!, current).toString();
      if (stopAtCallback && new URL(current).pathname === GOOGLE_CALLBACK_PATH) return { url: current, res };
      res = await this.fetch(current);
    }
    return { url: current, res };
  }
}

/** Starts at /login/google and stops on the stand-in's sign-in form; answers the form's action and the authorize URL. */
async function openSignInForm(jar: Jar): Promise<{ formUrl: string; authorizeUrl: string; html: string }> {
  const start = await jar.fetch(`${stack.url}/login/google`);
  expect(start.status).toBe(302);
  const authorizeUrl = start.headers.get('location')!;
  const { url, res } = await jar.follow(authorizeUrl);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('Sign in with Google');
  return { formUrl: url, authorizeUrl, html };
}

/** Submits the stand-in's form (or cancels it) and stops where the provider sends the browser back to the app. */
async function submitForm(jar: Jar, formUrl: string, fields: { email?: string; name?: string; verified?: boolean; cancel?: boolean }): Promise<string> {
  const body = new URLSearchParams({ email: fields.email ?? '', name: fields.name ?? '' });
  if (fields.verified ?? true) body.set('email_verified', 'true');
  const action = `${formUrl}/${fields.cancel ? 'abort' : 'login'}`;
  const { url } = await jar.follow(action, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, true);
  expect(new URL(url).pathname).toBe(GOOGLE_CALLBACK_PATH);
  return url;
}

/** The whole sign-in; answers where the app sent the browser and a Browser holding the session cookie. */
async function signInWithGoogle(fields: { email: string; name?: string; verified?: boolean }, jar = new Jar()): Promise<{ location: string; browser: Browser; jar: Jar }> {
  const { formUrl } = await openSignInForm(jar);
  const callback = await submitForm(jar, formUrl, fields);
  const res = await jar.fetch(callback);
  expect(res.status).toBe(302);
  const browser = new Browser(stack.url);
  const sid = jar.get('sid');
  if (sid) browser.useCookie(`sid=${sid}`);
  return { location: res.headers.get('location')!, browser, jar };
}

describe('GET /login/google', () => {
  it('redirects to the provider with the code flow, PKCE S256, state and nonce, bound to the browser by a short-lived cookie', async () => {
    const jar = new Jar();
    const start = await jar.fetch(`${stack.url}/login/google`);
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location')!);
    expect(`${location.origin}`).toBe(stack.endpoints.google);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: expect.any(String),
      redirect_uri: `${stack.url}${GOOGLE_CALLBACK_PATH}`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const setCookie = start.headers.getSetCookie().find((line) => line.startsWith(`${GOOGLE_FLOW_COOKIE}=`))!;
    expect(setCookie).toMatch(/; Path=\/login\/google; HttpOnly; SameSite=Lax; Max-Age=600$/);
    const [state, verifier, nonce] = jar.get(GOOGLE_FLOW_COOKIE)!.split('.');
    expect(params.state).toBe(state);
    expect(params.nonce).toBe(nonce);
    expect(params.code_challenge).toBe(pkceChallenge(verifier!));
    // A fresh attempt each time.
    const again = await new Jar().fetch(`${stack.url}/login/google`);
    expect(new URL(again.headers.get('location')!).searchParams.get('state')).not.toBe(state);
  });

  it('uses the origin the browser is on (localhost or 127.0.0.1) for the redirect URI', async () => {
    const localhostUrl = stack.url.replace('127.0.0.1', 'localhost');
    const start = await checkedFetch(`${localhostUrl}/login/google`, { redirect: 'manual' });
    expect(new URL(start.headers.get('location')!).searchParams.get('redirect_uri')).toBe(`${localhostUrl}${GOOGLE_CALLBACK_PATH}`);
  });
});

describe('the callback', () => {
  it('signs a new person in: account created from the verified e-mail and name, first login, then /post-login', async () => {
    const email = newEmail();
    const { location, browser, jar } = await signInWithGoogle({ email: email.toUpperCase(), name: 'Grace Hopper' });
    expect(location).toBe('/post-login');
    expect(jar.get(GOOGLE_FLOW_COOKIE)).toBeUndefined();
    const session = await browser.get('/api/session');
    expect(session).toMatchObject({ status: 200, body: { email, first_login: true } });
    expect((await browser.get('/api/profile')).body).toMatchObject({ email, name: 'Grace Hopper' });

    // One Cognito user for the e-mail, verified, the same id as the session's.
    const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: setting('USER_POOL_ID'), Username: email }));
    const attribute = (name: string) => user.UserAttributes?.find((item) => item.Name === name)?.Value;
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(attribute('email_verified')).toBe('true');
    expect(attribute('sub')).toBe(session.body.user);

    // The same person again: the same account, no longer a first login.
    const again = await signInWithGoogle({ email, name: 'Grace Hopper' });
    expect(again.location).toBe('/post-login');
    expect((await again.browser.get('/api/session')).body).toMatchObject({ email, user: session.body.user, first_login: false });
  });

  it('signs into the existing password account with the same e-mail', async () => {
    const email = newEmail();
    const password = new Browser(stack.url);
    expect((await password.post('/signup', { name: 'Ada Lovelace', email, password: 'Sunny-Day-42' })).status).toBe(200);
    const verified = await password.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) });
    expect(verified.status).toBe(200);
    const userId = await userIdOf(password);

    const { location, browser } = await signInWithGoogle({ email, name: 'Someone Else' });
    expect(location).toBe('/post-login');
    expect((await browser.get('/api/session')).body).toMatchObject({ email, user: userId });
    // The account keeps its own name, and its password still works.
    expect((await browser.get('/api/profile')).body).toMatchObject({ name: 'Ada Lovelace' });
    expect((await new Browser(stack.url).post('/api/login', { email, password: 'Sunny-Day-42' })).status).toBe(200);
  });

  it('replaces an unconfirmed sign-up with the same e-mail (it was never proven, and may not be theirs)', async () => {
    const email = newEmail();
    expect((await new Browser(stack.url).post('/signup', { name: 'Squatter', email, password: 'Squat-Pass-77' })).status).toBe(200);
    const { location, browser } = await signInWithGoogle({ email, name: 'Real Owner' });
    expect(location).toBe('/post-login');
    expect((await browser.get('/api/profile')).body).toMatchObject({ email, name: 'Real Owner' });
    // The squatter's password no longer opens anything.
    expect((await new Browser(stack.url).post('/api/login', { email, password: 'Squat-Pass-77' })).status).toBe(401);
  });

  it('a sign-in at the stand-in proves nothing: deleting without a password is refused and the account stays', async () => {
    const email = newEmail();
    const { browser } = await signInWithGoogle({ email, name: 'Short Stay' });
    // Anyone who can open the stand-in's page may sign in as an allowed address, so it is never proof of ownership.
    expect((await browser.get('/api/session')).body).toEqual({ email, user: expect.any(String), first_login: true, sign_in_method: 'google-stand-in' });
    expect(await browser.post('/api/delete-account', {})).toMatchObject({ status: 400, body: { error: 'Please agree and enter your password.' } });
    expect(await browser.post('/api/delete-account', { password: 'Guess-Pass-1' })).toMatchObject({ status: 403, body: { error: 'The password is not correct.' } });
    expect((await browser.get('/api/profile')).status).toBe(200);
  });

  it('a Google account deletes itself after setting a password with "Forgot Password?", leaving nothing behind; the e-mail then signs in as a new account', async () => {
    const email = newEmail();
    const { browser } = await signInWithGoogle({ email, name: 'Short Stay' });
    const userId = await userIdOf(browser);
    for (const key of [`users/${userId}/uploads/a.wav`, transcribeOutputKey(userId, 't1')]) await s3Client().send(new PutObjectCommand({ Bucket: setting('UPLOADS_BUCKET'), Key: key, Body: 'x' }));
    expect((await new Browser(stack.url).post('/api/forgot-password', { email })).status).toBe(200);
    const token = /\/reset-password\/([A-Za-z0-9_-]+\.\d+)/.exec(await latestMail(stack.mailDir, email))![1]!;
    expect((await new Browser(stack.url).post('/api/reset-password', { token, password: 'Fresh-Pass-55' })).status).toBe(200);
    // Setting the password ended the stand-in's session; the owner signs in with it and deletes.
    expect((await browser.get('/api/session')).status).toBe(401);
    const signedIn = new Browser(stack.url);
    expect((await signedIn.post('/api/login', { email, password: 'Fresh-Pass-55' })).status).toBe(200);
    expect(await signedIn.post('/api/delete-account', { password: 'Fresh-Pass-55' })).toMatchObject({ status: 200, body: { message: 'Account deleted.' } });
    await expect(cognitoClient().send(new AdminGetUserCommand({ UserPoolId: setting('USER_POOL_ID'), Username: email }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
    const { data } = await db().collections.userData({ userId }).go();
    expect(Object.values(data).flat()).toEqual([]);
    expect(await storedKeys(`users/${userId}/`)).toEqual([]);
    expect(await storedKeys(engineFilesPrefix(userId))).toEqual([]);
    expect((await signedIn.get('/api/session')).status).toBe(401);

    const again = await signInWithGoogle({ email, name: 'Back Again' });
    const fresh = (await again.browser.get('/api/session')).body;
    expect(fresh).toMatchObject({ email, first_login: true, sign_in_method: 'google-stand-in' });
    expect(fresh.user).not.toBe(userId);
    expect((await again.browser.get('/api/profile')).body).toMatchObject({ name: 'Back Again' });
  });

  it('a Google session of an account that has a password: a typed password is checked', async () => {
    const email = newEmail();
    const password = new Browser(stack.url);
    expect((await password.post('/signup', { name: 'Both Ways', email, password: 'Sunny-Day-42' })).status).toBe(200);
    expect((await password.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) })).status).toBe(200);
    expect((await password.get('/api/session')).body.sign_in_method).toBe('password');

    const { browser } = await signInWithGoogle({ email });
    expect((await browser.get('/api/session')).body.sign_in_method).toBe('google-stand-in');
    expect((await browser.post('/api/delete-account', { password: 'Wrong-Pass-1' })).status).toBe(403);
    expect(await browser.post('/api/delete-account', { password: 'Sunny-Day-42' })).toMatchObject({ status: 200, body: { message: 'Account deleted.' } });
    expect((await password.get('/api/session')).status).toBe(401);
  });

  it('the stand-in signs in only the addresses it was told to: another is refused on its page, with no way back to the app', async () => {
    const jar = new Jar();
    const { formUrl } = await openSignInForm(jar);
    const refused = await jar.fetch(`${formUrl}/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'ann@otherdomain.com', name: 'Not Ann', email_verified: 'true' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('ann@otherdomain.com is not allowed to sign in here');
    expect(jar.get('sid')).toBeUndefined();
    // The listed exact address is let in.
    const { location } = await signInWithGoogle({ email: 'guest@elsewhere.org' });
    expect(location).toBe('/post-login');
  });

  it('denied consent (Cancel at the provider) goes back to /login with its code and no session', async () => {
    const jar = new Jar();
    const { formUrl } = await openSignInForm(jar);
    const callback = await submitForm(jar, formUrl, { cancel: true });
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const res = await jar.fetch(callback);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?error=${GOOGLE_ERROR_CODES.denied}`);
    expect(jar.get('sid')).toBeUndefined();
  });

  it('a tampered state is refused, and the code is not exchanged', async () => {
    const jar = new Jar();
    const { formUrl } = await openSignInForm(jar);
    const callback = new URL(await submitForm(jar, formUrl, { email: newEmail() }));
    const genuine = callback.searchParams.get('state')!;
    callback.searchParams.set('state', `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`);
    const flowCookie = jar.get(GOOGLE_FLOW_COOKIE)!;
    const res = await jar.fetch(callback.toString());
    expect(res.headers.get('location')).toBe(`/login?error=${GOOGLE_ERROR_CODES.state}`);
    expect(jar.get('sid')).toBeUndefined();
    // The attempt is over: even the genuine state no longer works without its cookie...
    callback.searchParams.set('state', genuine);
    expect((await jar.fetch(callback.toString())).headers.get('location')).toBe(`/login?error=${GOOGLE_ERROR_CODES.state}`);
    // ...and with the cookie put back, the unused code still signs in: the tampered request spent nothing.
    jar.cookies.push({ name: GOOGLE_FLOW_COOKIE, value: flowCookie, path: '/login/google' });
    expect((await jar.fetch(callback.toString())).headers.get('location')).toBe('/post-login');
  });

  it('a callback from another browser (no attempt cookie) is refused: state binds the attempt to its browser', async () => {
    const jar = new Jar();
    const { formUrl } = await openSignInForm(jar);
    const callback = await submitForm(jar, formUrl, { email: newEmail() });
    const attacker = new Jar();
    const res = await attacker.fetch(callback);
    expect(res.headers.get('location')).toBe(`/login?error=${GOOGLE_ERROR_CODES.state}`);
    expect(attacker.get('sid')).toBeUndefined();
  });

  it('a code works once: replaying the callback with the attempt cookie fails at the token exchange', async () => {
    const jar = new Jar();
    const { formUrl } = await openSignInForm(jar);
    const callback = await submitForm(jar, formUrl, { email: newEmail() });
    const flowCookie = jar.get(GOOGLE_FLOW_COOKIE)!;
    expect((await jar.fetch(callback)).headers.get('location')).toBe('/post-login');
    const replay = new Jar();
    replay.cookies.push({ name: GOOGLE_FLOW_COOKIE, value: flowCookie, path: '/login/google' });
    expect((await replay.fetch(callback)).headers.get('location')).toBe(`/login?error=${GOOGLE_ERROR_CODES.failed}`);
    expect(replay.get('sid')).toBeUndefined();
  });

  it('an unverified e-mail at the provider is refused', async () => {
    const { location, jar } = await signInWithGoogle({ email: newEmail(), verified: false });
    expect(location).toBe(`/login?error=${GOOGLE_ERROR_CODES.unverified}`);
    expect(jar.get('sid')).toBeUndefined();
  });

  it('a callback without code or state, or with a forged code, is refused', async () => {
    expect((await new Jar().fetch(`${stack.url}${GOOGLE_CALLBACK_PATH}`)).headers.get('location')).toBe(`/login?error=${GOOGLE_ERROR_CODES.state}`);
    const jar = new Jar();
    const start = await jar.fetch(`${stack.url}/login/google`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const forged = await jar.fetch(`${stack.url}${GOOGLE_CALLBACK_PATH}?code=forged-code&state=${state}`);
    expect(forged.headers.get('location')).toBe(`/login?error=${GOOGLE_ERROR_CODES.failed}`);
  });

  // Last: it uses up this address's budget of failed callbacks.
  it('failed callbacks are limited per client address', async () => {
    startNextWindow(GOOGLE_THROTTLE.windowSeconds);
    const jar = new Jar();
    let location = '';
    for (let i = 0; i <= GOOGLE_THROTTLE.limit; i++) {
      location = (await jar.fetch(`${stack.url}${GOOGLE_CALLBACK_PATH}?code=x&state=y`)).headers.get('location')!;
    }
    expect(location).toBe(`/login?error=${GOOGLE_ERROR_CODES.throttled}`);
  });
});
