/**
 * Google sign-in's accounts: one Cognito user per e-mail address, the same kind a password sign-up makes.
 *
 * - A confirmed account with the e-mail exists (signed up with a password, or by an earlier Google
 *   sign-in): Google has proven the address, so the person signs into that account.
 * - None exists: a user is created with the e-mail (marked verified), the name, and a random password
 *   nobody knows (the person can set one with "Forgot Password?" and then also log in with it).
 * - An unconfirmed sign-up with the e-mail exists: it was never proven, possibly made by someone else to
 *   take the address over; it holds no data (profiles are made at the first sign-in), so it is removed
 *   and the account is created as above.
 * - AWS: the hosted UI also puts a federated user (Google_<id>) in the pool for each Google sign-in. It
 *   is removed once the person is signed into their account, so the pool holds one user per person and
 *   account deletion (which removes the user by e-mail) leaves nothing of them behind.
 */
import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type AdminGetUserCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { GoogleClaims } from '../../domain/google-sign-in';
import { cognitoClient } from '../../platform/aws-clients';
import { setting } from '../../platform/config';
import type { Identity } from './identity';
import { logger } from '../../platform/logger';

const poolId = () => setting('USER_POOL_ID');
const isNamed = (error: unknown, ...names: string[]): boolean => names.includes((error as Error | undefined)?.name ?? '');

async function findUser(email: string): Promise<AdminGetUserCommandOutput | null> {
  try {
    return await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }));
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) return null;
    throw error;
  }
}

function toIdentity(user: AdminGetUserCommandOutput, fallback: GoogleClaims): Identity {
  const attribute = (name: string) => user.UserAttributes?.find((item) => item.Name === name)?.Value ?? '';
  return {
    userId: attribute('sub') || user.Username!,
    email: attribute('email') || fallback.email,
    name: attribute('name') || fallback.name,
  };
}

/** Meets the password policy (length, both cases, a digit); 32 random bytes nobody is told. */
const unusablePassword = (): string => `${randomBytes(32).toString('base64url')}Aa1`;

async function createUser(claims: GoogleClaims): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: claims.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: claims.email },
          { Name: 'email_verified', Value: 'true' },
          ...(claims.name ? [{ Name: 'name', Value: claims.name }] : []),
        ],
      }),
    );
  } catch (error) {
    // Two first sign-ins at once: the other one made the user.
    if (!isNamed(error, 'UsernameExistsException', 'AliasExistsException')) throw error;
    return;
  }
  // Confirmed, with a password nobody knows: "Forgot Password?" works for this account from now on.
  await cognitoClient().send(new AdminSetUserPasswordCommand({ UserPoolId: poolId(), Username: claims.email, Password: unusablePassword(), Permanent: true }));
}

/** The account a verified Google e-mail signs into, created when there is none (see the module comment). */
export async function identityForGoogle(claims: GoogleClaims): Promise<Identity> {
  if (claims.cognitoUsername) await removeFederatedUser(claims.cognitoUsername);
  let user = await findUser(claims.email);
  if (user && user.UserStatus === 'UNCONFIRMED') {
    logger.info('Google sign-in replaces an unconfirmed sign-up with the same e-mail');
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: claims.email }));
    user = null;
  }
  if (!user) {
    await createUser(claims);
    user = await findUser(claims.email);
    if (!user) throw new Error('The Google account was created but cannot be read back');
  }
  if (user.Enabled === false) throw new DisabledAccountError();
  return toIdentity(user, claims);
}

/** An account an operator disabled: no sign-in, by Google either. */
export class DisabledAccountError extends Error {
  constructor() {
    super('The account is disabled');
    this.name = 'DisabledAccountError';
  }
}

/** Removes the hosted UI's federated user (Google_<id>); the next Google sign-in makes a new one. */
async function removeFederatedUser(username: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }));
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) return;
    // Not fatal for the sign-in; the next Google sign-in tries again.
    logger.warn('Could not remove the federated Google user', { error: error as Error });
  }
}
