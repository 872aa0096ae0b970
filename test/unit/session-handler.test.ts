/** The session domain's Lambda handler on a sample API Gateway event (the store is mocked; integration tests use the real one). */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import sampleEvent from '../../events/apigw/get-session.json';

const findSession = jest.fn();
jest.mock('../../functions/services/accounts/sessions', () => ({ findSession: (token: string | undefined) => findSession(token) }));
// The request limits count in the table (test/integration/request-limits.test.ts); here every request is under them.
jest.mock('../../functions/http/request-limits', () => ({ takeRequest: async () => undefined }));

import { handler } from '../../functions/api/session';
import { ORIGIN_VERIFY_HEADER } from '../../functions/domain/constants';
import { resetConfig } from '../../functions/platform/config';
import { setHandlerEnv } from './support/handler-env';

const event = (overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 => ({
  ...(sampleEvent as APIGatewayProxyEventV2),
  ...overrides,
});

beforeAll(setHandlerEnv);
beforeEach(() => findSession.mockReset());

it('answers the session fields of docs/product.md#calls, and how the session signed in, for a valid session cookie', async () => {
  findSession.mockResolvedValue({ userId: 'u-1', email: 'ann@example.com', firstLogin: false, method: 'google', signedInAt: 1_800_000_000 });
  const result = await handler(event());
  expect(findSession).toHaveBeenCalledWith('M0y8yH3oQzXk2p1m9B7vT6uR5sW4qA3dE2fG1hJ0kL8');
  expect(result.statusCode).toBe(200);
  expect(JSON.parse(result.body!)).toEqual({ email: 'ann@example.com', user: 'u-1', first_login: false, sign_in_method: 'google' });
  expect(result.headers?.['cache-control']).toBe('no-store');
});

it('answers 401 with an error field when the session is unknown or expired', async () => {
  findSession.mockResolvedValue(null);
  const result = await handler(event());
  expect(result.statusCode).toBe(401);
  expect(JSON.parse(result.body!)).toEqual({ error: expect.any(String) });
});

it('answers 401 without a cookie, passing no token to the store', async () => {
  findSession.mockResolvedValue(null);
  const { cookies: _omit, ...withoutCookies } = sampleEvent;
  const result = await handler(withoutCookies as APIGatewayProxyEventV2);
  expect(findSession).toHaveBeenCalledWith(undefined);
  expect(result.statusCode).toBe(401);
});

it('answers 503 with a retry hint when the store is unreachable, and 500 for a fault, both without internals', async () => {
  findSession.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:8000'), { code: 'ECONNREFUSED' }));
  const down = await handler(event());
  expect(down.statusCode).toBe(503);
  expect(down.headers?.['retry-after']).toBe('5');
  expect(down.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.1/);

  findSession.mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'userId')"));
  const fault = await handler(event());
  expect(fault.statusCode).toBe(500);
  expect(fault.body).not.toMatch(/userId/);
});

it('answers 404 for a route key that is not this domain', async () => {
  const result = await handler(event({ routeKey: 'GET /api/profile' }));
  expect(result.statusCode).toBe(404);
});

describe('with the site in front (ORIGIN_VERIFY_SECRET set, as every deploy has it)', () => {
  const SECRET = 'the-origin-secret-cloudfront-adds-to-each-api-request';
  beforeAll(() => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    resetConfig();
  });
  afterAll(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    resetConfig();
  });

  it('answers a request that came through the site', async () => {
    findSession.mockResolvedValue({ userId: 'u-1', email: 'ann@example.com', firstLogin: false, method: 'password', signedInAt: 1_800_000_000 });
    const result = await handler(event({ headers: { ...sampleEvent.headers, [ORIGIN_VERIFY_HEADER]: SECRET } }));
    expect(result.statusCode).toBe(200);
  });

  it('refuses one sent around it (no header, or a wrong one) before reading any session', async () => {
    for (const headers of [sampleEvent.headers, { ...sampleEvent.headers, [ORIGIN_VERIFY_HEADER]: `${SECRET.slice(0, -1)}x` }, { ...sampleEvent.headers, [ORIGIN_VERIFY_HEADER]: '' }]) {
      const result = await handler(event({ headers }));
      expect(result.statusCode).toBe(403);
      expect(JSON.parse(result.body!)).toEqual({ error: 'Request refused: please use the app at its own address.' });
    }
    expect(findSession).not.toHaveBeenCalled();
  });
});
