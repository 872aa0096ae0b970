/** Session domain: who is signed in, login and logout (docs/product.md#calls). */
import { MESSAGES } from '../domain/messages';
import { createDomainHandler } from '../http/handler';
import { clientAddress, HttpError } from '../http/http';
import { authenticate, IdentityError, resendCode } from '../services/accounts/identity';
import { passwordAccepted, passwordFailed, takePasswordAttempt } from '../services/accounts/login-throttle';
import { mayMail, senderLimited } from '../services/accounts/mail-limits';
import { knownDevice, rememberDevice } from '../services/accounts/known-devices';
import { tieLogin } from '../services/accounts/pending-sign-ups';
import { clearedSessionCookie, deleteSession } from '../services/accounts/sessions';
import { signIn } from '../services/accounts/sign-in';

/** How long a login refused by the identity service's own throttle is told to wait. */
const COGNITO_THROTTLE_WAIT_SECONDS = 60;

/** The code again; the sender at its limit changes nothing in a failed login's answer (it is logged). */
async function resendCodeUnlessLimited(email: string): Promise<void> {
  try {
    await resendCode(email);
  } catch (error) {
    if (!senderLimited(error, 'code')) throw error;
  }
}

export const handler = createDomainHandler('session', {
  'GET /api/session': async ({ session }) => ({
    body: { email: session.email, user: session.userId, first_login: session.firstLogin, sign_in_method: session.method },
  }),

  'POST /api/login': async ({ event, body: { email, password } }) => {
    const address = clientAddress(event);
    // A browser that has signed in to this account before is counted on its own (issue 25).
    const source = { address, device: await knownDevice(event, email) };
    const wait = await takePasswordAttempt(email, source);
    if (wait > 0) throw new HttpError(429, MESSAGES.tooManyLogins(wait), wait);
    try {
      const { cookie, user } = await signIn(await authenticate(email, password), 'password');
      const [device] = await Promise.all([rememberDevice(event, email, user.id), passwordAccepted(email, source)]);
      return { body: { user }, cookies: [cookie, device] };
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      if (error.reason === 'throttled') throw new HttpError(429, MESSAGES.tooManyLogins(COGNITO_THROTTLE_WAIT_SECONDS), COGNITO_THROTTLE_WAIT_SECONDS);
      if (error.reason !== 'unconfirmed') {
        await passwordFailed(email);
        throw new HttpError(401, MESSAGES.invalidLogin);
      }
      // The right password of an unconfirmed account: the code goes out again, and this browser may enter it
      // (the login page leads to the code screen), but the answer is any failed login's, so that it never
      // tells whether the address has an account (the cookie tells only who knows the password).
      const tied = await tieLogin(event, email, password);
      if (tied && (await mayMail('code', email, address))) await resendCodeUnlessLimited(email);
      throw new HttpError(401, MESSAGES.invalidLogin, undefined, tied ? [tied] : undefined);
    }
  },

  'POST /logout': async ({ sessionToken }) => {
    await deleteSession(sessionToken);
    return { body: { message: MESSAGES.loggedOut }, cookies: [clearedSessionCookie()] };
  },
});
