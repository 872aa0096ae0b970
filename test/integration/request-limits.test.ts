/**
 * Per-user request throttling (issue 16, point 4), on the real local stack: a signed-in user over the
 * limit gets 429 with Retry-After and a message in words while another user is unaffected; requests
 * without a session count against their client address (the socket's locally), each address its own.
 * The limits are lowered by configuration; each burst starts a fresh window (a fake Date), so no window ends in one.
 */
import { request } from 'node:http';
import type { LocalStack } from '../../infra/local/stack';
import { MESSAGES } from '../../functions/domain/messages';
import { signedUpBrowser, type Browser } from './http-client';
import { startNextWindow, startTestStack, stopTestStack } from './local-stack';

const PER_USER = 6;
const PER_ADDRESS = 10;
const SETTINGS = { REQUEST_LIMIT_PER_USER: String(PER_USER), REQUEST_LIMIT_PER_ADDRESS: String(PER_ADDRESS), REQUEST_LIMIT_WINDOW_SECONDS: '3600' };

let stack: LocalStack;
beforeAll(async () => {
  Object.assign(process.env, SETTINGS);
  stack = await startTestStack();
});
afterAll(async () => {
  await stopTestStack(stack);
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
});

/** A GET from a given loopback address (127.0.0.0/8 all reach the app), as another machine would. */
function getFrom(localAddress: string, path: string, cookie = ''): Promise<{ status: number; retryAfter: string | undefined; body: Record<string, unknown> }> {
  const url = new URL(path, stack.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, localAddress, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const statusesOf = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

it("a user over the limit gets 429 with Retry-After and words, from any address; another user's requests still answer", async () => {
  // Sign-up and verification need no session: they count against 127.0.0.1, not against the users.
  const ann: Browser = await signedUpBrowser(stack, 'ann-limits@example.com');
  const bob: Browser = await signedUpBrowser(stack, 'bob-limits@example.com');
  startNextWindow(3600);
  const answers = await Promise.all(Array.from({ length: PER_USER + 4 }, (_, i) => getFrom(`127.0.0.${20 + i}`, '/api/session', ann.sessionCookie)));
  expect(statusesOf(answers)).toEqual([...Array<number>(PER_USER).fill(200), ...Array<number>(4).fill(429)]);
  const refused = answers.find((answer) => answer.status === 429)!;
  expect(refused.body).toMatchObject({ error: MESSAGES.tooManyRequests });
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
  expect((await ann.get('/api/transcripts')).status).toBe(429);
  expect((await bob.get('/api/session')).status).toBe(200);
  expect((await bob.get('/api/transcripts')).status).toBe(200);
});

it('requests without a session count against their client address, each address its own', async () => {
  startNextWindow(3600);
  const answers = await Promise.all(Array.from({ length: PER_ADDRESS + 3 }, () => getFrom('127.0.0.7', '/api/session')));
  expect(statusesOf(answers)).toEqual([...Array<number>(PER_ADDRESS).fill(401), ...Array<number>(3).fill(429)]);
  expect((await getFrom('127.0.0.8', '/api/session')).status).toBe(401);
});
