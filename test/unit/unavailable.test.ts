import { isUnavailable } from '../../functions/http/unavailable';

it('tells a dependency that is down or overloaded from a fault in our code', () => {
  expect(isUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
  expect(isUnavailable(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }))).toBe(true);
  expect(isUnavailable(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }))).toBe(true);
  expect(isUnavailable(Object.assign(new Error('bad gateway'), { $metadata: { httpStatusCode: 503 } }))).toBe(true);
  expect(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  expect(isUnavailable(Object.assign(new Error('denied'), { $metadata: { httpStatusCode: 403 } }))).toBe(false);
  expect(isUnavailable(new Error('Error thrown by DynamoDB client: "AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:1"'))).toBe(true);
  expect(isUnavailable(undefined)).toBe(false);
});
