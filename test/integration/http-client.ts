/**
 * A tiny browser stand-in for integration tests: JSON and form calls with a cookie jar and the app's Origin.
 * Every answer of an API route is held to the contract (checkAnswer): a status the route does not declare,
 * or a body its schema for that status refuses, fails the test that got it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ERROR_ANSWERS, routeErrors, ROUTE_LIST, ROUTES, type ErrorStatus, type RouteSpec } from '../../functions/contract';
import { SESSION_COOKIE_NAME } from '../../functions/domain/constants';
import { compileRoutes } from '../../infra/local/apigw-event';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  setCookie: string[];
}

export class Browser {
  /** The cookie jar, by name (the session's `sid`, the pending sign-up's `signup`). */
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly origin: string = baseUrl,
  ) {}

  /** The session cookie as a Cookie header (`sid=...`), '' when signed out. */
  get sessionCookie(): string {
    const sid = this.cookies.get(SESSION_COOKIE_NAME);
    return sid === undefined ? '' : `${SESSION_COOKIE_NAME}=${sid}`;
  }

  /** Replaces the jar with one `name=value` cookie ('' empties it). */
  useCookie(cookie: string): void {
    this.cookies.clear();
    this.keep(cookie);
  }

  private keep(pair: string): void {
    const eq = pair.indexOf('=');
    if (eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const isForm = body instanceof FormData;
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetchOnce(method, `${this.baseUrl}${path}`, {
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && !isForm && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { origin: this.origin } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm || typeof body === 'string' ? (body as BodyInit) : JSON.stringify(body),
      redirect: 'manual',
    });
    const setCookie = res.headers.getSetCookie();
    for (const setting of setCookie) {
      const pair = setting.split(';')[0]!;
      if (/Max-Age=0/.test(setting)) this.cookies.delete(pair.slice(0, pair.indexOf('=')));
      else this.keep(pair);
    }
    const text = await res.text();
    checkAnswer(method, path, res.status, text);
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed, setCookie };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.call('POST', path, body, headers);
  put = (path: string, body?: unknown) => this.call('PUT', path, body);
}

const matchRoute = compileRoutes(ROUTE_LIST);

/** The schema of a JSON answer's body (null: not JSON), or why the route does not answer this status. */
function expectedBody(spec: RouteSpec, status: number): z.ZodType | null | string {
  if (status >= 400) {
    const declared = routeErrors(spec);
    if (!declared.has(status as ErrorStatus)) return `an error status it does not declare (it declares ${[...declared].sort().join(', ')})`;
    return ERROR_ANSWERS[status as ErrorStatus];
  }
  const { answer } = spec;
  if (status === 202 && spec.accepted) return spec.accepted;
  const success = answer.kind === 'json' ? answer.status : answer.kind === 'redirect' ? 302 : 200;
  if (status !== success) return `a status it does not declare (it answers ${success})`;
  return answer.kind === 'json' ? answer.schema : null;
}

/**
 * Holds an answer to its route in the contract (functions/contract/), found by method and path: a status
 * the route does not declare, or a JSON body its schema for that status refuses (strict: no undeclared
 * field), throws. Paths that are no API route (the site's pages, unknown paths) are not checked.
 */
export function checkAnswer(method: string, pathAndQuery: string, status: number, text: string): void {
  const path = new URL(pathAndQuery, 'http://local').pathname;
  const matched = matchRoute(method, path);
  if (!matched) return;
  const where = `${method} ${path} (contract route '${matched.route.key}') answered ${status}`;
  const expected = expectedBody(ROUTES[matched.route.key] as RouteSpec, status);
  if (typeof expected === 'string') throw new Error(`${where}: ${expected}. Body: ${text.slice(0, 300)}`);
  if (!expected) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  const parsed = expected.safeParse(body);
  if (!parsed.success) throw new Error(`${where} with a body its contract refuses:\n${z.prettifyError(parsed.error)}\nBody: ${text.slice(0, 300)}`);
}

/**
 * fetch for a test that reads the raw answer (its headers, its bytes), with the same check as Browser: an
 * API route's answer is held to the contract. A redirect the request would follow is checked as the route's
 * answer, then followed (a GET, with the same headers).
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: 'manual' });
  const { pathname, search } = new URL(url);
  checkAnswer(init.method ?? 'GET', `${pathname}${search}`, res.status, await res.clone().text());
  const location = res.headers.get('location');
  if ((init.redirect ?? 'follow') !== 'follow' || !location || res.status < 300 || res.status > 399) return res;
  return fetch(new URL(location, url), { headers: init.headers });
}

/** A reset, or undici's 'other side closed': the connection ended under a request sent on it. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'UND_ERR_SOCKET']);

/**
 * fetch, except that a GET whose kept-alive connection was lost is sent again once, as browsers do. On a
 * loaded machine (CI with other tests running) a poll now and then failed so on a reused connection while
 * the same app answered the next one; a server that resets every connection still fails the second try.
 */
async function fetchOnce(method: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, method });
  } catch (error) {
    if (method !== 'GET' || !CONNECTION_LOST.has((error as { cause?: { code?: string } }).cause?.code ?? '')) throw error;
    return fetch(url, { ...init, method });
  }
}

/** The newest outbox mail to `email`, waiting briefly for it to arrive. */
export async function latestMail(mailDir: string, email: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = readdirSync(mailDir)
      .sort()
      .map((file) => readFileSync(join(mailDir, file), 'utf8'))
      .filter((text) => text.startsWith(`To: ${email}\n`));
    if (mails.length > after) return mails.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const arrived = readdirSync(mailDir).map((file) => readFileSync(join(mailDir, file), 'utf8').split('\n')[0]);
  throw new Error(`No mail to ${email} arrived (outbox: ${arrived.join(', ')})`);
}

export const codeIn = (mail: string): string => /\b(\d{6})\b/.exec(mail)![1]!;
export const resetTokenIn = (mail: string): string => /\/reset-password\/([A-Za-z0-9_-]+\.\d+)/.exec(mail)![1]!;

let emails = 0;
/** An address no other test of this run signs up with: `label`, a running number and the time. */
export const uniqueEmail = (label: string): string => `${label}${++emails}-${Date.now()}@example.com`;

/** The id of the user the browser is signed in as (the session's `user`). */
export const userIdOf = async (browser: Browser): Promise<string> => (await browser.get('/api/session')).body.user as string;

/** Signs up and verifies through the API, as the web app does; returns the signed-in browser. */
export async function signedUpBrowser(stack: { url: string; mailDir: string }, email: string, password = 'Sunny-Day-42'): Promise<Browser> {
  const browser = new Browser(stack.url);
  await browser.post('/signup', { name: email.split('@')[0], email, password });
  const verified = await browser.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) });
  if (verified.status !== 200) throw new Error(`Verification failed: ${JSON.stringify(verified.body)}`);
  return browser;
}

/** Uploads `bytes` as `filename` through the form route (no AI summary) and waits until it is transcribed: its id. */
export async function transcribed(browser: Browser, bytes: Uint8Array<ArrayBuffer>, filename: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  form.append('use_ai_summary', 'false');
  const started = await browser.post('/api/transcribe', form);
  if (started.status !== 200) throw new Error(`transcribe failed: ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.id as string;
  const view = await settled(browser, id);
  if (view.status !== 'complete') throw new Error(`Transcript ${id} ended ${String(view.status)}: ${JSON.stringify(view.error)}`);
  return id;
}

/** Polls a transcript (the app polls every 5 s; tests choose their pace) until it is no longer processing. */
export async function settled(browser: Browser, id: string, { intervalMs = 500, attempts = 400 } = {}): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const { status, body } = await browser.get(`/api/transcripts/${id}`);
    if (status === 200 && body.status !== 'processing') return body;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Transcript ${id} did not finish`);
}
