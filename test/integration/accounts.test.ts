/** Accounts on the real local stack: sign-up, verify, sessions, login throttling, password reset, profile, deletion. */
import { readFileSync } from 'node:fs';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { db } from '../../functions/data/db';
import { s3Client } from '../../functions/platform/aws-clients';
import { setting } from '../../functions/platform/config';
import { speechAudioKey, transcribeOutputKey } from '../../functions/storage/media-store';
import { engineFilesPrefix } from '../../functions/storage/user-data';
import { CLIPS, clipPath } from '../fixtures/real-speech';
import { Browser, codeIn, latestMail, resetTokenIn, uniqueEmail, userIdOf } from './http-client';
import { advance, storedKeys, useTestStack } from './local-stack';

const stack = useTestStack();
afterEach(() => jest.useRealTimers());

const PASSWORD = 'Sunny-Day-42';
const newEmail = () => uniqueEmail('user');

/** Signs up and verifies through the API, as the web app does; returns the signed-in browser. */
async function signedUpUser(name = 'Ann Example'): Promise<{ browser: Browser; email: string }> {
  const browser = new Browser(stack.url);
  const email = newEmail();
  expect((await browser.post('/signup', { name, email, password: PASSWORD })).status).toBe(200);
  const code = codeIn(await latestMail(stack.mailDir, email));
  const verified = await browser.post('/verify-code', { email, code });
  expect(verified.status).toBe(200);
  return { browser, email };
}

describe('sign-up and verification', () => {
  it('mails a 6-digit code, and the right code confirms the account and starts a first-login session', async () => {
    const browser = new Browser(stack.url);
    const email = newEmail();
    const signup = await browser.post('/signup', { name: '  Ann Example ', email: email.toUpperCase(), password: PASSWORD });
    expect(signup).toMatchObject({ status: 200, body: { message: expect.stringContaining(email) } });
    const mail = await latestMail(stack.mailDir, email);
    expect(mail).toMatch(/^Subject: Your .+ verification code$/m);

    expect((await browser.post('/verify-code', { email, code: '000000' })).body).toEqual({ error: 'Invalid or expired code.' });
    expect((await browser.post('/verify-code', { email, code: '12ab' })).body).toEqual({ error: 'Enter a valid 6-digit code.' });

    const verified = await browser.post('/verify-code', { email, code: codeIn(mail) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: 'Email verified.', user: { email, name: 'Ann Example' } });
    expect(verified.setCookie[0]).toMatch(/^sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);

    // The first login lasts until the user has been in: /post-login goes to /welcome once.
    expect((await browser.get('/api/session')).body).toMatchObject({ email, first_login: true });
    expect((await browser.get('/api/profile')).body).toMatchObject({ email, name: 'Ann Example', age_change_count: 0 });
    expect((await browser.get('/api/session')).body).toMatchObject({ first_login: false });
    await browser.post('/logout');
    const again = await browser.post('/api/login', { email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect((await browser.get('/api/session')).body).toMatchObject({ first_login: false });
  });

  it('a second sign-up with the same e-mail answers like a new one (never telling) and leaves the first account as it was', async () => {
    const { email } = await signedUpUser();
    const second = await new Browser(stack.url).post('/signup', { name: 'Mallory', email, password: 'Other-Pass-99' });
    expect(second).toMatchObject({ status: 200, body: { message: expect.stringContaining(email) } });
    expect((await new Browser(stack.url).post('/api/login', { email, password: 'Other-Pass-99' })).status).toBe(401);
    expect((await new Browser(stack.url).post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('refuses weak passwords and bad input with a clear 400', async () => {
    const browser = new Browser(stack.url);
    const weak = await browser.post('/signup', { name: 'Ann', email: newEmail(), password: 'short' });
    expect(weak).toMatchObject({ status: 400, body: { error: expect.stringMatching(/at least 8 characters/) } });
    expect((await browser.post('/signup', { email: newEmail(), password: PASSWORD })).body).toEqual({ error: 'Name is required.' });
    expect((await browser.post('/signup', { name: 'A', email: 'nope', password: PASSWORD })).body).toEqual({ error: 'Enter a valid email address.' });
    expect((await browser.post('/signup', { name: 'x'.repeat(101), email: newEmail(), password: PASSWORD })).status).toBe(400);
    expect(await browser.post('/signup', '{"name": ', { 'content-type': 'application/json' })).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON.' } });
  });

  it('slows down code guessing', async () => {
    const browser = new Browser(stack.url);
    const email = newEmail();
    await browser.post('/signup', { name: 'Guess', email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser.post('/verify-code', { email, code: '99999' + i })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });
});

describe('login, logout and sessions', () => {
  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await signedUpUser();
    const wrong = await new Browser(stack.url).post('/api/login', { email, password: 'Wrong-Pass-1' });
    const unknown = await new Browser(stack.url).post('/api/login', { email: newEmail(), password: 'Wrong-Pass-1' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
  });

  it('answers an unconfirmed account like any failed login (the answer never tells that the address has an account)', async () => {
    const email = newEmail();
    await new Browser(stack.url).post('/signup', { name: 'Later', email, password: PASSWORD });
    const login = await new Browser(stack.url).post('/api/login', { email, password: PASSWORD });
    expect(login).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
  });

  it('refuses a burst of failed logins for one e-mail with 429, even with the right password', async () => {
    const { email } = await signedUpUser();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await new Browser(stack.url).post('/api/login', { email, password: `Wrong-${i}-Pass` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await new Browser(stack.url).post('/api/login', { email, password: PASSWORD });
    expect(blocked).toMatchObject({ status: 429, body: { error: expect.stringMatching(/Too many login attempts/) } });
  });

  it('logout deletes the server session: the old cookie no longer works when replayed', async () => {
    const { browser } = await signedUpUser();
    const cookie = browser.sessionCookie;
    expect((await browser.post('/logout')).status).toBe(200);
    const replay = new Browser(stack.url);
    replay.useCookie(cookie);
    expect((await replay.get('/api/session')).status).toBe(401);
    expect((await replay.get('/api/profile')).status).toBe(401);
  });

  it('refuses state-changing calls from a foreign Origin', async () => {
    const { browser, email } = await signedUpUser();
    const evil = new Browser(stack.url, 'https://evil.example');
    evil.useCookie(browser.sessionCookie);
    expect((await evil.post('/api/login', { email, password: PASSWORD })).status).toBe(403);
    expect((await evil.post('/api/delete-account', { password: PASSWORD })).status).toBe(403);
    expect((await evil.post('/logout')).status).toBe(403);
    expect((await browser.get('/api/session')).status).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a one-time link; reset sets the password, revokes every session, and the link then fails', async () => {
    const { browser, email } = await signedUpUser();
    const mailsBefore = 1;
    const anonymous = new Browser(stack.url);
    const unknown = await anonymous.post('/api/forgot-password', { email: newEmail() });
    const known = await anonymous.post('/api/forgot-password', { email });
    expect(unknown.body).toEqual(known.body);
    expect(known).toMatchObject({ status: 200, body: { message: 'If an account with that email exists, a password reset link has been sent.' } });

    const mail = await latestMail(stack.mailDir, email, mailsBefore);
    expect(mail).toContain(`${stack.url}/reset-password/`);
    const token = resetTokenIn(mail);

    expect((await anonymous.post('/api/reset-password', { token, password: 'weak' })).status).toBe(400);
    const reset = await anonymous.post('/api/reset-password', { token, password: 'New-Password-77' });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Your password has been reset successfully!' } });
    expect((await browser.get('/api/session')).status).toBe(401);

    const reused = await anonymous.post('/api/reset-password', { token, password: 'Another-Pass-88' });
    expect(reused).toMatchObject({ status: 400, body: { error: 'Invalid or expired token. Please try again.' } });
    expect((await anonymous.post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await anonymous.post('/api/login', { email, password: 'New-Password-77' })).status).toBe(200);
  });

  it("answers the product's error text (docs/product.md#errors) for a made-up token", async () => {
    const answer = await new Browser(stack.url).post('/api/reset-password', { token: 'abcdefghijklmnopqrstuv.123456', password: 'New-Password-77' });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Invalid or expired token. Please try again.' } });
  });
});

describe('profile', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };

  it('saves trimmed fields, sends Other as the custom text, and enforces the date-of-birth limit on the server', async () => {
    const { browser, email } = await signedUpUser();
    const saved = await browser.put('/api/profile', form({ name: '  Bea  ', country: ' Kenya ', gender: ' Nonbinary ', age: '1990-05-01' }));
    expect(saved).toMatchObject({ status: 200, body: { message: 'Profile updated successfully!' } });
    expect((await browser.get('/api/profile')).body).toEqual({
      userId: expect.any(String),
      email,
      name: 'Bea',
      country: 'Kenya',
      gender: 'Other',
      customGender: 'Nonbinary',
      age: '1990-05-01',
      age_change_count: 1,
    });
    expect((await browser.put('/api/profile', form({ age: '1991-05-01' }))).status).toBe(200);
    const third = await browser.put('/api/profile', form({ age: '1992-05-01' }));
    expect(third).toMatchObject({ status: 403, body: { error: 'Date of birth change limit reached' } });
    expect((await browser.get('/api/profile')).body).toMatchObject({ age: '1991-05-01', age_change_count: 2 });
    // Saving other fields with the same date still works.
    expect((await browser.put('/api/profile', form({ name: 'Bea B', age: '1991-05-01' }))).status).toBe(200);
  });

  it('refuses unknown countries, future dates and malformed form data with 400', async () => {
    const { browser } = await signedUpUser();
    expect((await browser.put('/api/profile', form({ country: 'Atlantis' }))).body).toEqual({ error: 'Choose a country from the list.' });
    expect((await browser.put('/api/profile', form({ age: '2999-01-01' }))).status).toBe(400);
    expect((await browser.call('PUT', '/api/profile', 'not a form', { 'content-type': 'multipart/form-data; boundary=zzz' })).status).toBe(400);
  });

  it("keeps each user's profile to themselves", async () => {
    const ann = await signedUpUser('Ann');
    const bob = await signedUpUser('Bob');
    await bob.browser.put('/api/profile', form({ name: 'Bob changed' }));
    expect((await ann.browser.get('/api/profile')).body).toMatchObject({ email: ann.email, name: 'Ann' });
    expect((await bob.browser.get('/api/profile')).body).toMatchObject({ email: bob.email, name: 'Bob changed' });
  });
});

describe('account deletion', () => {
  it('a password session needs the password, then removes the identity, every item and object and every session; the e-mail can sign up anew', async () => {
    const { browser, email } = await signedUpUser();
    const other = new Browser(stack.url);
    expect((await other.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    const userId = await userIdOf(browser);
    const put = (key: string) => s3Client().send(new PutObjectCommand({ Bucket: setting('UPLOADS_BUCKET'), Key: key, Body: 'x' }));
    await put(`users/${userId}/uploads/a.wav`);
    // What a job that died before its cleanup left (outside the user's prefix, so that a lifecycle rule expires it in AWS).
    await Promise.all([put(transcribeOutputKey(userId, 't1')), put(speechAudioKey(userId, 't1'))]);
    // Another user whose id starts with this one's: theirs stays.
    const neighbour = transcribeOutputKey(`${userId}0`, 't1');
    await put(neighbour);

    expect((await browser.get('/api/session')).body.sign_in_method).toBe('password');
    // A password session always needs the password, however fresh: a missing or empty one is the product's warning.
    expect(await browser.post('/api/delete-account', { password: '' })).toMatchObject({ status: 400, body: { error: 'Please agree and enter your password.' } });
    expect(await browser.post('/api/delete-account', {})).toMatchObject({ status: 400, body: { error: 'Please agree and enter your password.' } });
    expect((await browser.post('/api/delete-account', { password: 'Wrong-Pass-1' })).status).toBe(403);
    const deleted = await browser.post('/api/delete-account', { password: PASSWORD });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Account deleted.' } });

    expect((await other.get('/api/session')).status).toBe(401);
    const { data } = await db().collections.userData({ userId }).go();
    expect(Object.values(data).flat()).toEqual([]);
    expect(await storedKeys(`users/${userId}/`)).toEqual([]);
    expect(await storedKeys(engineFilesPrefix(userId))).toEqual([]);
    expect(await storedKeys(neighbour)).toEqual([neighbour]);
    expect((await new Browser(stack.url).post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    // One sign-up code a minute per address (issue 25: a sign-up within it is told to wait).
    advance(61);
    expect((await new Browser(stack.url).post('/signup', { name: 'Again', email, password: PASSWORD })).status).toBe(200);
  });

  it('deleting the account while a job runs: the job stops and removes what it wrote, and nothing of the user is left', async () => {
    const speech = () => {
      const form = new FormData();
      form.append('file', new Blob([readFileSync(clipPath(CLIPS.jfk))]), 'speech.wav');
      form.append('use_ai_summary', 'false');
      return form;
    };
    // Another user's job holds the speech engine (jobs take turns), so this user's job has fetched its
    // recording and waits: the account goes while the job runs, and the job writes after it.
    const other = await signedUpUser('Busy');
    expect((await other.browser.post('/api/transcribe', speech())).status).toBe(200);
    const { browser } = await signedUpUser();
    const userId = await userIdOf(browser);
    const started = await browser.post('/api/transcribe', speech());
    expect(started.status).toBe(200);
    // The job has fetched its recording and waits its turn behind the other user's.
    let waiting = false;
    for (let attempt = 0; attempt < 200 && !waiting; attempt++) {
      waiting = Number((await browser.get(`/api/transcripts/${started.body.id as string}`)).body.queue_position) > 0;
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(waiting).toBe(true);
    expect((await browser.post('/api/delete-account', { password: PASSWORD })).status).toBe(200);

    const ended = await stack.workflow.settled(`${stack.workflow.stateMachineArn.replace(':stateMachine:', ':execution:')}:${started.body.id as string}`);
    expect(ended.status).not.toBe('RUNNING');
    const { data } = await db().collections.userData({ userId }).go();
    expect(Object.values(data).flat()).toEqual([]);
    expect(await storedKeys(`users/${userId}/`)).toEqual([]);
    expect(await storedKeys(engineFilesPrefix(userId))).toEqual([]);
  }, 300_000);
});
