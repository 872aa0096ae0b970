/** Accounts domain: sign-up, e-mail verification, password reset and account deletion (SPEC.md section 7). */
import { deletionCheck } from '../domain/account-deletion';
import { LOGIN_THROTTLE, VERIFY_THROTTLE } from '../domain/constants';
import { MESSAGES } from '../domain/messages';
import { PASSWORD_POLICY_TEXT, passwordProblem } from '../domain/password-policy';
import { parseResetToken } from '../domain/reset-token';
import { db } from '../data/db';
import { createDomainHandler } from '../lib/handler';
import { HttpError } from '../lib/http';
import { authenticate, confirmPasswordReset, confirmSignUp, deleteIdentity, getIdentity, IdentityError, signUp, startPasswordReset } from '../lib/identity';
import { logger } from '../lib/logger';
import { clearedSessionCookie, revokeUserSessions } from '../lib/sessions';
import { signIn } from '../lib/sign-in';
import { isThrottled, recordFailure, type ThrottleRule } from '../lib/throttle';
import { deleteUserItems, deleteUserObjects } from '../lib/user-data';

const WRONG_CODES: ThrottleRule = { scope: 'verify-email', limit: VERIFY_THROTTLE.perEmail, windowSeconds: VERIFY_THROTTLE.windowSeconds };
/** Deleting the account re-checks the password: the same budget as logins. */
const PASSWORD_CHECKS: ThrottleRule = { scope: 'login-email', limit: LOGIN_THROTTLE.perEmail, windowSeconds: LOGIN_THROTTLE.windowSeconds };

function refuseWeakPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, problem);
}

export const handler = createDomainHandler('accounts', {
  'POST /signup': async ({ body: { name, email, password } }) => {
    refuseWeakPassword(password);
    try {
      await signUp(name, email, password);
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'exists') throw new HttpError(409, MESSAGES.emailTaken);
      if (error instanceof IdentityError && error.reason === 'invalid-password') throw new HttpError(400, PASSWORD_POLICY_TEXT);
      throw error;
    }
    return { body: { message: MESSAGES.codeSent(email) } };
  },

  'POST /verify-code': async ({ body: { email, code } }) => {
    if (await isThrottled(WRONG_CODES, email)) throw new HttpError(429, MESSAGES.tooManyCodes);
    try {
      await confirmSignUp(email, code);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      if (error.reason === 'already-confirmed') throw new HttpError(409, MESSAGES.alreadyVerified);
      if (error.reason === 'throttled') throw new HttpError(429, MESSAGES.tooManyCodes);
      await recordFailure(WRONG_CODES, email);
      throw new HttpError(400, MESSAGES.invalidCode);
    }
    const { cookie, user } = await signIn(await getIdentity(email), 'password');
    return { body: { message: MESSAGES.verified, user }, cookies: [cookie] };
  },

  'POST /api/forgot-password': async ({ body: { email } }) => {
    try {
      await startPasswordReset(email);
    } catch (error) {
      // Unknown or unconfirmed accounts get the same answer: the reply must not tell whether an account exists.
      if (!(error instanceof IdentityError) && (error as Error).name !== 'InvalidParameterException') throw error;
      logger.info('Password reset not started', { reason: (error as Error).name });
    }
    return { body: { message: MESSAGES.resetRequested } };
  },

  'POST /api/reset-password': async ({ body: { token, password } }) => {
    const parts = parseResetToken(token);
    const record = parts ? (await db().entities.resetToken.get({ tokenId: parts.tokenId }).go()).data : null;
    if (!parts || !record || record.expiresAt <= Date.now() / 1000) throw new HttpError(400, MESSAGES.invalidResetToken);
    refuseWeakPassword(password);
    try {
      await confirmPasswordReset(record.email, parts.code, password);
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'invalid-password') throw new HttpError(400, PASSWORD_POLICY_TEXT);
      if (error instanceof IdentityError) throw new HttpError(400, MESSAGES.invalidResetToken);
      throw error;
    }
    await db().entities.resetToken.delete({ tokenId: parts.tokenId }).go();
    await revokeUserSessions(record.userId);
    return { body: { message: MESSAGES.resetDone } };
  },

  'POST /api/delete-account': async ({ session, body: { password } }) => {
    // A typed password is checked; without one, only a fresh Google sign-in proves it is the owner.
    const check = deletionCheck(session, password, Math.floor(Date.now() / 1000));
    if (check.outcome === 'refused') throw new HttpError(check.status, check.message);
    if (check.outcome === 'check-password') {
      if (await isThrottled(PASSWORD_CHECKS, session.email)) throw new HttpError(429, MESSAGES.tooManyLogins);
      try {
        await authenticate(session.email, password);
      } catch (error) {
        if (!(error instanceof IdentityError)) throw error;
        await recordFailure(PASSWORD_CHECKS, session.email);
        // 403, not 401: the session is fine, the password is not.
        throw new HttpError(403, MESSAGES.wrongPassword);
      }
    }
    // Data first, identity last: a failure part-way leaves an account that can sign in and delete again,
    // never data that no one can reach or remove.
    await deleteUserObjects(session.userId);
    await deleteUserItems(session.userId);
    await deleteIdentity(session.email);
    logger.info('Account deleted', { userId: session.userId });
    return { body: { message: MESSAGES.accountDeleted }, cookies: [clearedSessionCookie()] };
  },
});
