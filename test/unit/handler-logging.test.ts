/**
 * Log keys per invocation (issue 26 point 3): a handler's log lines carry the Lambda context, the route,
 * the request's correlation id and the user as a hash (never the id or the e-mail address), and none of
 * them outlives its request (clearState). Sessions and request limits are mocked, as in session-handler.test.ts.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import sampleEvent from '../../events/apigw/get-session.json';

const findSession = jest.fn();
jest.mock('../../functions/services/accounts/sessions', () => ({ findSession: (token: string | undefined) => findSession(token) }));
jest.mock('../../functions/http/request-limits', () => ({ takeRequest: async () => undefined }));

import { createDomainHandler } from '../../functions/http/handler';
import { hashedUser, logger } from '../../functions/platform/logger';
import { setHandlerEnv } from './support/handler-env';

const USER = { userId: 'user-secret-id', email: 'ann@example.com', firstLogin: false, method: 'password', signedInAt: 1_800_000_000 };

const handler = createDomainHandler('session', {
  'GET /api/session': async ({ session }) => {
    // A key the handler adds itself: cleared with the request too.
    logger.appendKeys({ added_by_handler: 'yes' });
    logger.info('Session read');
    return { body: { email: session.email, user: session.userId, first_login: false, sign_in_method: 'password' } };
  },
  'POST /api/login': async () => ({ body: { user: { id: 'u', email: 'e', name: 'n' } } }),
  'POST /logout': async () => {
    logger.info('Signing out');
    return { body: { message: 'Bye.' } };
  },
});

const event = (routeKey: string, method: string, requestId: string): APIGatewayProxyEventV2 => {
  const sample = sampleEvent as APIGatewayProxyEventV2;
  return { ...sample, routeKey, requestContext: { ...sample.requestContext, requestId, http: { ...sample.requestContext.http, method } } };
};
const lambdaContext = (awsRequestId: string) => ({ functionName: 'session-fn', awsRequestId, memoryLimitInMB: '256', invokedFunctionArn: 'arn:x', functionVersion: '1' }) as unknown as Context;

beforeAll(setHandlerEnv);

let lines: string[];
beforeEach(() => {
  lines = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(chunk.toString());
    return true;
  });
});
afterEach(() => jest.restoreAllMocks());

const logged = (message: string): Record<string, unknown> => {
  const line = lines.find((text) => text.includes(`"${message}"`));
  if (!line) throw new Error(`No log line "${message}" in:\n${lines.join('')}`);
  return JSON.parse(line) as Record<string, unknown>;
};

it('logs with the Lambda context, the route, the correlation id and the hashed user, and no raw user id or e-mail', async () => {
  findSession.mockResolvedValue(USER);
  await handler(event('GET /api/session', 'GET', 'request-1'), lambdaContext('aws-request-1'));
  const line = logged('Session read');
  expect(line).toMatchObject({ route: 'GET /api/session', correlation_id: 'request-1', user: hashedUser(USER.userId), function_name: 'session-fn', function_request_id: 'aws-request-1' });
  expect(JSON.stringify(line)).not.toMatch(/user-secret-id|ann@example\.com/);
});

it("clears one request's keys before the next, and a line outside any request has none", async () => {
  findSession.mockResolvedValue(USER);
  await handler(event('GET /api/session', 'GET', 'request-1'), lambdaContext('aws-request-1'));
  await handler({ ...event('POST /logout', 'POST', 'request-2'), cookies: [] }, lambdaContext('aws-request-2'));
  logger.info('Between requests');

  const next = logged('Signing out');
  expect(next).toMatchObject({ route: 'POST /logout', correlation_id: 'request-2', function_request_id: 'aws-request-2' });
  expect(next).not.toHaveProperty('user');
  expect(next).not.toHaveProperty('added_by_handler');
  const outside = logged('Between requests');
  for (const key of ['route', 'correlation_id', 'user', 'added_by_handler']) expect(outside).not.toHaveProperty(key);
});

it('keeps the keys of overlapping requests apart (the local deployment runs them in one process)', async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  findSession.mockImplementation(async () => {
    await held;
    return USER;
  });
  const first = handler(event('GET /api/session', 'GET', 'request-slow'));
  await handler({ ...event('POST /logout', 'POST', 'request-fast'), cookies: [] });
  release();
  await first;
  expect(logged('Signing out')).toMatchObject({ correlation_id: 'request-fast' });
  expect(logged('Session read')).toMatchObject({ correlation_id: 'request-slow', user: hashedUser(USER.userId) });
});
