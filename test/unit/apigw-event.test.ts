/** The local gateway's translation between HTTP and API Gateway payload 2.0. */
import { PassThrough } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compileRoutes, toApiEvent, writeApiResult } from '../../infra/local/apigw-event';
import type { Route } from '../../functions/contract';

const routes: Omit<Route, 'key'>[] = [
  { method: 'GET', path: '/api/session', domain: 'session', auth: 'session' },
  { method: 'GET', path: '/api/transcripts/{id}', domain: 'session', auth: 'session' },
  { method: 'GET', path: '/uploads/{filename+}', domain: 'session', auth: 'session' },
];

function fakeRequest(method: string, url: string, headers: Record<string, string>): IncomingMessage {
  return Object.assign(new PassThrough(), {
    method,
    url,
    headers,
    httpVersion: '1.1',
    socket: { remoteAddress: '127.0.0.1' },
  }) as unknown as IncomingMessage;
}

describe('compileRoutes', () => {
  const match = compileRoutes(routes);

  it('matches by method and path and decodes path parameters', () => {
    expect(match('GET', '/api/transcripts/abc%20d')).toEqual({ route: routes[1], pathParameters: { id: 'abc d' } });
    expect(match('DELETE', '/api/transcripts/abc')).toBeNull();
    expect(match('GET', '/api/transcripts/a/b')).toBeNull();
  });

  it('lets a greedy parameter span slashes', () => {
    expect(match('GET', '/uploads/a/b.mp3')?.pathParameters).toEqual({ filename: 'a/b.mp3' });
  });
});

describe('toApiEvent', () => {
  const match = compileRoutes(routes);

  it('builds a payload 2.0 event with cookies, query, route key and path parameters', () => {
    const req = fakeRequest('GET', '/api/transcripts/t1?x=1&x=2&y=3', { host: '127.0.0.1:3000', cookie: 'sid=abc; theme=dark', 'user-agent': 'test' });
    const event = toApiEvent(req, Buffer.alloc(0), match('GET', '/api/transcripts/t1')!);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/transcripts/{id}',
      rawPath: '/api/transcripts/t1',
      rawQueryString: 'x=1&x=2&y=3',
      cookies: ['sid=abc', 'theme=dark'],
      queryStringParameters: { x: '1,2', y: '3' },
      pathParameters: { id: 't1' },
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: '/api/transcripts/t1', sourceIp: '127.0.0.1' }, routeKey: 'GET /api/transcripts/{id}', stage: '$default' },
    });
    expect(event.headers.cookie).toBeUndefined();
    expect(event.body).toBeUndefined();
  });

  it('keeps JSON bodies as text and base64-encodes binary ones', () => {
    const matched = match('GET', '/api/session')!;
    const json = toApiEvent(fakeRequest('GET', '/api/session', { 'content-type': 'application/json' }), Buffer.from('{"a":1}'), matched);
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    const bytes = Buffer.from([0, 255, 1, 2]);
    const binary = toApiEvent(fakeRequest('GET', '/api/session', { 'content-type': 'multipart/form-data; boundary=x' }), bytes, matched);
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body!, 'base64')).toEqual(bytes);
  });
});

describe('writeApiResult', () => {
  it('writes status, headers, every cookie and a decoded body', () => {
    const written: { status?: number; headers: Record<string, unknown>; body?: Buffer } = { headers: {} };
    const res = {
      setHeader: (name: string, value: unknown) => (written.headers[name] = value),
      set statusCode(status: number) {
        written.status = status;
      },
      end: (body: Buffer | string) => (written.body = Buffer.from(body)),
    } as unknown as ServerResponse;
    writeApiResult(res, { statusCode: 201, headers: { 'content-type': 'audio/wav' }, cookies: ['a=1', 'b=2'], body: Buffer.from('RIFF').toString('base64'), isBase64Encoded: true });
    expect(written.status).toBe(201);
    expect(written.headers).toEqual({ 'content-type': 'audio/wav', 'set-cookie': ['a=1', 'b=2'] });
    expect(written.body?.toString()).toBe('RIFF');
  });
});
