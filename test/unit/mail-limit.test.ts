/**
 * When the mail sender's limit is reached (Cognito answers LimitExceededException: its own sender sends
 * 50 mails a day), the answers stay those of a mail that went, since a 429 for a known address and a 200
 * for an unknown one (no mail is tried for it) told whether the address has an account; the throttling
 * is logged for the operator. "Send a new code" still says so, with when to try again: it mails only for
 * a sign-up the asking browser made, which tells that browser nothing it does not know.
 * Cognito and the mail throttles are mocked; the handlers, their routing and their answers are real.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { IdentityError } from '../../functions/services/accounts/identity';

const limited = () => Promise.reject(new IdentityError('throttled', 'Exceeded daily email limit for the operation or the account.', 'LimitExceededException'));
const MOCKED = ['accountState', 'authenticate', 'signUp', 'resendCode', 'startPasswordReset', 'deleteIdentity'] as const;
jest.mock('../../functions/services/accounts/identity', () => ({
  ...jest.requireActual('../../functions/services/accounts/identity'),
  accountState: jest.fn(),
  authenticate: jest.fn(),
  signUp: jest.fn(),
  resendCode: jest.fn(),
  startPasswordReset: jest.fn(),
  deleteIdentity: jest.fn(),
}));
const identity = jest.requireMock('../../functions/services/accounts/identity') as Record<(typeof MOCKED)[number], jest.Mock>;
jest.mock('../../functions/services/accounts/mail-limits', () => ({ ...jest.requireActual('../../functions/services/accounts/mail-limits'), mayMail: async () => true, mailWait: async () => 0, signUpWait: async () => 0, noteSignUp: async () => undefined, resendWait: async () => undefined }));
// The sign-up's tie to its browser is kept in the table (test/integration/account-hijack.test.ts); here this browser made it.
jest.mock('../../functions/services/accounts/pending-sign-ups', () => ({ ...jest.requireActual('../../functions/services/accounts/pending-sign-ups'), signUpMadeHere: async () => 'pending-user', tieSignUp: async () => undefined, tieLogin: async () => 'tied-nonce' }));
jest.mock('../../functions/services/accounts/login-throttle', () => ({ takePasswordAttempt: async () => 0, passwordFailed: async () => undefined, passwordAccepted: async () => undefined }));
// The request limits count in the table (test/integration/request-limits.test.ts); here every request is under them.
jest.mock('../../functions/http/request-limits', () => ({ takeRequest: async () => undefined }));

import { handler } from '../../functions/api/accounts';
import { handler as sessionHandler } from '../../functions/api/session';
import { MESSAGES } from '../../functions/domain/messages';
import { logger } from '../../functions/platform/logger';

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
let warned: jest.SpyInstance;
beforeEach(() => {
  MOCKED.forEach((name) => identity[name].mockReset());
  warned = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warned.mockRestore());

const answerOf = (result: Awaited<ReturnType<typeof handler>>) => ({ status: result.statusCode, body: JSON.parse(result.body!) as unknown });
const expectLogged = () => expect(warned).toHaveBeenCalledWith('Mail sender limit reached', expect.objectContaining({ mail: expect.any(String), cognitoError: 'LimitExceededException' }));
const signUp = (email: string) => handler(post('POST /signup', { name: 'Ann', email, password: 'Sunny-Day-42' }));

const expectMailLimit = (result: Awaited<ReturnType<typeof handler>>) => {
  expect(result.statusCode).toBe(429);
  expect(JSON.parse(result.body!)).toEqual({ error: "We can't send e-mail right now: the site has reached its sending limit. Please try again in an hour.", retry_after: 3600 });
  expect(result.headers?.['retry-after']).toBe('3600');
};

it('sign-up: the answer of a sign-up whose code went, for a new address and a confirmed one alike, and the limit is logged', async () => {
  identity.accountState.mockResolvedValue('none');
  identity.signUp.mockImplementation(limited);
  const fresh = await signUp('ann@example.com');
  identity.accountState.mockResolvedValue('confirmed');
  identity.startPasswordReset.mockImplementation(limited);
  const taken = await signUp('bob@example.com');
  expect(answerOf(fresh)).toEqual({ status: 200, body: { message: MESSAGES.codeSent('ann@example.com') } });
  expect(answerOf(taken)).toEqual({ status: 200, body: { message: MESSAGES.codeSent('bob@example.com') } });
  expectLogged();
});

it('a new code: 429 with the wait', async () => {
  identity.resendCode.mockImplementation(limited);
  expectMailLimit(await handler(post('POST /api/resend-code', { email: 'ann@example.com' })));
  expectLogged();
});

it('forgot password: the same answer as for an address without an account, and the limit is logged', async () => {
  identity.startPasswordReset.mockImplementation(limited);
  const known = await handler(post('POST /api/forgot-password', { email: 'ann@example.com' }));
  identity.startPasswordReset.mockRejectedValue(new IdentityError('invalid-credentials', 'User does not exist.'));
  const unknown = await handler(post('POST /api/forgot-password', { email: 'nobody@example.com' }));
  expect(answerOf(known)).toEqual(answerOf(unknown));
  expect(answerOf(known)).toEqual({ status: 200, body: { message: MESSAGES.resetRequested } });
  expectLogged();
});

it('logging in to an unconfirmed account: any failed login\'s answer when the code cannot go out again', async () => {
  identity.authenticate.mockRejectedValue(new IdentityError('unconfirmed', 'User is not confirmed.'));
  identity.resendCode.mockImplementation(limited);
  const result = await sessionHandler(post('POST /api/login', { email: 'ann@example.com', password: 'Sunny-Day-42' }));
  expect(answerOf(result)).toEqual({ status: 401, body: { error: MESSAGES.invalidLogin } });
  expectLogged();
});

it('other refusals keep their answers (a concurrent sign-up that made it first is still a plain 200)', async () => {
  identity.accountState.mockResolvedValue('none');
  identity.signUp.mockRejectedValue(new IdentityError('exists', 'User already exists'));
  expect((await handler(post('POST /signup', { name: 'Ann', email: 'ann@example.com', password: 'Sunny-Day-42' }))).statusCode).toBe(200);
});
