/**
 * Google sign-in (docs/product.md#screens-and-routes, #calls, docs/architecture.md#sessions-and-identity): `GET /login/google` starts the OAuth 2.0
 * authorization code flow with PKCE, `state` and a nonce; `GET /login/google/callback` finishes it and
 * starts our session. Every failure goes back to `/login?error=<code>`, where the login page explains it.
 */
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_ERROR_CODES,
  GOOGLE_FLOW_COOKIE,
  GOOGLE_FLOW_COOKIE_PATH,
  GOOGLE_FLOW_TTL_SECONDS,
  readGoogleClaims,
  type GoogleErrorCode,
} from '../domain/google-sign-in';
import { getConfig } from '../platform/config';
import { sameToken } from '../platform/constant-time';
import { secureCookies, sessionCookie } from '../http/cookies';
import { createDomainHandler, type RedirectReply } from '../http/handler';
import { clientAddress, header, readCookie, type ApiEvent } from '../http/http';
import { logger } from '../platform/logger';
import {
  authorizationUrl,
  decodeGoogleFlow,
  DisabledAccountError,
  encodeGoogleFlow,
  exchangeCode,
  googleCallbackFailed,
  googleCallbacksBlocked,
  googleProvider,
  newGoogleFlow,
  signInWithGoogle,
  verifyIdToken,
} from '../services/accounts';

const AFTER_SIGN_IN = '/post-login';

function flowCookie(value: string, maxAgeSeconds: number): string {
  const parts = [`${GOOGLE_FLOW_COOKIE}=${value}`, `Path=${GOOGLE_FLOW_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (secureCookies()) parts.push('Secure');
  return parts.join('; ');
}
const clearedFlowCookie = (): string => flowCookie('', 0);

const redirect = (location: string, cookies: string[] = []): RedirectReply => ({ location, cookies, headers: { 'referrer-policy': 'no-referrer' } });

const backToLogin = (code: GoogleErrorCode): RedirectReply => redirect(`/login?error=${code}`, [clearedFlowCookie()]);

/**
 * The app origin the browser is on, for the redirect URI: the request's own host when it is one of the
 * app's origins (local: 127.0.0.1 or localhost), else the public origin (AWS: CloudFront forwards no Host).
 */
function appOrigin(event: ApiEvent): string {
  const { APP_ORIGINS, publicOrigin } = getConfig();
  const host = header(event, 'host');
  if (host) {
    const match = [`https://${host}`, `http://${host}`].find((origin) => APP_ORIGINS.includes(origin));
    if (match) return match;
  }
  return publicOrigin;
}

export const handler = createDomainHandler('google', {
  'GET /login/google': async ({ event }) => {
    const provider = googleProvider();
    if (!provider) return backToLogin(GOOGLE_ERROR_CODES.unavailable);
    let authorizationEndpoint: string;
    try {
      ({ authorizationEndpoint } = await provider.endpoints());
    } catch (error) {
      logger.error('Google sign-in: the provider could not be reached', { error: error as Error });
      return backToLogin(GOOGLE_ERROR_CODES.failed);
    }
    const flow = newGoogleFlow();
    const location = authorizationUrl(authorizationEndpoint, {
      clientId: provider.clientId,
      redirectUri: `${appOrigin(event)}${GOOGLE_CALLBACK_PATH}`,
      flow,
      extraParams: provider.extraAuthorizeParams,
    });
    return redirect(location, [flowCookie(encodeGoogleFlow(flow), GOOGLE_FLOW_TTL_SECONDS)]);
  },

  'GET /login/google/callback': async ({ event, query }) => {
    // The attempt's cookie is used once: every answer from here clears it.
    const flow = decodeGoogleFlow(readCookie(event, GOOGLE_FLOW_COOKIE));
    const providerError = query.error;
    if (providerError) {
      logger.info('Google sign-in ended at the provider', { providerError });
      return backToLogin(providerError === 'access_denied' ? GOOGLE_ERROR_CODES.denied : GOOGLE_ERROR_CODES.failed);
    }
    const address = clientAddress(event);
    if (await googleCallbacksBlocked(address)) return backToLogin(GOOGLE_ERROR_CODES.throttled);
    const { code } = query;
    if (!flow || !code || !sameToken(query.state, flow.state)) {
      await googleCallbackFailed(address);
      return backToLogin(GOOGLE_ERROR_CODES.state);
    }
    const provider = googleProvider();
    if (!provider) return backToLogin(GOOGLE_ERROR_CODES.unavailable);

    let payload: Record<string, unknown>;
    try {
      const idToken = await exchangeCode(provider, { code, redirectUri: `${appOrigin(event)}${GOOGLE_CALLBACK_PATH}`, verifier: flow.verifier });
      payload = await verifyIdToken(provider, idToken, flow.nonce);
    } catch (error) {
      logger.warn('Google sign-in: code exchange or ID token refused', { error: error as Error });
      await googleCallbackFailed(address);
      return backToLogin(GOOGLE_ERROR_CODES.failed);
    }
    const claims = readGoogleClaims(payload);
    if (claims === 'unverified') return backToLogin(GOOGLE_ERROR_CODES.unverified);
    if (claims === 'invalid') {
      await googleCallbackFailed(address);
      return backToLogin(GOOGLE_ERROR_CODES.failed);
    }
    try {
      const sessionToken = await signInWithGoogle(claims, provider.signInMethod);
      return redirect(AFTER_SIGN_IN, [sessionCookie(sessionToken), clearedFlowCookie()]);
    } catch (error) {
      if (error instanceof DisabledAccountError) return backToLogin(GOOGLE_ERROR_CODES.failed);
      logger.error('Google sign-in: the account could not be signed in', { error: error as Error });
      return backToLogin(GOOGLE_ERROR_CODES.failed);
    }
  },
});
