/** The integration tests' check of every answer against the contract (test/integration/http-client.ts). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAnswer, checkedFetch } from '../integration/http-client';

const tag = JSON.stringify({ id: 'tag-1', name: 'Interviews' });

it('passes what the route declares: its answer, its status, a declared error, and paths that are no route', () => {
  expect(() => checkAnswer('GET', '/api/tags', 200, `[${tag}]`)).not.toThrow();
  expect(() => checkAnswer('POST', '/api/tags', 201, tag)).not.toThrow();
  expect(() => checkAnswer('PUT', '/api/tags/tag-1?x=1', 409, '{"error":"Taken."}')).not.toThrow();
  expect(() => checkAnswer('GET', '/api/shared/abc/audio.mp3', 302, '')).not.toThrow();
  expect(() => checkAnswer('GET', '/some/page', 200, '<html>')).not.toThrow();
});

it('fails on a field the schema does not declare, naming the route, the status and the field', () => {
  expect(() => checkAnswer('PUT', '/api/tags/tag-1', 200, JSON.stringify({ id: 'tag-1', name: 'x', owner: 'u' }))).toThrow(
    /PUT \/api\/tags\/tag-1 \(contract route 'PUT \/api\/tags\/\{id\}'\) answered 200 with a body its contract refuses:[\s\S]*owner/,
  );
  expect(() => checkAnswer('GET', '/api/tags', 200, JSON.stringify([{ id: 'tag-1' }]))).toThrow(/name/);
});

it('fails on a status the route does not declare, success or error, and on an error body with more than `error`', () => {
  expect(() => checkAnswer('PUT', '/api/tags/tag-1', 201, tag)).toThrow(/answered 201: a status it does not declare \(it answers 200\)/);
  expect(() => checkAnswer('GET', '/api/tags', 409, '{"error":"Taken."}')).toThrow(/answered 409: an error status it does not declare/);
  expect(() => checkAnswer('DELETE', '/api/tags/tag-1', 409, '{"error":"Taken.","stack":"at x"}')).toThrow(/stack/);
});

describe('checkedFetch, for tests that read the raw answer', () => {
  const session = JSON.stringify({ email: 'ann@example.com', user: 'user-1', first_login: false, sign_in_method: 'password' });
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const answers: Record<string, [number, Record<string, string>, string]> = {
        '/api/session': [200, { 'content-type': 'application/json' }, session],
        '/api/session?extra': [200, { 'content-type': 'application/json' }, session.replace('}', ',"token":"t"}')],
        '/uploads/abc.mp3': [302, { location: '/stored/abc.mp3' }, ''],
        '/stored/abc.mp3': [200, {}, 'RIFF'],
      };
      const [status, headers, body] = answers[request.url ?? ''] ?? [404, {}, ''];
      response.writeHead(status, headers).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('gives the answer when the contract takes it, and fails the test on a field it does not declare', async () => {
    expect(await (await checkedFetch(`${base}/api/session`)).json()).toMatchObject({ user: 'user-1' });
    await expect(checkedFetch(`${base}/api/session?extra`)).rejects.toThrow(/GET \/api\/session \(contract route 'GET \/api\/session'\) answered 200 with a body its contract refuses:[\s\S]*token/);
  });

  it("checks a route's redirect, then follows it unless told not to", async () => {
    expect(await (await checkedFetch(`${base}/uploads/abc.mp3`)).text()).toBe('RIFF');
    expect((await checkedFetch(`${base}/uploads/abc.mp3`, { redirect: 'manual' })).status).toBe(302);
  });
});
