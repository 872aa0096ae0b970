/**
 * The identity store (Cognito; cognito-local in local mode) behind the backend-for-frontend:
 * the browser never sees a Cognito token. Cognito's errors become our outcomes here, in one place.
 */
import { createHmac } from 'node:crypto';
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  type AdminGetUserCommandOutput,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../platform/aws-clients';
import { getConfig, setting } from '../../platform/config';

export interface Identity {
  userId: string;
  email: string;
  name: string;
}

/** A Cognito answer that is the user's doing (wrong code, taken e-mail ...), not a fault. */
export class IdentityError extends Error {
  constructor(
    readonly reason: 'invalid-credentials' | 'unconfirmed' | 'exists' | 'invalid-code' | 'invalid-password' | 'throttled',
    message: string,
    /** Cognito's own name for it (several map to one reason): for the operator's log. */
    readonly cognitoName = '',
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

const REASONS: Record<string, IdentityError['reason']> = {
  NotAuthorizedException: 'invalid-credentials',
  UserNotFoundException: 'invalid-credentials',
  UserNotConfirmedException: 'unconfirmed',
  UsernameExistsException: 'exists',
  AliasExistsException: 'exists',
  CodeMismatchException: 'invalid-code',
  ExpiredCodeException: 'invalid-code',
  InvalidPasswordException: 'invalid-password',
  LimitExceededException: 'throttled',
  TooManyRequestsException: 'throttled',
  TooManyFailedAttemptsException: 'throttled',
};

async function call<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const reason = REASONS[(error as Error).name];
    if (reason) throw new IdentityError(reason, (error as Error).message, (error as Error).name);
    throw error;
  }
}

const attribute = (attributes: AttributeType[] | undefined, name: string): string =>
  attributes?.find((item) => item.Name === name)?.Value ?? '';

const clientId = () => setting('USER_POOL_CLIENT_ID');

/**
 * The app client's secret, given at deploy (USER_POOL_CLIENT_SECRET): no call at a cold start, so a login
 * surge after a deploy meets no Cognito quota. The client has one in AWS so that nobody can call SignUp,
 * InitiateAuth or ForgotPassword with the public client id and skip the app's checks; a local pool made
 * before it had one has none (cognito-local checks no SECRET_HASH).
 */
export const appClientSecret = async (): Promise<string | undefined> => getConfig().USER_POOL_CLIENT_SECRET;

/** Cognito's SECRET_HASH: Base64(HMAC-SHA256(client secret, username + client id)). */
export function cognitoSecretHash(secret: string, appClientId: string, username: string): string {
  return createHmac('sha256', secret).update(username + appClientId).digest('base64');
}

/** The SecretHash a public-client call for `username` carries (none when the client has no secret). */
async function secretHash(username: string): Promise<string | undefined> {
  const secret = await appClientSecret();
  return secret === undefined ? undefined : cognitoSecretHash(secret, clientId(), username);
}

/** Makes a sign-up waiting for its code (Cognito mails it); answers the new identity's id (its sub). */
export async function signUp(name: string, email: string, password: string): Promise<string> {
  const answer = await call(async () =>
    cognitoClient().send(
      new SignUpCommand({
        ClientId: clientId(),
        SecretHash: await secretHash(email),
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: name },
        ],
      }),
    ),
  );
  if (!answer.UserSub) throw new Error('Cognito answered no UserSub to SignUp');
  return answer.UserSub;
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  try {
    await call(async () => cognitoClient().send(new ConfirmSignUpCommand({ ClientId: clientId(), SecretHash: await secretHash(email), Username: email, ConfirmationCode: code })));
  } catch (error) {
    if (error instanceof IdentityError && error.reason === 'invalid-credentials') throw new IdentityError('invalid-code', error.message);
    throw error;
  }
}

/** Where an address stands: no account, a sign-up waiting for its code, or a confirmed account. */
export type AccountState = 'none' | 'unconfirmed' | 'confirmed';

async function findUser(email: string): Promise<AdminGetUserCommandOutput | null> {
  try {
    return await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: setting('USER_POOL_ID'), Username: email }));
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

export async function accountState(email: string): Promise<AccountState> {
  const user = await findUser(email);
  if (!user) return 'none';
  return user.UserStatus === 'UNCONFIRMED' ? 'unconfirmed' : 'confirmed';
}

/** The id (sub) of the identity waiting for its code at `email`; null when none waits (no account, or confirmed). */
export async function pendingUserId(email: string): Promise<string | null> {
  const user = await findUser(email);
  return user?.UserStatus === 'UNCONFIRMED' ? attribute(user.UserAttributes, 'sub') || user.Username! : null;
}

/** Mails a pending sign-up's code again (a new code; the old one stops working). */
export async function resendCode(email: string): Promise<void> {
  await call(async () => cognitoClient().send(new ResendConfirmationCodeCommand({ ClientId: clientId(), SecretHash: await secretHash(email), Username: email })));
}

/** Why a reset is mailed: the CustomMessage trigger words the mail for it (a sign-up attempt on a confirmed address). */
export type ResetPurpose = 'reset' | 'signup-attempt';

export async function getIdentity(email: string): Promise<Identity> {
  const user = await call(() => cognitoClient().send(new AdminGetUserCommand({ UserPoolId: setting('USER_POOL_ID'), Username: email })));
  return {
    userId: attribute(user.UserAttributes, 'sub') || user.Username!,
    email: attribute(user.UserAttributes, 'email') || email,
    name: attribute(user.UserAttributes, 'name'),
  };
}

/** Checks the password with Cognito; answers who the user is. */
export async function authenticate(email: string, password: string): Promise<Identity> {
  const hash = await secretHash(email);
  const answer = await call(() =>
    cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password, ...(hash === undefined ? {} : { SECRET_HASH: hash }) },
      }),
    ),
  );
  const idToken = answer.AuthenticationResult?.IdToken;
  if (!idToken) throw new Error(`Cognito answered no ID token (challenge ${answer.ChallengeName ?? 'none'})`);
  // The token comes straight from Cognito over TLS in this call: its claims are read, not re-verified.
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { userId: String(claims.sub ?? ''), email: String(claims.email ?? email), name: String(claims.name ?? '') };
}

/** Whether `password` is that of the sign-up waiting for its code at `email` (Cognito says "not confirmed" only to the right one). */
export async function isPendingPassword(email: string, password: string): Promise<boolean> {
  try {
    await authenticate(email, password);
    return false;
  } catch (error) {
    if (error instanceof IdentityError) return error.reason === 'unconfirmed';
    throw error;
  }
}

export async function startPasswordReset(email: string, purpose: ResetPurpose = 'reset'): Promise<void> {
  await call(async () => cognitoClient().send(new ForgotPasswordCommand({ ClientId: clientId(), SecretHash: await secretHash(email), Username: email, ClientMetadata: { purpose } })));
}

export async function confirmPasswordReset(email: string, code: string, password: string): Promise<void> {
  await call(async () =>
    cognitoClient().send(new ConfirmForgotPasswordCommand({ ClientId: clientId(), SecretHash: await secretHash(email), Username: email, ConfirmationCode: code, Password: password })),
  );
}

export async function deleteIdentity(email: string): Promise<void> {
  await call(() => cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: setting('USER_POOL_ID'), Username: email })));
}
