/**
 * Google sign-in (docs/architecture.md#sessions-and-identity): OAuth 2.0 authorization code with PKCE (S256), `state` and an
 * OpenID `nonce`. Constants and claim reading, shared by the handler, the local stand-in and the web app
 * (so no Node.js imports here; the random and hashing helpers are in functions/services/accounts/google-oauth.ts).
 */

/** Where the provider sends the browser back, on the app's own origin (served by the API). */
export const GOOGLE_CALLBACK_PATH = '/login/google/callback';
export const GOOGLE_SCOPES = 'openid email profile';

/** The short-lived cookie that binds a sign-in attempt to the browser that started it. */
export const GOOGLE_FLOW_COOKIE = 'g_flow';
/** Sent only to the callback. */
export const GOOGLE_FLOW_COOKIE_PATH = '/login/google';
/** Time to sign in at the provider before the attempt expires. */
export const GOOGLE_FLOW_TTL_SECONDS = 10 * 60;

/**
 * Why a Google sign-in ended back on /login: `/login?error=<code>`. The web app shows a text per code
 * (web/src/features/auth/texts.ts, `GOOGLE_TEXTS.errors`).
 */
export const GOOGLE_ERROR_CODES = {
  /** The person cancelled or refused at the provider. */
  denied: 'google_denied',
  /** The state is missing, expired or does not match this browser's attempt. */
  state: 'google_state',
  /** The provider's account has no verified e-mail address. */
  unverified: 'google_unverified',
  /** Google sign-in is not configured on this deployment. */
  unavailable: 'google_unavailable',
  /** Too many failed attempts from this address. */
  throttled: 'google_throttled',
  /** The code exchange or the ID token failed, or the provider could not be reached. */
  failed: 'google_failed',
} as const;
export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[keyof typeof GOOGLE_ERROR_CODES];

/** Failed callbacks allowed per client address per window (each costs a token exchange). */
export const GOOGLE_THROTTLE = { limit: 20, windowSeconds: 15 * 60 } as const;

/** The claims we read from a verified ID token. */
export interface GoogleClaims {
  sub: string;
  email: string;
  name: string;
  /** Cognito only: the pool's user name of the federated user the hosted UI made (e.g. Google_1234). */
  cognitoUsername?: string;
}

/** `email_verified` is a boolean in Google's tokens and may be the string "true" in Cognito's. */
export const isVerifiedEmail = (value: unknown): boolean => value === true || value === 'true';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What we need from the ID token's payload (signature, issuer, audience, expiry and nonce already
 * checked): a verified e-mail, or the reason there is none.
 */
export function readGoogleClaims(payload: Record<string, unknown>): GoogleClaims | 'unverified' | 'invalid' {
  const sub = typeof payload.sub === 'string' ? payload.sub : '';
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!sub) return 'invalid';
  if (!EMAIL_PATTERN.test(email) || !isVerifiedEmail(payload.email_verified)) return 'unverified';
  const name = typeof payload.name === 'string' ? payload.name.trim().slice(0, 100) : '';
  const cognitoUsername = typeof payload['cognito:username'] === 'string' && Array.isArray(payload.identities) ? payload['cognito:username'] : undefined;
  return { sub, email, name, ...(cognitoUsername ? { cognitoUsername } : {}) };
}
