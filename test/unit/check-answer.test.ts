/** The integration tests' check of every answer against the contract (test/integration/http-client.ts). */
import { checkAnswer } from '../integration/http-client';

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
