/**
 * The OpenID provider behind "Continue with Google": its endpoints, the code exchange and the ID token
 * check. The same code runs against the Cognito hosted UI (AWS) and the local stand-in; only the
 * settings from the composition root differ.
 */
import type { SignInMethod } from '../../domain/account-deletion';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { googleProviderSettings } from '../../platform/config';
import { appClientSecret } from './identity';
import { once, onceResolved } from '../../platform/lazy';

export interface OidcEndpoints {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

export interface GoogleProvider {
  clientId: string;
  /**
   * How a sign-in through it is recorded: 'google' (Google itself vouched for the person, which can
   * stand in for the password when deleting the account) or 'google-stand-in' (the local stand-in,
   * where anyone who can open its page may sign in as an allowed address: never proof of ownership).
   */
  signInMethod: Extract<SignInMethod, 'google' | 'google-stand-in'>;
  /** Added to the authorization request (Cognito: go straight to Google, not to the hosted UI's own form). */
  extraAuthorizeParams: Record<string, string>;
  endpoints(): Promise<OidcEndpoints>;
  /** The client's secret for the token endpoint (Cognito's app client has one), if any. */
  clientSecret(): Promise<string | undefined>;
}

/** A failure on the provider's side or of its answer; the user sees the generic Google failure text. */
export class GoogleProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoogleProviderError';
  }
}

const CALL_TIMEOUT_MS = 5000;

async function discover(issuer: string): Promise<OidcEndpoints> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (!res.ok) throw new GoogleProviderError(`Discovery answered ${res.status}`);
  const doc = (await res.json()) as Record<string, unknown>;
  const field = (name: string): string => {
    const value = doc[name];
    if (typeof value !== 'string' || !value) throw new GoogleProviderError(`Discovery document lacks ${name}`);
    return value;
  };
  // OpenID Connect Discovery 1.0, section 4.3: the issuer must be the one asked for.
  if (field('issuer') !== issuer) throw new GoogleProviderError('Discovery document names another issuer');
  return { issuer, authorizationEndpoint: field('authorization_endpoint'), tokenEndpoint: field('token_endpoint'), jwksUri: field('jwks_uri') };
}

/** The configured provider, or null when Google sign-in is not configured. */
export const googleProvider = once((): GoogleProvider | null => {
  const settings = googleProviderSettings();
  if (!settings) return null;
  if (settings.kind === 'cognito') {
    const endpoints: OidcEndpoints = {
      issuer: settings.issuer,
      authorizationEndpoint: `${settings.hostedUi}/oauth2/authorize`,
      tokenEndpoint: `${settings.hostedUi}/oauth2/token`,
      jwksUri: `${settings.issuer}/.well-known/jwks.json`,
    };
    return { clientId: settings.clientId, signInMethod: 'google', extraAuthorizeParams: { identity_provider: 'Google' }, endpoints: async () => endpoints, clientSecret: appClientSecret };
  }
  return {
    clientId: settings.clientId,
    signInMethod: 'google-stand-in',
    extraAuthorizeParams: {},
    // Discovered once per process; a failed discovery is retried at the next sign-in.
    endpoints: onceResolved(() => discover(settings.issuer)),
    // The stand-in's client is public (PKCE only).
    clientSecret: async () => undefined,
  };
});

/** Exchanges the authorization code (with the PKCE verifier) for the ID token. */
export async function exchangeCode(
  provider: GoogleProvider,
  input: { code: string; redirectUri: string; verifier: string },
): Promise<string> {
  const { tokenEndpoint } = await provider.endpoints();
  const secret = await provider.clientSecret();
  // RFC 6749 section 2.3.1: a confidential client authenticates with HTTP Basic (form-encoded id and secret).
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (secret !== undefined) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  const res = await fetch(tokenEndpoint, {
    method: 'POST',
    headers,
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: provider.clientId,
      code_verifier: input.verifier,
    }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new GoogleProviderError(`Token endpoint answered ${res.status} ${String(body.error ?? '')}`.trim());
  if (typeof body.id_token !== 'string') throw new GoogleProviderError('Token endpoint answered no ID token');
  return body.id_token;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The provider's signing keys, fetched when needed and cached (a new key id makes jose fetch again). */
function keySet(jwksUri: string): ReturnType<typeof createRemoteJWKSet> {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: CALL_TIMEOUT_MS });
    keySets.set(jwksUri, keys);
  }
  return keys;
}

/**
 * Verifies the ID token: signature by the provider's published keys, issuer, audience (our client),
 * expiry, and the nonce of this browser's attempt. Answers its payload; throws on any failure.
 */
export async function verifyIdToken(provider: GoogleProvider, idToken: string, nonce: string): Promise<JWTPayload> {
  const { issuer, jwksUri } = await provider.endpoints();
  const { payload } = await jwtVerify(idToken, keySet(jwksUri), {
    issuer,
    audience: provider.clientId,
    algorithms: ['RS256'],
    requiredClaims: ['sub', 'exp', 'iat'],
    clockTolerance: 60,
  });
  if (payload.nonce !== nonce) throw new GoogleProviderError('The ID token is for another sign-in attempt (nonce)');
  // Cognito issues access tokens with the same keys: only an ID token will do.
  if (payload.token_use !== undefined && payload.token_use !== 'id') throw new GoogleProviderError('Not an ID token');
  return payload;
}
