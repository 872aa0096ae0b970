/**
 * The web app's one API client (aws-amplify REST API underneath) against a real HTTP server:
 * answers, `{error}` texts, the shared 401 rule and its opt-out, no answer at all.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPage, apiRequest, ApiRequestError, configureApiClient, NetworkError, setUnauthorizedHandler } from '../../web/src/lib/api-client';
import { getSession } from '../../web/src/lib/session/get-session';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, payload === undefined ? {} : { 'content-type': 'application/json' });
      res.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    switch (`${req.method} ${req.url?.split('?')[0]}`) {
      case 'GET /api/session':
        return send(401, { error: 'Not signed in.' });
      case 'GET /api/transcripts': {
        // Two pages: the first names the second in X-Next-Cursor, the last names none.
        const cursor = new URL(req.url ?? '', 'http://local').searchParams.get('cursor');
        res.writeHead(200, { 'content-type': 'application/json', ...(cursor ? {} : { 'X-Next-Cursor': 'page-2' }) });
        return res.end(JSON.stringify([{ id: cursor ? 'second' : 'first' }]));
      }
      case 'GET /api/ok':
        return send(200, { items: [1, 2], query: req.url?.split('?')[1] ?? null });
      case 'POST /api/echo':
        return send(200, { received: body });
      case 'POST /logout':
        return send(204);
      case 'GET /api/private':
        return send(401, { error: 'Not signed in.' });
      case 'GET /api/broken':
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end('plain failure');
      default:
        return send(404, { error: 'No such API route.' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient(origin);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

describe('api client', () => {
  it('returns the parsed JSON answer and passes query parameters', async () => {
    await expect(apiRequest('GET', '/api/ok', { query: { page: '2' } })).resolves.toEqual({ items: [1, 2], query: 'page=2' });
  });

  it("apiPage returns a page's items and the next page's cursor from X-Next-Cursor, none on the last page", async () => {
    await expect(apiPage('GET /api/transcripts', { query: { limit: '1' } })).resolves.toEqual({ items: [{ id: 'first' }], next: 'page-2' });
    await expect(apiPage('GET /api/transcripts', { query: { limit: '1', cursor: 'page-2' } })).resolves.toEqual({ items: [{ id: 'second' }], next: undefined });
    expect(seen.map((request) => request.url)).toEqual(['/api/transcripts?limit=1', '/api/transcripts?limit=1&cursor=page-2']);
  });

  it('sends JSON bodies as JSON', async () => {
    const answer = await apiRequest<{ received: string }>('POST', '/api/echo', { body: { email: 'a@example.com' } });
    expect(JSON.parse(answer.received)).toEqual({ email: 'a@example.com' });
    expect(seen[0]?.contentType).toMatch(/^application\/json/);
  });

  it('sends FormData as multipart', async () => {
    const form = new FormData();
    form.append('name', 'Ada');
    await apiRequest('POST', '/api/echo', { body: form });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('Ada');
  });

  it('accepts an empty answer', async () => {
    await expect(apiRequest('POST', '/logout', { signedOutCall: true })).resolves.toBeUndefined();
  });

  it("turns an error answer into ApiRequestError carrying the server's {error} text", async () => {
    const error = await apiRequest('GET', '/api/nowhere').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, message: 'No such API route.', serverMessage: 'No such API route.' });
  });

  it('copes with a non-JSON error answer', async () => {
    const error = await apiRequest('GET', '/api/broken').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, serverMessage: undefined, body: 'plain failure' });
  });

  it('reports a call without an answer as NetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    configureApiClient(`http://127.0.0.1:${port}`);
    try {
      await expect(apiRequest('GET', '/api/ok')).rejects.toBeInstanceOf(NetworkError);
    } finally {
      configureApiClient(origin);
    }
  });
});

describe('the shared 401 rule', () => {
  // A fresh handler for each case, unregistered afterwards so no case sees another's.
  let handler: jest.Mock;
  let unregister: () => void;
  beforeEach(() => {
    handler = jest.fn();
    unregister = setUnauthorizedHandler(handler);
  });
  afterEach(() => unregister());

  it('calls the registered handler once per 401 of a signed-in call', async () => {
    await expect(apiRequest('GET', '/api/private')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves signed-out calls alone', async () => {
    await expect(apiRequest('GET', '/api/private', { signedOutCall: true })).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not fire for the session probe, where 401 means signed out', async () => {
    await expect(getSession()).resolves.toBeNull();
    expect(handler).not.toHaveBeenCalled();
  });
});
