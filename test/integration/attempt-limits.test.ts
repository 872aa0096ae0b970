/**
 * Limits that can't be raced or turned against users (issue 16, point 3), on the real local stack:
 * attempts are taken atomically, an attacker's failures don't lock the owner out from elsewhere,
 * the client address is the socket's, and mail is throttled behind an unchanged answer.
 */
import { request } from 'node:http';
import { VIEWER_ADDRESS_HEADER } from '../../functions/domain/constants';
import { Browser, codeIn, latestMail, uniqueEmail } from './http-client';
import { advance, useTestStack } from './local-stack';

const stack = useTestStack();
afterEach(() => jest.useRealTimers());

const PASSWORD = 'Owners-Own-42';
const newEmail = () => uniqueEmail('limits');

/** A JSON POST from a given loopback address (127.0.0.0/8 all reach the app), as another machine would. */
function postFrom(localAddress: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, stack.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', origin: stack.url, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function confirmedAccount(): Promise<string> {
  const email = newEmail();
  const browser = new Browser(stack.url);
  await browser.post('/signup', { name: 'Owner', email, password: PASSWORD });
  expect((await browser.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) })).status).toBe(200);
  return email;
}

const count = (statuses: number[], status: number): number => statuses.filter((value) => value === status).length;

/** Signs up a new address; answers it and the sign-up cookie of the browser that made it (a code is taken only with it). */
async function pendingSignUp(): Promise<{ email: string; cookie: string }> {
  const email = newEmail();
  const { setCookie } = await new Browser(stack.url).post('/signup', { name: 'Guess', email, password: PASSWORD });
  await latestMail(stack.mailDir, email);
  return { email, cookie: setCookie[0]!.split(';')[0]! };
}

it('40 parallel wrong codes: exactly 5 are checked, the rest are refused before checking', async () => {
  const { email, cookie } = await pendingSignUp();
  const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => postFrom('127.0.0.1', '/verify-code', { email, code: String(100000 + i) }, { cookie }).then((answer) => answer.status)));
  expect(count(statuses, 400)).toBe(5);
  expect(count(statuses, 429)).toBe(35);
});

/** Six-digit codes other than `code` (a guess that can't be right by chance). */
const wrongCodes = (code: string, count: number): string[] => Array.from({ length: count }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));

it("someone else's codes are refused uncounted, from their address or the owner's: the owner enters the code in the browser that signed up", async () => {
  const { email, cookie } = await pendingSignUp();
  const code = codeIn(await latestMail(stack.mailDir, email));
  for (const address of ['127.0.0.5', '127.0.0.1']) {
    for (const wrong of wrongCodes(code, 6)) expect((await postFrom(address, '/verify-code', { email, code: wrong })).status).toBe(400);
    // Even the right code: this browser did not choose the password it would confirm.
    expect((await postFrom(address, '/verify-code', { email, code })).status).toBe(400);
  }
  expect((await postFrom('127.0.0.1', '/verify-code', { email, code }, { cookie })).status).toBe(200);
});

it("a sign-up's codes have a ceiling over all addresses, above one address's limit", async () => {
  const { email, cookie } = await pendingSignUp();
  const code = codeIn(await latestMail(stack.mailDir, email));
  const wrong = wrongCodes(code, 10);
  for (const [index, address] of ['127.0.0.6', '127.0.0.7'].entries()) {
    for (const guess of wrong.slice(index * 5, index * 5 + 5)) expect((await postFrom(address, '/verify-code', { email, code: guess }, { cookie })).status).toBe(400);
  }
  expect((await postFrom('127.0.0.8', '/verify-code', { email, code }, { cookie })).status).toBe(429);
});

it("an attacker's guesses on the sign-up they made do not count against the owner's sign-up that replaces it", async () => {
  const { email, cookie: attacker } = await pendingSignUp();
  const wrong = wrongCodes(codeIn(await latestMail(stack.mailDir, email)), 10);
  for (const [index, address] of ['127.0.0.9', '127.0.0.10'].entries()) {
    for (const guess of wrong.slice(index * 5, index * 5 + 5)) expect((await postFrom(address, '/verify-code', { email, code: guess }, { cookie: attacker })).status).toBe(400);
  }
  // A minute on (one code a minute per address), the owner signs up again from their own browser.
  advance(61);
  const { setCookie } = await new Browser(stack.url).post('/signup', { name: 'Owner', email, password: PASSWORD });
  const owner = setCookie[0]!.split(';')[0]!;
  const code = codeIn(await latestMail(stack.mailDir, email, 1));
  expect((await postFrom('127.0.0.9', '/verify-code', { email, code }, { cookie: owner })).status).toBe(200);
});

it('30 parallel wrong passwords from one address: exactly 5 are checked', async () => {
  const email = await confirmedAccount();
  const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => postFrom('127.0.0.4', '/api/login', { email, password: `Wrong-Pass-${i}` }).then((answer) => answer.status)));
  expect(count(statuses, 401)).toBe(5);
  expect(count(statuses, 429)).toBe(25);
});

it("an attacker's wrong passwords block the attacker, not the owner signing in from elsewhere", async () => {
  const email = await confirmedAccount();
  for (let i = 0; i < 5; i++) expect((await postFrom('127.0.0.2', '/api/login', { email, password: `Wrong-Pass-${i}` })).status).toBe(401);
  expect((await postFrom('127.0.0.2', '/api/login', { email, password: PASSWORD })).status).toBe(429);
  // A forged proxy header does not make the attacker someone else.
  expect((await postFrom('127.0.0.2', '/api/login', { email, password: 'Wrong-Pass-x' }, { [VIEWER_ADDRESS_HEADER]: '203.0.113.9' })).status).toBe(429);
  expect((await postFrom('127.0.0.3', '/api/login', { email, password: PASSWORD })).status).toBe(200);
});

it('mail is throttled per address behind the same answer: one reset mail a minute however often it is asked for', async () => {
  const email = await confirmedAccount();
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await new Browser(stack.url).post('/api/forgot-password', { email }));
  expect(new Set(answers.map((answer) => JSON.stringify([answer.status, answer.body]))).size).toBe(1);
  await latestMail(stack.mailDir, email, 1);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await expect(latestMail(stack.mailDir, email, 2)).rejects.toThrow(/No mail/);
});
