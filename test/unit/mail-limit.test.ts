/**
 * When the mail sender's limit is reached (Cognito answers LimitExceededException: its own sender sends
 * 50 mails a day), sign-up, a new code and a reset answer 429 with a clear message and when to try
 * again: never a 500, never a silent 200 that leaves the user waiting for a mail that will not come.
 * Cognito and the mail throttles are mocked; the handler, its routing and its answers are real.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { IdentityError } from '../../functions/lib/identity';

const limited = () => Promise.reject(new IdentityError('throttled', 'Exceeded daily email limit for the operation or the account.'));
const MOCKED = ['accountState', 'signUp', 'resendCode', 'startPasswordReset', 'deleteIdentity'] as const;
jest.mock('../../functions/lib/identity', () => ({
  ...jest.requireActual('../../functions/lib/identity'),
  accountState: jest.fn(),
  signUp: jest.fn(),
  resendCode: jest.fn(),
  startPasswordReset: jest.fn(),
  deleteIdentity: jest.fn(),
}));
const identity = jest.requireMock('../../functions/lib/identity') as Record<(typeof MOCKED)[number], jest.Mock>;
jest.mock('../../functions/lib/mail-limits', () => ({ mayMail: async () => true, noteSignUp: async () => undefined, resendWait: async () => undefined }));
// The sign-up's tie to its browser is kept in the table (test/integration/account-hijack.test.ts); here this browser made it.
jest.mock('../../functions/lib/pending-sign-ups', () => ({ ...jest.requireActual('../../functions/lib/pending-sign-ups'), signUpMadeHere: async () => true, tieSignUp: async () => undefined }));
// The request limits count in the table (test/integration/request-limits.test.ts); here every request is under them.
jest.mock('../../functions/lib/request-limits', () => ({ takeRequest: async () => undefined }));

import { handler } from '../../functions/api/accounts';

const ORIGIN = 'https://app.example.com';
const post = (routeKey: string, body: unknown): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1]!,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: routeKey.split(' ')[1]!, sourceIp: '203.0.113.7' } },
  }) as unknown as APIGatewayProxyEventV2;

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'table', UPLOADS_BUCKET: 'bucket', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', APP_ORIGINS: ORIGIN });
});
beforeEach(() => MOCKED.forEach((name) => identity[name].mockReset()));

const expectMailLimit = (result: Awaited<ReturnType<typeof handler>>) => {
  expect(result.statusCode).toBe(429);
  expect(JSON.parse(result.body!)).toEqual({ error: "We can't send e-mail right now: the site has reached its sending limit. Please try again in an hour.", retry_after: 3600 });
  expect(result.headers?.['retry-after']).toBe('3600');
};

it('sign-up: 429 with the wait when the code cannot be mailed', async () => {
  identity.accountState.mockResolvedValue('none');
  identity.signUp.mockImplementation(limited);
  expectMailLimit(await handler(post('POST /signup', { name: 'Ann', email: 'ann@example.com', password: 'Sunny-Day-42' })));
});

it('a new code: 429 with the wait', async () => {
  identity.resendCode.mockImplementation(limited);
  expectMailLimit(await handler(post('POST /api/resend-code', { email: 'ann@example.com' })));
});

it('forgot password: 429 with the wait', async () => {
  identity.startPasswordReset.mockImplementation(limited);
  expectMailLimit(await handler(post('POST /api/forgot-password', { email: 'ann@example.com' })));
});

it('other refusals keep their answers (a concurrent sign-up that made it first is still a plain 200)', async () => {
  identity.accountState.mockResolvedValue('none');
  identity.signUp.mockRejectedValue(new IdentityError('exists', 'User already exists'));
  expect((await handler(post('POST /signup', { name: 'Ann', email: 'ann@example.com', password: 'Sunny-Day-42' }))).statusCode).toBe(200);
});
