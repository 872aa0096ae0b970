/** Accounts domain: sign-up, e-mail verification, password reset and account deletion (docs/product.md#calls). */
import { deletionCheck } from '../domain/account-deletion';
import { FORGOT_PASSWORD_ANSWER_MS, VERIFY_THROTTLE } from '../domain/constants';
import { MESSAGES } from '../domain/messages';
import { PASSWORD_POLICY_TEXT, passwordProblem } from '../domain/password-policy';
import { parseResetToken } from '../domain/reset-token';
import { deleteResetToken, findLiveResetToken } from '../data/reset-tokens';
import { revokeUserSessions } from '../data/sessions';
import { deleteUserItems } from '../data/user-items';
import { createDomainHandler } from '../http/handler';
import { clientAddress, HttpError } from '../http/http';
import { accountState, authenticate, confirmPasswordReset, confirmSignUp, deleteIdentity, getIdentity, IdentityError, resendCode, signUp, startPasswordReset, type ResetPurpose } from '../services/accounts/identity';
import { logger } from '../platform/logger';
import { passwordAccepted, passwordFailed, takePasswordAttempt } from '../services/accounts/login-throttle';
import { mailWait, mayMail, noteSignUp, resendWait, senderLimited, signUpWait } from '../services/accounts/mail-limits';
import { knownDevice, rememberDevice } from '../services/accounts/known-devices';
import { endSignUp, signUpCookie, signUpMadeHere, tieSignUp } from '../services/accounts/pending-sign-ups';
import { clearedSessionCookie } from '../services/accounts/sessions';
import { signIn } from '../services/accounts/sign-in';
import { clearFailures, pairKey, secondsLeft, waitToTakeAll, type ThrottleRule } from '../services/throttle';
import { deleteUserObjects } from '../storage/user-data';

const codeRule = (scope: string, limit: number): ThrottleRule => ({ scope, limit, windowSeconds: VERIFY_THROTTLE.windowSeconds });
/** Code attempts on a sign-up from one client address, of the browsers that may confirm it (see below). */
const CODES_FROM_ADDRESS = codeRule('verify-pair', VERIFY_THROTTLE.perEmailAndAddress);
/** Code attempts on a sign-up from anywhere, of the browsers that may confirm it. */
const CODES_OF_EMAIL = codeRule('verify-email', VERIFY_THROTTLE.perEmail);

function refuseWeakPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, problem);
}

/** How long "Send a new code" says to wait once the mail sender's limit is reached (Cognito's own: 50 a day). */
const MAIL_LIMIT_RETRY_SECONDS = 3600;

/** Mails a reset link; an unknown or unconfirmed address, or the sender at its limit, is no error (the answer must not tell). */
async function mailReset(email: string, purpose: ResetPurpose): Promise<void> {
  try {
    await startPasswordReset(email, purpose);
  } catch (error) {
    if (senderLimited(error, purpose === 'reset' ? 'reset' : 'notice')) return;
    if (!(error instanceof IdentityError) && (error as Error).name !== 'InvalidParameterException') throw error;
    logger.info('Password reset not started', { reason: (error as Error).name });
  }
}

export const handler = createDomainHandler('accounts', {
  // Every sign-up answers alike, whether or not the address has an account (issue 16), and sets the
  // browser's sign-up cookie alike (the one it holds, kept): only a sign-up that was made is tied to it.
  'POST /signup': async ({ event, body: { name, email, password } }) => {
    refuseWeakPassword(password);
    const client = clientAddress(event);
    const { nonce, cookie } = signUpCookie(event);
    const flood = await signUpWait(client);
    if (flood > 0) throw new HttpError(429, MESSAGES.tooManySignUps(flood), flood, [cookie]);
    const answer = { body: { message: MESSAGES.codeSent(email) }, cookies: [cookie] };
    const state = await accountState(email);
    // When the address's sign-up mails are used up (someone else's sign-ups, perhaps), nothing changes and the
    // answer says how long to wait (issue 25), never "we sent a code" with nothing sent; but the browser whose
    // sign-up waits (a retyped form) has its code, which still confirms there. Only sign-ups count here (a
    // code for a new address, a notice for a confirmed one, by the same rules), so for any address the waits
    // follow the sign-ups the asker can see, and tell nothing of the account.
    const mailed = await mailWait(state === 'confirmed' ? 'notice' : 'signup', email, client);
    if (mailed > 0) {
      if (await signUpMadeHere(event, email)) return answer;
      throw new HttpError(429, MESSAGES.signUpMailWait(email, mailed), mailed, [cookie]);
    }
    await noteSignUp(email, client);
    // The owner hears that someone tried (with a reset link, should it have been them).
    if (state === 'confirmed') {
      await mailReset(email, 'signup-attempt');
      return answer;
    }
    // A pending sign-up is replaced, whoever made it: its code dies with it, and the new one is confirmed
    // only from this browser, so confirming never keeps a password the owner did not set.
    if (state === 'unconfirmed') await deleteIdentity(email);
    try {
      await tieSignUp(email, await signUp(name, email, password), nonce);
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'invalid-password') throw new HttpError(400, PASSWORD_POLICY_TEXT);
      // The sender at its limit, or a concurrent sign-up that made it first: the same answer.
      if (!senderLimited(error, 'code') && !(error instanceof IdentityError && error.reason === 'exists')) throw error;
    }
    return answer;
  },

  'POST /verify-code': async ({ event, body: { email, code } }) => {
    // Only a pending sign-up is confirmed here (a confirmed account's codes, a reset's, are no way in), and
    // only from the browser that made it: the code in the owner's inbox may be for someone else's password.
    // Other browsers are refused before any count, so a stranger's guesses (even from the owner's network)
    // can't use up the owner's attempts.
    const waiting = await signUpMadeHere(event, email);
    if (!waiting) throw new HttpError(400, MESSAGES.invalidCode);
    // Counted per sign-up: an attacker's guesses on the sign-up they made don't count against the owner's next one.
    const signUpKey = `${email}\n${waiting}`;
    const here = pairKey(signUpKey, clientAddress(event));
    // Taken before the code is checked, atomically: parallel guesses can't outrun the limits.
    const wait = await waitToTakeAll([[CODES_FROM_ADDRESS, here]]) || (await waitToTakeAll([[CODES_OF_EMAIL, signUpKey]]));
    if (wait > 0) throw new HttpError(429, MESSAGES.tooManyCodes(wait), wait);
    try {
      await confirmSignUp(email, code);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      if (error.reason === 'throttled') throw new HttpError(429, MESSAGES.tooManyCodes(secondsLeft(CODES_OF_EMAIL)), secondsLeft(CODES_OF_EMAIL));
      throw new HttpError(400, MESSAGES.invalidCode);
    }
    const [ended] = await Promise.all([endSignUp(email), clearFailures(CODES_FROM_ADDRESS, here), clearFailures(CODES_OF_EMAIL, signUpKey)]);
    const { cookie, user } = await signIn(await getIdentity(email), 'password');
    // This browser chose the password: its later logins are counted on their own (issue 25).
    return { body: { message: MESSAGES.verified, user }, cookies: [cookie, ended, await rememberDevice(event, email, user.id)] };
  },

  // The same answer whether or not the address waits for a code; the wait counts only this asker's own requests.
  'POST /api/resend-code': async ({ event, body: { email } }) => {
    const wait = await resendWait(email, clientAddress(event));
    // The hour's wait can be short too (its window ends on the hour): the text, not the wait, says which rule.
    if (wait) throw new HttpError(429, wait.rule === 'gap' ? MESSAGES.resendTooSoon(wait.seconds) : MESSAGES.resendHourLimit(wait.seconds), wait.seconds);
    // Only for a sign-up this browser made (a code for another's would confirm nothing here), within the
    // address's own mail limits. Used up, this browser is told the wait (it made the sign-up: that tells it
    // nothing new), never "a new code is on its way" with none sent (issue 25); any other asker hears "sent".
    if (await signUpMadeHere(event, email)) {
      const mailed = await mailWait('code', email, clientAddress(event));
      if (mailed > 0) throw new HttpError(429, MESSAGES.resendAddressLimit(mailed), mailed);
      try {
        await resendCode(email);
      } catch (error) {
        // Said, with the wait: only the browser that made this sign-up gets here, so it tells nothing new.
        if (senderLimited(error, 'code')) throw new HttpError(429, MESSAGES.mailLimit, MAIL_LIMIT_RETRY_SECONDS);
        // Confirmed or deleted meanwhile: nothing to send, and the answer must not tell.
        if (!(error instanceof IdentityError) && (error as Error).name !== 'InvalidParameterException') throw error;
      }
    }
    return { body: { message: MESSAGES.codeResent(email) } };
  },

  'POST /api/forgot-password': async ({ event, body: { email } }) => {
    // The same answer, after the same time, whether or not the address has an account.
    const answerAt = Date.now() + FORGOT_PASSWORD_ANSWER_MS;
    if (await mayMail('reset', email, clientAddress(event))) await mailReset(email, 'reset');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
    return { body: { message: MESSAGES.resetRequested } };
  },

  'POST /api/reset-password': async ({ body: { token, password } }) => {
    const parts = parseResetToken(token);
    const record = parts ? await findLiveResetToken(parts.tokenId) : null;
    if (!parts || !record) throw new HttpError(400, MESSAGES.invalidResetToken);
    refuseWeakPassword(password);
    try {
      await confirmPasswordReset(record.email, parts.code, password);
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'invalid-password') throw new HttpError(400, PASSWORD_POLICY_TEXT);
      if (error instanceof IdentityError) throw new HttpError(400, MESSAGES.invalidResetToken);
      throw error;
    }
    await deleteResetToken(parts.tokenId);
    await revokeUserSessions(record.userId);
    return { body: { message: MESSAGES.resetDone } };
  },

  'POST /api/delete-account': async ({ event, session, body: { password } }) => {
    // A typed password is checked; without one, only a fresh Google sign-in proves it is the owner.
    const check = deletionCheck(session, password, Math.floor(Date.now() / 1000));
    if (check.outcome === 'refused') throw new HttpError(check.status, check.message);
    if (check.outcome === 'check-password') {
      const source = { address: clientAddress(event), device: await knownDevice(event, session.email) };
      const wait = await takePasswordAttempt(session.email, source);
      if (wait > 0) throw new HttpError(429, MESSAGES.tooManyLogins(wait), wait);
      try {
        await authenticate(session.email, password);
        await passwordAccepted(session.email, source);
      } catch (error) {
        if (!(error instanceof IdentityError)) throw error;
        await passwordFailed(session.email);
        // 403, not 401: the session is fine, the password is not.
        throw new HttpError(403, MESSAGES.wrongPassword);
      }
    }
    // Data first, identity last: a failure part-way leaves an account that can sign in and delete again,
    // never data that no one can reach or remove. Items before objects: a running job checks its
    // transcript item after each write and removes what it wrote once it is gone (workflow handler).
    await deleteUserItems(session.userId);
    await deleteUserObjects(session.userId);
    await deleteIdentity(session.email);
    logger.info('Account deleted', { userId: session.userId });
    return { body: { message: MESSAGES.accountDeleted }, cookies: [clearedSessionCookie()] };
  },
});
