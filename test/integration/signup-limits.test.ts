/**
 * Sign-ups can't be used against an address's owner or run up the mail bill (issue 25, point 5), on the
 * real local stack: someone else's sign-ups of an address never make the owner's own sign-up a success
 * that sends nothing (it says how long to wait), and one client may sign up SIGNUP_LIMIT_PER_ADDRESS
 * addresses an hour (10 here, the default; the test stack raises it for the other files).
 */
import { request } from 'node:http';
import { resetConfig } from '../../functions/platform/config';
import type { LocalStack } from '../../infra/local/stack';
import { Browser, codeIn, latestMail, uniqueEmail } from './http-client';
import { advance, startNextWindow, startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
beforeAll(async () => {
  process.env.SIGNUP_LIMIT_PER_ADDRESS = '10';
  stack = await startTestStack();
});
afterAll(async () => {
  await stopTestStack(stack);
  delete process.env.SIGNUP_LIMIT_PER_ADDRESS;
  resetConfig();
});
afterEach(() => jest.useRealTimers());

const PASSWORD = 'Owners-Own-42';
const newEmail = () => uniqueEmail('signup');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error?: string; message?: string; retry_after?: number };
}

/** A sign-up from a given loopback address (127.0.0.0/8 all reach the app), as another machine would. */
function signUpFrom(localAddress: string, email: string, cookie?: string): Promise<Answer> {
  const url = new URL('/signup', stack.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', origin: stack.url, ...(cookie ? { cookie } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ name: 'Someone', email, password: PASSWORD }));
  });
}

const cookieOf = (answer: Answer): string => String((answer.headers['set-cookie'] as string[])[0]).split(';')[0]!;

it("someone else's sign-ups of an address within the minute: the owner's sign-up says how long to wait, then mails the code", async () => {
  const email = newEmail();
  expect((await signUpFrom('127.0.0.20', email)).status).toBe(200);
  await latestMail(stack.mailDir, email);

  const owner = await signUpFrom('127.0.0.21', email);
  expect(owner.status).toBe(429);
  expect(owner.body.error).toMatch(/wait \d+ seconds/);
  expect(owner.body.retry_after).toBeGreaterThan(0);
  expect(owner.body.retry_after).toBeLessThanOrEqual(60);
  expect(Number(owner.headers['retry-after'])).toBe(owner.body.retry_after);

  advance(owner.body.retry_after!);
  const again = await signUpFrom('127.0.0.21', email, cookieOf(owner));
  expect(again.status).toBe(200);
  const code = codeIn(await latestMail(stack.mailDir, email, 1));
  const browser = new Browser(stack.url);
  browser.useCookie(cookieOf(again));
  expect((await browser.post('/verify-code', { email, code })).status).toBe(200);
});

it("five sign-ups of someone else's address in the hour: the owner is told to wait, with the time, never 'we sent a code' with nothing sent", async () => {
  // At the top of an hour, so that five minutes on it is still the same hour.
  startNextWindow(3600);
  const email = newEmail();
  for (let i = 0; i < 5; i++) {
    expect((await signUpFrom('127.0.0.22', email)).status).toBe(200);
    advance(61);
  }
  await latestMail(stack.mailDir, email, 4);

  const owner = await signUpFrom('127.0.0.23', email);
  expect(owner.status).toBe(429);
  expect(owner.body.error).toMatch(/wait \d+ minutes/);
  expect(owner.body.retry_after).toBeGreaterThan(60);
  expect(owner.body.retry_after).toBeLessThanOrEqual(3600);
  expect(owner.headers['retry-after']).toBe(String(owner.body.retry_after));
  await expect(latestMail(stack.mailDir, email, 5)).rejects.toThrow(/No mail/);
});

it('one client signs up at most 10 new addresses an hour (110 in parallel: 10 mails); other clients still sign up', async () => {
  startNextWindow(3600);
  const emails = Array.from({ length: 110 }, newEmail);
  const answers = await Promise.all(emails.map((email) => signUpFrom('127.0.0.24', email)));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(100);
  for (const answer of refused) {
    expect(answer.body.error).toMatch(/sign-ups from your network.*wait \d+ minutes/i);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }
  const mailed = await Promise.all(emails.map((email) => latestMail(stack.mailDir, email).then(() => 1, () => 0)));
  expect(mailed.reduce<number>((sum, one) => sum + one, 0)).toBe(10);

  expect((await signUpFrom('127.0.0.25', newEmail())).status).toBe(200);
  // The next hour, this client may sign up again.
  advance(3600);
  expect((await signUpFrom('127.0.0.24', newEmail())).status).toBe(200);
});
