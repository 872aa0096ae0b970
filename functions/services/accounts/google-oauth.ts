/** The OAuth 2.0 helpers of Google sign-in: random tokens, PKCE (S256), the flow cookie's value, the authorization URL. */
import { createHash, randomBytes } from 'node:crypto';
import { GOOGLE_SCOPES } from '../../domain/google-sign-in';

const TOKEN_BYTES = 32;
/** base64url of 32 bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const randomToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** RFC 7636 S256: the challenge is base64url(SHA-256(verifier)). */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

export interface GoogleFlow {
  state: string;
  /** The PKCE code verifier (43 characters, within RFC 7636's 43 to 128). */
  verifier: string;
  nonce: string;
}

export const newGoogleFlow = (): GoogleFlow => ({ state: randomToken(), verifier: randomToken(), nonce: randomToken() });

export const encodeGoogleFlow = ({ state, verifier, nonce }: GoogleFlow): string => `${state}.${verifier}.${nonce}`;

/** Reads the cookie value back; anything malformed is no flow at all. */
export function decodeGoogleFlow(value: string | undefined): GoogleFlow | null {
  const parts = value?.split('.');
  if (!parts || parts.length !== 3 || !parts.every((part) => TOKEN_PATTERN.test(part))) return null;
  const [state, verifier, nonce] = parts as [string, string, string];
  return { state, verifier, nonce };
}


/** The provider's authorization URL for one attempt. */
export function authorizationUrl(
  endpoint: string,
  input: { clientId: string; redirectUri: string; flow: GoogleFlow; extraParams?: Record<string, string> },
): string {
  const url = new URL(endpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    scope: GOOGLE_SCOPES,
    state: input.flow.state,
    nonce: input.flow.nonce,
    code_challenge: pkceChallenge(input.flow.verifier),
    code_challenge_method: 'S256',
    ...input.extraParams,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}
