/**
 * Accounts can't be hijacked or entered sideways, and no answer tells whether an address has an
 * account (issue 16, point 2), on the real local stack.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalStack } from '../../infra/local/stack';
import { Browser, codeIn, latestMail, resetTokenIn, uniqueEmail } from './http-client';
import { advance, startNextWindow, startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
beforeAll(async () => {
  // These cases send a second code within the minute; the mail limits have their own test.
  process.env.MAIL_LIMIT_PER_MINUTE = '10';
  stack = await startTestStack();
});
afterAll(() => stopTestStack(stack));
afterEach(() => jest.useRealTimers());

const OWNER_PASSWORD = 'Owners-Own-42';
const ATTACKER_PASSWORD = 'Attackers-9-Pick';
const OWNER = { name: 'Olivia', password: OWNER_PASSWORD };
const ATTACKER = { name: 'Mallory', password: ATTACKER_PASSWORD };
const newEmail = () => uniqueEmail('victim');
const signUp = (browser: Browser, email: string, person: typeof OWNER) => browser.post('/signup', { name: person.name, email, password: person.password });
/** The status a login with this password gets, from a browser of its own. */
const loginStatus = async (email: string, password: string): Promise<number> => (await new Browser(stack.url).post('/api/login', { email, password })).status;

/** The owner's password signs in; the attacker's does not. */
async function expectOwnersPasswordOnly(email: string): Promise<void> {
  expect(await loginStatus(email, ATTACKER_PASSWORD)).toBe(401);
  expect(await loginStatus(email, OWNER_PASSWORD)).toBe(200);
}

/** The owner signs up for a new address (their code mailed), then an attacker signs up for it from another browser. */
async function ownerThenAttacker(): Promise<{ email: string; owner: Browser }> {
  const email = newEmail();
  const owner = new Browser(stack.url);
  await signUp(owner, email, OWNER);
  await latestMail(stack.mailDir, email);
  await signUp(new Browser(stack.url), email, ATTACKER);
  return { email, owner };
}
const mailCount = (email: string): number =>
  readdirSync(stack.mailDir).filter((file) => readFileSync(join(stack.mailDir, file), 'utf8').startsWith(`To: ${email}\n`)).length;

it('a sign-up for an unconfirmed address replaces the pending one: the owner confirms with their own password, the attacker\'s is dead', async () => {
  const email = newEmail();
  const attacker = new Browser(stack.url);
  expect((await signUp(attacker, email, ATTACKER)).status).toBe(200);
  const attackerCode = codeIn(await latestMail(stack.mailDir, email));

  const owner = new Browser(stack.url);
  const signup = await signUp(owner, email, OWNER);
  expect(signup).toMatchObject({ status: 200, body: { message: expect.stringContaining(email) } });
  const ownerCode = codeIn(await latestMail(stack.mailDir, email, 1));
  if (ownerCode !== attackerCode) expect((await attacker.post('/verify-code', { email, code: attackerCode })).status).toBe(400);

  expect((await owner.post('/verify-code', { email, code: ownerCode })).status).toBe(200);
  await expectOwnersPasswordOnly(email);
  // A used code never works twice.
  const replay = new Browser(stack.url);
  expect((await replay.post('/verify-code', { email, code: ownerCode })).status).toBe(400);
  expect(replay.sessionCookie).toBe('');
});

it("the owner signs up first, an attacker second: the newest code in the owner's inbox does not confirm the attacker's password", async () => {
  const { email, owner } = await ownerThenAttacker();
  const newest = codeIn(await latestMail(stack.mailDir, email, 1));

  expect(await owner.post('/verify-code', { email, code: newest })).toMatchObject({ status: 400, body: { error: 'Invalid or expired code.' } });
  expect(owner.sessionCookie).toBe('');
  expect(await loginStatus(email, ATTACKER_PASSWORD)).toBe(401);
  // Signing up again from the owner's browser replaces the attacker's sign-up: the owner's own password is kept.
  await signUp(owner, email, OWNER);
  expect((await owner.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email, 2)) })).status).toBe(200);
  await expectOwnersPasswordOnly(email);
});

it("the owner signs up first, an attacker second: 'send a new code' from the owner's page does not confirm the attacker's password", async () => {
  const { email, owner } = await ownerThenAttacker();
  await latestMail(stack.mailDir, email, 1);

  advance(61);
  expect(await owner.post('/api/resend-code', { email })).toMatchObject({ status: 200, body: { message: expect.stringContaining(email) } });
  // A code for the attacker's sign-up must not go out for the owner's browser; if one did, it must not confirm here.
  const resent = await latestMail(stack.mailDir, email, 2).catch(() => null);
  if (resent) expect((await owner.post('/verify-code', { email, code: codeIn(resent) })).status).toBe(400);
  expect(resent).toBeNull();
  expect(await loginStatus(email, ATTACKER_PASSWORD)).toBe(401);
});

it("once the address's mail limit is used, a sign-up leaves the pending one alone and says how long to wait (issue 25: no 'code sent' with none sent)", async () => {
  const email = newEmail();
  const owner = new Browser(stack.url);
  startNextWindow(3600);
  // Five codes an hour per address (MAIL_LIMIT_PER_HOUR's default): the owner asked five times.
  for (let i = 0; i < 5; i++) await signUp(owner, email, OWNER);
  const code = codeIn(await latestMail(stack.mailDir, email, 4));

  const late = await signUp(new Browser(stack.url), email, ATTACKER);
  expect(late).toMatchObject({ status: 429, body: { error: expect.stringMatching(/Please wait \d+ (seconds|minutes)/), retry_after: expect.any(Number) } });
  await expect(latestMail(stack.mailDir, email, 5)).rejects.toThrow(/No mail/);
  expect((await owner.post('/verify-code', { email, code })).status).toBe(200);
  expect(await loginStatus(email, OWNER_PASSWORD)).toBe(200);
});

it('a sign-up for a confirmed address answers like a new sign-up, mails the owner, and changes nothing', async () => {
  const email = newEmail();
  const owner = new Browser(stack.url);
  const first = await signUp(owner, email, OWNER);
  await owner.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) });

  const again = await signUp(new Browser(stack.url), email, ATTACKER);
  expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
  const notice = await latestMail(stack.mailDir, email, 1);
  expect(notice).toMatch(/tried to sign up/);
  await expectOwnersPasswordOnly(email);
});

it('a password-reset code is no login at /verify-code: no session, password unchanged, the reset link still works', async () => {
  const email = newEmail();
  const owner = new Browser(stack.url);
  await signUp(owner, email, OWNER);
  await owner.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) });
  await new Browser(stack.url).post('/api/forgot-password', { email });
  const token = resetTokenIn(await latestMail(stack.mailDir, email, 1));
  const resetCode = token.split('.')[1]!;

  const sideways = new Browser(stack.url);
  const answer = await sideways.post('/verify-code', { email, code: resetCode });
  expect(answer).toMatchObject({ status: 400, body: { error: 'Invalid or expired code.' } });
  expect(sideways.sessionCookie).toBe('');
  expect(await loginStatus(email, OWNER_PASSWORD)).toBe(200);
  expect((await new Browser(stack.url).post('/api/reset-password', { token, password: 'Brand-New-77' })).status).toBe(200);
});

it('logging in to an unconfirmed account with its password answers like any failed login, sends the code again, and lets that browser enter it', async () => {
  const email = newEmail();
  await new Browser(stack.url).post('/signup', { name: 'Later', email, password: OWNER_PASSWORD });
  await latestMail(stack.mailDir, email);
  const before = mailCount(email);
  const guessing = new Browser(stack.url);
  await guessing.post('/api/login', { email, password: ATTACKER_PASSWORD });
  const loggingIn = new Browser(stack.url);
  const unconfirmed = await loggingIn.post('/api/login', { email, password: OWNER_PASSWORD });
  const unknown = await new Browser(stack.url).post('/api/login', { email: newEmail(), password: OWNER_PASSWORD });
  expect({ status: unconfirmed.status, body: unconfirmed.body }).toEqual({ status: unknown.status, body: unknown.body });
  const resent = codeIn(await latestMail(stack.mailDir, email, before));
  // A wrong password ties no browser to the sign-up.
  expect((await guessing.post('/verify-code', { email, code: resent })).status).toBe(400);
  expect((await loggingIn.post('/verify-code', { email, code: resent })).status).toBe(200);
});
