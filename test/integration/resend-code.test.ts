/**
 * "Send a new code" (issue 15, point 5; the mail limits of issue 16), on the real local stack: a new code
 * replaces the old one, the answer is the same for any address, and asking too soon is a 429 with
 * `retry_after`. Time moves on the Date clock only (the emulators' timers keep running).
 */
import { request } from 'node:http';
import { MESSAGES } from '../../functions/domain/messages';
import { Browser, checkedFetch, codeIn, latestMail, uniqueEmail } from './http-client';
import { advance, startNextWindow, useTestStack } from './local-stack';

const stack = useTestStack();
afterEach(() => jest.useRealTimers());

const PASSWORD = 'Waiting-For-42';
const newEmail = () => uniqueEmail('resend');

/** "Send a new code" from `browser` (by default one that made no sign-up: it is answered alike, and mailed nothing). */
const resend = (email: string, browser = new Browser(stack.url)) => browser.post('/api/resend-code', { email });

it('a new code replaces the old one; within 60 s of the last code the answer is 429 with retry_after', async () => {
  const email = newEmail();
  const browser = new Browser(stack.url);
  await browser.post('/signup', { name: 'Wanda', email, password: PASSWORD });
  const firstCode = codeIn(await latestMail(stack.mailDir, email));

  const tooSoon = await resend(email);
  expect(tooSoon.status).toBe(429);
  const { retry_after: retryAfter, error } = tooSoon.body as { retry_after: number; error: string };
  expect(retryAfter).toBeGreaterThan(50);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(error).toMatch(/wait \d+ seconds/);
  const raw = await checkedFetch(`${stack.url}/api/resend-code`, { method: 'POST', headers: { 'content-type': 'application/json', origin: stack.url }, body: JSON.stringify({ email }) });
  expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(retryAfter - 1);

  advance(retryAfter);
  const again = await resend(email, browser);
  expect(again).toMatchObject({ status: 200, body: { message: expect.stringContaining(email) } });
  const secondCode = codeIn(await latestMail(stack.mailDir, email, 1));
  if (secondCode !== firstCode) expect((await browser.post('/verify-code', { email, code: firstCode })).status).toBe(400);
  expect((await browser.post('/verify-code', { email, code: secondCode })).status).toBe(200);
});

it('answers alike for a pending sign-up, a confirmed account and an unknown address, and mails only the pending one', async () => {
  const pending = newEmail();
  const confirmed = newEmail();
  const unknown = newEmail();
  const pat = new Browser(stack.url);
  await pat.post('/signup', { name: 'Pat', email: pending, password: PASSWORD });
  await latestMail(stack.mailDir, pending);
  const owner = new Browser(stack.url);
  await owner.post('/signup', { name: 'Con', email: confirmed, password: PASSWORD });
  await owner.post('/verify-code', { email: confirmed, code: codeIn(await latestMail(stack.mailDir, confirmed)) });
  // A sign-up of the confirmed address mails its owner a notice: the resend waits after it as after any sign-up.
  await new Browser(stack.url).post('/signup', { name: 'Con', email: confirmed, password: PASSWORD });
  await latestMail(stack.mailDir, confirmed, 1);
  await new Browser(stack.url).post('/signup', { name: 'Nob', email: unknown, password: 'short' });

  const soon = await Promise.all([resend(pending, pat), resend(confirmed)]);
  expect(soon.map((answer) => answer.status)).toEqual([429, 429]);

  advance(61);
  const answers = await Promise.all([resend(pending, pat), resend(confirmed), resend(unknown)]);
  const shape = (answer: { status: number; body: unknown }, email: string) => ({ status: answer.status, body: JSON.stringify(answer.body).replace(email, '<email>') });
  expect(shape(answers[1]!, confirmed)).toEqual(shape(answers[0]!, pending));
  expect(shape(answers[2]!, unknown)).toEqual(shape(answers[0]!, pending));
  await latestMail(stack.mailDir, pending, 1);
  await expect(latestMail(stack.mailDir, confirmed, 2)).rejects.toThrow(/No mail/);
  await expect(latestMail(stack.mailDir, unknown)).rejects.toThrow(/No mail/);
});

it('sends at most five codes an hour (the sign-up counts), then says to wait for the hour to pass', async () => {
  // Start at the top of an hour so that five minutes later it is still the same hour.
  startNextWindow(3600);
  const email = newEmail();
  const hal = new Browser(stack.url);
  await hal.post('/signup', { name: 'Hal', email, password: PASSWORD });
  await latestMail(stack.mailDir, email);
  advance(61);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    statuses.push((await resend(email, hal)).status);
    advance(61);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 429]);
  const last = (await resend(email, hal)).body as { retry_after: number; error: string };
  expect(last.retry_after).toBeGreaterThan(60);
  // The text says which rule: the page tells the hour from the minute by it (its wait can be short too).
  expect(last.error).toBe(MESSAGES.resendHourLimit(last.retry_after));
  await latestMail(stack.mailDir, email, 4);
  await expect(latestMail(stack.mailDir, email, 5)).rejects.toThrow(/No mail/);
});

/** POST /api/resend-code from another client address (loopback has many). */
function resendFrom(localAddress: string, email: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL('/api/resend-code', stack.url);
  const body = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', origin: stack.url } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

it("someone else's sign-up of an address in the last minute does not show in a resend's answer; the address's mail limits still hold", async () => {
  const signedUp = newEmail();
  const untouched = newEmail();
  await new Browser(stack.url).post('/signup', { name: 'Vic', email: signedUp, password: PASSWORD });
  await latestMail(stack.mailDir, signedUp);
  const shape = (answer: { status: number; body: unknown }, email: string) => ({ status: answer.status, body: JSON.stringify(answer.body).replace(email, '<email>') });
  const [probe, control] = await Promise.all([resendFrom('127.0.0.41', signedUp), resendFrom('127.0.0.41', untouched)]);
  expect(shape(probe, signedUp)).toEqual(shape(control, untouched));
  expect(probe.status).toBe(200);
  // The address had its code a moment ago: no second one within the minute, whoever asks.
  await expect(latestMail(stack.mailDir, signedUp, 1)).rejects.toThrow(/No mail/);
  // The asker's own second request within the minute waits, for either address alike.
  const [again, againControl] = await Promise.all([resendFrom('127.0.0.41', signedUp), resendFrom('127.0.0.41', untouched)]);
  expect([again.status, againControl.status]).toEqual([429, 429]);
});

it("signing up again from the same browser within the minute (a retyped form) sends nothing new, and the first code still confirms there", async () => {
  const email = newEmail();
  const browser = new Browser(stack.url);
  await browser.post('/signup', { name: 'Wanda', email, password: PASSWORD });
  const code = codeIn(await latestMail(stack.mailDir, email));
  expect((await browser.post('/signup', { name: 'Wanda', email, password: PASSWORD })).status).toBe(200);
  expect(await browser.post('/verify-code', { email, code })).toMatchObject({ status: 200, body: { message: MESSAGES.verified } });
  expect(browser.sessionCookie).not.toBe('');
});

it("someone else's wrong codes, from the owner's own network, do not use up the owner's attempts", async () => {
  const email = newEmail();
  const owner = new Browser(stack.url);
  await owner.post('/signup', { name: 'Wanda', email, password: PASSWORD });
  const code = codeIn(await latestMail(stack.mailDir, email));
  const wrong = code === '000000' ? '111111' : '000000';
  // Every test browser comes from 127.0.0.1, like a team behind one proxy or people behind one NAT.
  for (let i = 0; i < 12; i++) expect((await new Browser(stack.url).post('/verify-code', { email, code: wrong })).status).toBe(400);
  expect((await owner.post('/verify-code', { email, code })).status).toBe(200);
});

it('refuses a malformed address with 400', async () => {
  expect((await resend('not-an-address')).status).toBe(400);
});
