/**
 * The local app serving a team behind a TLS proxy (PUBLIC_URL; docs/local.md, "Running it for a team"): links
 * for browsers (storage, e-mail) use the public address, and storage requests that the proxy forwards
 * with their Host are checked against it, so a link still works only exactly as it was signed; with
 * TRUSTED_PROXY, per-address limits count each person behind the proxy, not the proxy.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGIN_THROTTLE } from '../../functions/domain/constants';
import { Browser, checkedFetch, latestMail, signedUpBrowser } from './http-client';
import { startNextWindow, useTestStack } from './local-stack';

const PUBLIC_URL = 'https://scribely.example.org';
const WAV = readFileSync(join(__dirname, '../fixtures/media/tone.wav'));
const stack = useTestStack({ publicUrl: PUBLIC_URL, trustedProxy: '127.0.0.1' });
afterEach(() => jest.useRealTimers());

/** What the proxy does: the request as the browser sent it, to the app on loopback, its Host kept. */
function throughProxy(publicLink: string, host: string, body: Buffer): Promise<number> {
  const link = new URL(publicLink);
  return new Promise((resolve, reject) => {
    const req = request(`${stack.url}${link.pathname}${link.search}`, { method: 'PUT', headers: { host, 'content-length': String(body.length) } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

it('signs storage links for the public address, and accepts them through the proxy with their Host only', async () => {
  const ann = await signedUpBrowser(stack, 'ann-team@example.com');
  const upload = (await ann.post('/api/uploads', { filename: 'standup.wav', size: WAV.length })).body as { url: string };
  expect(upload.url.startsWith(`${PUBLIC_URL}/storage/`)).toBe(true);
  expect(await throughProxy(upload.url, 'scribely.example.org', WAV)).toBe(200);
  // The same link presented for another host does not match its signature.
  expect(await throughProxy(upload.url, 'evil.example.net', WAV)).toBe(403);
});

it("keeps an idle connection open longer than a proxy's 60 s, so the proxy never sends on one the app is closing", async () => {
  const answer = await checkedFetch(`${stack.url}/api/capabilities`);
  expect(answer.headers.get('keep-alive')).toBe('timeout=65');
});

it('e-mails links to the public address', async () => {
  expect((await new Browser(stack.url).post('/api/forgot-password', { email: 'ann-team@example.com' })).status).toBe(200);
  expect(await latestMail(stack.mailDir, 'ann-team@example.com')).toContain(`${PUBLIC_URL}/reset-password/`);
});

it('counts sign-in failures per person behind the proxy (the address it forwards), never a header from anyone else', async () => {
  startNextWindow(LOGIN_THROTTLE.windowSeconds);
  const browser = new Browser(stack.url, PUBLIC_URL);
  /** A wrong password for a new address each time (only the per-address limit counts), as the proxy forwards it. */
  const failFrom = (forwardedFor: string, attempt: number) =>
    browser.post('/api/login', { email: `nobody-${forwardedFor.replace(/\W+/g, '-')}-${attempt}@example.com`, password: 'Wrong-password-1' }, { 'x-forwarded-for': forwardedFor });
  for (let attempt = 0; attempt < LOGIN_THROTTLE.perAddress; attempt++) expect((await failFrom('203.0.113.5', attempt)).status).toBe(401);
  expect(await failFrom('203.0.113.5', LOGIN_THROTTLE.perAddress)).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many login attempts/), retry_after: expect.any(Number) } });
  // Someone else behind the same proxy is not held back; the proxy appends the address it saw last.
  expect((await failFrom('198.51.100.1, 203.0.113.7', 0)).status).toBe(401);
  // A header the client made up ahead of the proxy's own entry changes nothing: the last one counts.
  expect((await failFrom('203.0.113.7, 203.0.113.5', 99)).status).toBe(429);
});

it('counts an IPv6 client by its /64: rotating through its addresses escapes no limit (issue 25)', async () => {
  startNextWindow(LOGIN_THROTTLE.windowSeconds);
  const browser = new Browser(stack.url, PUBLIC_URL);
  const failFrom = (forwardedFor: string, attempt: number) =>
    browser.post('/api/login', { email: `nobody-v6-${attempt}@example.com`, password: 'Wrong-password-1' }, { 'x-forwarded-for': forwardedFor });
  for (let attempt = 0; attempt < LOGIN_THROTTLE.perAddress; attempt++) expect((await failFrom(`2001:db8:1:2::${(attempt + 1).toString(16)}`, attempt)).status).toBe(401);
  expect(await failFrom('2001:db8:1:2:ffff:ffff:ffff:ffff', 99)).toMatchObject({ status: 429, body: { retry_after: expect.any(Number) } });
  // The next network is someone else.
  expect((await failFrom('2001:db8:1:3::1', 100)).status).toBe(401);
});
