/** Session domain: who is signed in, login and logout (docs/product.md#calls). */
import { MESSAGES } from '../domain/messages';
import { clearedSessionCookie, deviceCookie, heldCookies, sessionCookie, signUpCookie } from '../http/cookies';
import { createDomainHandler } from '../http/handler';
import { clientAddress, withCookies } from '../http/http';
import * as accounts from '../services/accounts';

export const handler = createDomainHandler('session', {
  'GET /api/session': async ({ session }) => ({
    body: { email: session.email, user: session.userId, first_login: session.firstLogin, sign_in_method: session.method },
  }),

  'POST /api/login': async ({ event, body: { email, password } }) => {
    // The right password of a sign-up waiting for its code: the refusal ties this browser to it (its sign-up cookie).
    const tied = (refusal: unknown): string[] => (refusal instanceof accounts.LoginRefused && refusal.signUpNonce ? [signUpCookie(refusal.signUpNonce)] : []);
    const { sessionToken, user, deviceToken } = await withCookies(tied, () => accounts.logIn(email, password, { client: clientAddress(event), ...heldCookies(event) }));
    return { body: { user }, cookies: [sessionCookie(sessionToken), deviceCookie(deviceToken)] };
  },

  'POST /logout': async ({ sessionToken }) => {
    await accounts.logOut(sessionToken);
    return { body: { message: MESSAGES.loggedOut }, cookies: [clearedSessionCookie()] };
  },
});
