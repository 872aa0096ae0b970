/** Accounts domain: sign-up, e-mail verification, password reset and account deletion (docs/product.md#calls). */
import { MESSAGES } from '../domain/messages';
import { clearedSessionCookie, clearedSignUpCookie, deviceCookie, heldCookies, sessionCookie, signUpCookie } from '../http/cookies';
import { createDomainHandler } from '../http/handler';
import { clientAddress, withCookies } from '../http/http';
import * as accounts from '../services/accounts';

export const handler = createDomainHandler('accounts', {
  // Every sign-up answers alike, whether or not the address has an account (issue 16), and sets the
  // browser's sign-up cookie alike (the one it holds, kept), told to wait or not.
  'POST /signup': async ({ event, body }) => {
    accounts.checkNewPassword(body.password);
    const nonce = accounts.signUpNonce(heldCookies(event).nonce);
    const cookies = [signUpCookie(nonce)];
    const message = await withCookies((refusal) => (refusal.reason === 'too-many' ? cookies : []), () => accounts.signUpAccount(body, { client: clientAddress(event), nonce }));
    return { body: { message }, cookies };
  },

  'POST /verify-code': async ({ event, body: { email, code } }) => {
    const { sessionToken, user, deviceToken } = await accounts.verifySignUp(email, code, { client: clientAddress(event), ...heldCookies(event) });
    return { body: { message: MESSAGES.verified, user }, cookies: [sessionCookie(sessionToken), clearedSignUpCookie(), deviceCookie(deviceToken)] };
  },

  'POST /api/resend-code': async ({ event, body: { email } }) => {
    await accounts.askNewCode(email, { client: clientAddress(event), ...heldCookies(event) });
    return { body: { message: MESSAGES.codeResent(email) } };
  },

  'POST /api/forgot-password': async ({ event, body: { email } }) => {
    await accounts.askPasswordReset(email, clientAddress(event));
    return { body: { message: MESSAGES.resetRequested } };
  },

  'POST /api/reset-password': async ({ body: { token, password } }) => {
    await accounts.resetPassword(token, password);
    return { body: { message: MESSAGES.resetDone } };
  },

  'POST /api/delete-account': async ({ event, session, body: { password } }) => {
    await accounts.deleteAccount(session, password, { client: clientAddress(event), ...heldCookies(event) });
    return { body: { message: MESSAGES.accountDeleted }, cookies: [clearedSessionCookie()] };
  },
});
