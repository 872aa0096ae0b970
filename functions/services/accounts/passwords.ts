/**
 * What a password does for an account (docs/product.md#calls; issues 16 and 25): log in, reset it by mail,
 * and prove the owner before the account is deleted. Each attempt is counted per account, client address and
 * known browser before the password is checked (login-throttle.ts).
 */
import { deleteResetToken, findLiveResetToken } from '../../data/reset-tokens';
import { revokeUserSessions } from '../../data/sessions';
import { deleteUserItems } from '../../data/user-items';
import { deletionCheck } from '../../domain/account-deletion';
import { FORGOT_PASSWORD_ANSWER_MS } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { PASSWORD_POLICY_TEXT, passwordProblem } from '../../domain/password-policy';
import { parseResetToken } from '../../domain/reset-token';
import { nowSeconds } from '../../platform/clock';
import { logger } from '../../platform/logger';
import { deleteUserObjects } from '../../storage/user-data';
import { ServiceError } from '../service-error';
import { authenticate, confirmPasswordReset, deleteIdentity, IdentityError, resendCode, startPasswordReset, type ResetPurpose } from './identity';
import { knownDevice, rememberDevice } from './known-devices';
import { passwordAccepted, passwordFailed, takePasswordAttempt } from './login-throttle';
import { mayMail, senderLimited } from './mail-limits';
import { tieLogin } from './pending-sign-ups';
import type { Session } from './sessions';
import { signIn, type Browser, type SignedIn } from './sign-in';

/** How long a login refused by the identity service's own throttle is told to wait. */
const COGNITO_THROTTLE_WAIT_SECONDS = 60;

/** A new password that breaks the policy: 400 with what is wrong. */
export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ServiceError('invalid', problem);
}

/** A failed login. `signUpNonce`: the right password of a sign-up waiting for its code ties this browser to it (its cookie is to hold this). */
export class LoginRefused extends ServiceError {
  constructor(readonly signUpNonce: string | null = null) {
    super('unauthorized', MESSAGES.invalidLogin);
  }
}

/** Mails a reset link; an unknown or unconfirmed address, or the sender at its limit, is no error (the answer must not tell). */
export async function mailReset(email: string, purpose: ResetPurpose): Promise<void> {
  try {
    await startPasswordReset(email, purpose);
  } catch (error) {
    if (senderLimited(error, purpose === 'reset' ? 'reset' : 'notice')) return;
    if (!(error instanceof IdentityError) && (error as Error).name !== 'InvalidParameterException') throw error;
    logger.info('Password reset not started', { reason: (error as Error).name });
  }
}

/** The code again; the sender at its limit changes nothing in a failed login's answer (it is logged). */
async function resendCodeUnlessLimited(email: string): Promise<void> {
  try {
    await resendCode(email);
  } catch (error) {
    if (!senderLimited(error, 'code')) throw error;
  }
}

/** Signs in with the password; the browser is remembered for the account (issue 25). */
export async function logIn(email: string, password: string, { client, nonce, device }: Browser): Promise<SignedIn & { deviceToken: string }> {
  // A browser that has signed in to this account before is counted on its own (issue 25).
  const source = { address: client, device: await knownDevice(device, email) };
  const wait = await takePasswordAttempt(email, source);
  if (wait > 0) throw new ServiceError('too-many', MESSAGES.tooManyLogins(wait), wait);
  try {
    const signedIn = await signIn(await authenticate(email, password), 'password');
    const [deviceToken] = await Promise.all([rememberDevice(device, email, signedIn.user.id), passwordAccepted(email, source)]);
    return { ...signedIn, deviceToken };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    if (error.reason === 'throttled') throw new ServiceError('too-many', MESSAGES.tooManyLogins(COGNITO_THROTTLE_WAIT_SECONDS), COGNITO_THROTTLE_WAIT_SECONDS);
    if (error.reason !== 'unconfirmed') {
      await passwordFailed(email);
      throw new LoginRefused();
    }
    // The right password of an unconfirmed account: the code goes out again, and this browser may enter it
    // (the login page leads to the code screen), but the answer is any failed login's, so that it never
    // tells whether the address has an account (the cookie tells only who knows the password).
    const tied = await tieLogin(nonce, email, password);
    if (tied && (await mayMail('code', email, client))) await resendCodeUnlessLimited(email);
    throw new LoginRefused(tied);
  }
}

/** "Forgot Password?": the same answer, after the same time, whether or not the address has an account. */
export async function askPasswordReset(email: string, client: string): Promise<void> {
  const answerAt = Date.now() + FORGOT_PASSWORD_ANSWER_MS;
  if (await mayMail('reset', email, client)) await mailReset(email, 'reset');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
}

/** A new password from the mailed link's token; every session of the account ends. */
export async function resetPassword(token: string, password: string): Promise<void> {
  const parts = parseResetToken(token);
  const record = parts ? await findLiveResetToken(parts.tokenId) : null;
  if (!parts || !record) throw new ServiceError('invalid', MESSAGES.invalidResetToken);
  checkNewPassword(password);
  try {
    await confirmPasswordReset(record.email, parts.code, password);
  } catch (error) {
    if (error instanceof IdentityError && error.reason === 'invalid-password') throw new ServiceError('invalid', PASSWORD_POLICY_TEXT);
    if (error instanceof IdentityError) throw new ServiceError('invalid', MESSAGES.invalidResetToken);
    throw error;
  }
  await deleteResetToken(parts.tokenId);
  await revokeUserSessions(record.userId);
}

/** The account and everything of it goes, once the owner is proven: a typed password, or a fresh Google sign-in. */
export async function deleteAccount(session: Session, password: string, { client, device }: Browser): Promise<void> {
  const check = deletionCheck(session, password, nowSeconds());
  if (check.outcome === 'refused') throw new ServiceError(check.status === 400 ? 'invalid' : 'forbidden', check.message);
  if (check.outcome === 'check-password') {
    const source = { address: client, device: await knownDevice(device, session.email) };
    const wait = await takePasswordAttempt(session.email, source);
    if (wait > 0) throw new ServiceError('too-many', MESSAGES.tooManyLogins(wait), wait);
    try {
      await authenticate(session.email, password);
      await passwordAccepted(session.email, source);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      await passwordFailed(session.email);
      // 403, not 401: the session is fine, the password is not.
      throw new ServiceError('forbidden', MESSAGES.wrongPassword);
    }
  }
  // Data first, identity last: a failure part-way leaves an account that can sign in and delete again,
  // never data that no one can reach or remove. Items before objects: a running job checks its
  // transcript item after each write and removes what it wrote once it is gone (workflow handler).
  await deleteUserItems(session.userId);
  await deleteUserObjects(session.userId);
  await deleteIdentity(session.email);
  logger.info('Account deleted', { userId: session.userId });
}
