/**
 * Hostile input on every route of the route table: no session, forged cookies, a foreign Origin,
 * malformed bodies, oversized bodies, odd ids. Each gets the right status and a JSON error; never a 500.
 */
import { request } from 'node:http';
import { ROUTE_LIST, type Route } from '../../functions/contract';
import { MESSAGES } from '../../functions/domain/messages';
import { Browser, codeIn, latestMail } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack();
let user: Browser;
const routes = ROUTE_LIST;
const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE']);
const ODD_IDS = ['..%2F..%2Fetc%2Fpasswd', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', "x'%20OR%20'1'%3D'1", 'a'.repeat(300), '%00'];

const pathWith = (route: Route, id: string): string => route.path.replace(/\{\w+\+?\}/g, id);

beforeAll(async () => {
  user = new Browser(stack.url);
  const email = 'sec@example.com';
  await user.post('/signup', { name: 'Sec', email, password: 'Sunny-Day-42' });
  await user.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) });
});

/** Raw HTTP on purpose: these requests break the rules (origin, content type, body) before any route runs, and some answers are the gateway's, not a route's. */
async function raw(method: string, path: string, init: { headers?: Record<string, string>; body?: string | Uint8Array } = {}) {
  const res = await fetch(`${stack.url}${path}`, { method, redirect: 'manual', headers: init.headers, body: init.body as BodyInit | undefined });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

/**
 * Sends a body larger than the API takes (11 MB), streamed while the answer may already be coming, and
 * resolves with the answer's status. The server may close the connection once it has answered; a
 * connection closed before any answer is a failure, never counted as a 413.
 */
function oversized(method: string, path: string, headers: Record<string, string>): Promise<{ status: number }> {
  const chunk = new Uint8Array(1024 * 1024);
  const chunks = 11;
  return new Promise((resolve, reject) => {
    const req = request(`${stack.url}${path}`, { method, headers: { ...headers, 'content-length': String(chunk.length * chunks) } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    // Writes after the answer may fail (the server stopped reading): only an error before it counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = (left: number): void => {
      if (answered || left === 0) return void req.end();
      if (req.write(chunk)) write(left - 1);
      else req.once('drain', () => write(left - 1));
    };
    write(chunks);
  });
}

const expectJsonError = (answer: { type: string; text: string }) => {
  expect(answer.type).toMatch(/application\/json/);
  expect(JSON.parse(answer.text)).toEqual({ error: expect.any(String) });
};

describe.each(routes.filter((route) => route.auth === 'session').map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_key, route) => {
  it('answers 401 without a session and with a forged or malformed cookie', async () => {
    for (const cookie of [undefined, `sid=${'A'.repeat(43)}`, 'sid=../../x', `sid=${'z'.repeat(5000)}`]) {
      const answer = await raw(route.method, pathWith(route, 'abcdefghijkl'), { headers: { ...(cookie ? { cookie } : {}), origin: stack.url } });
      expect(answer.status).toBe(401);
      expectJsonError(answer);
    }
  });
});

describe.each(routes.filter((route) => STATE_CHANGING.has(route.method)).map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_key, route) => {
  it('refuses a foreign Origin with 403 before doing anything', async () => {
    const answer = await raw(route.method, pathWith(route, 'abcdefghijkl'), {
      headers: { cookie: user.sessionCookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    expectJsonError(answer);
  });
});

describe.each(routes.filter((route) => STATE_CHANGING.has(route.method) && route.auth === 'session').map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_key, route) => {
  it('refuses the session cookie without an Origin with 403, unless the browser says same-origin', async () => {
    const request = (headers: Record<string, string>) => raw(route.method, pathWith(route, 'abcdefghijkl'), { headers: { cookie: user.sessionCookie, 'content-type': 'application/json', ...headers }, body: '{}' });
    const answer = await request({});
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({ error: MESSAGES.originMissing });
    expect((await request({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await request({ 'sec-fetch-site': 'same-origin' })).status).not.toBe(403);
  });
});

it('takes a request without Origin that carries no session (a script signing in)', async () => {
  const answer = await raw('POST', '/api/login', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'sec@example.com', password: 'wrong-password-1' }) });
  expect(answer.status).toBe(401);
});

// Logout reads no body (docs/product.md#calls): it signs out whatever is sent.
describe.each(routes.filter((route) => STATE_CHANGING.has(route.method) && route.path !== '/logout').map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_key, route) => {
  it('answers malformed JSON and over-large bodies with 4xx and a JSON error', async () => {
    const malformed = await raw(route.method, pathWith(route, 'abcdefghijkl'), {
      headers: { cookie: user.sessionCookie, origin: stack.url, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expectJsonError(malformed);

    const huge = await oversized(route.method, pathWith(route, 'abcdefghijkl'), { cookie: user.sessionCookie, origin: stack.url, 'content-type': 'application/json' });
    expect(huge.status).toBe(413);
  });
});

describe.each(routes.filter((route) => /\{\w+\+?\}/.test(route.path)).map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_key, route) => {
  it('treats odd ids (traversal, script, quotes, very long, NUL) as not found, never as a fault', async () => {
    const answers = new Map<string, { status: number; text: string }>();
    for (const id of ODD_IDS) {
      const answer = await raw(route.method, pathWith(route, id), {
        headers: { cookie: user.sessionCookie, origin: stack.url, 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : JSON.stringify({ name: 'x', language: 'Spanish', parts: [] }),
      });
      expect([400, 404]).toContain(answer.status);
      expectJsonError(answer);
      answers.set(id, answer);
    }
    // A NUL in the id gets the route's own not-found, as any other id it does not know.
    expect(answers.get('%00')).toEqual(answers.get('a'.repeat(300)));
  });
});

it('keeps the signed-in session working after all of that', async () => {
  expect((await user.get('/api/session')).status).toBe(200);
});
