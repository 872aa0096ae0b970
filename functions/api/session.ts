/** Session domain: who is signed in, login and logout (SPEC.md section 7). */
import { LOGIN_THROTTLE } from '../domain/constants';
import { MESSAGES } from '../domain/messages';
import { createDomainHandler } from '../lib/handler';
import { clientAddress, HttpError } from '../lib/http';
import { authenticate, IdentityError } from '../lib/identity';
import { clearedSessionCookie, deleteSession } from '../lib/sessions';
import { signIn } from '../lib/sign-in';
import { clearFailures, isThrottled, recordFailure, type ThrottleRule } from '../lib/throttle';

const PER_EMAIL: ThrottleRule = { scope: 'login-email', limit: LOGIN_THROTTLE.perEmail, windowSeconds: LOGIN_THROTTLE.windowSeconds };
const PER_ADDRESS: ThrottleRule = { scope: 'login-address', limit: LOGIN_THROTTLE.perAddress, windowSeconds: LOGIN_THROTTLE.windowSeconds };

export const handler = createDomainHandler('session', {
  'GET /api/session': async ({ session }) => ({
    body: { email: session.email, user: session.userId, first_login: session.firstLogin, sign_in_method: session.method },
  }),

  'POST /api/login': async ({ event, body: { email, password } }) => {
    const address = clientAddress(event);
    const throttled = await Promise.all([isThrottled(PER_EMAIL, email), isThrottled(PER_ADDRESS, address)]);
    if (throttled.some(Boolean)) throw new HttpError(429, MESSAGES.tooManyLogins);
    try {
      const { cookie, user } = await signIn(await authenticate(email, password), 'password');
      await clearFailures(PER_EMAIL, email);
      return { body: { user }, cookies: [cookie] };
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      if (error.reason === 'unconfirmed') throw new HttpError(403, MESSAGES.unconfirmed);
      if (error.reason === 'throttled') throw new HttpError(429, MESSAGES.tooManyLogins);
      await Promise.all([recordFailure(PER_EMAIL, email), recordFailure(PER_ADDRESS, address)]);
      throw new HttpError(401, MESSAGES.invalidLogin);
    }
  },

  'POST /logout': async ({ sessionToken }) => {
    await deleteSession(sessionToken);
    return { body: { message: MESSAGES.loggedOut }, cookies: [clearedSessionCookie()] };
  },
});
