/** Google sign-in's OAuth helpers (PKCE, state, the flow cookie, the authorization URL), claim reading, and the provider settings. */
import { createHash } from 'node:crypto';
import { GOOGLE_SCOPES, isVerifiedEmail, readGoogleClaims } from '../../functions/domain/google-sign-in';
import { googleProviderSettings, resetConfig } from '../../functions/platform/config';
import { sameToken } from '../../functions/platform/constant-time';
import { authorizationUrl, decodeGoogleFlow, encodeGoogleFlow, newGoogleFlow, pkceChallenge, randomToken } from '../../functions/services/accounts/google-oauth';
import { googleProvider } from '../../functions/services/accounts/google-provider';

describe('PKCE', () => {
  it('derives the S256 challenge as RFC 7636 appendix B does', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 URL-safe characters from 32 random bytes, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 200 }, randomToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const verifier = randomToken();
    expect(pkceChallenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });
});

describe('the flow cookie (state, verifier, nonce)', () => {
  it('round-trips a fresh attempt, whose three parts all differ', () => {
    const flow = newGoogleFlow();
    expect(new Set([flow.state, flow.verifier, flow.nonce]).size).toBe(3);
    expect(decodeGoogleFlow(encodeGoogleFlow(flow))).toEqual(flow);
  });

  it.each([undefined, '', 'a.b.c', `${randomToken()}.${randomToken()}`, `${randomToken()}.${randomToken()}.${randomToken()}.x`, `${randomToken()};.${randomToken()}.${randomToken()}`])(
    'refuses a malformed value (%s)',
    (value) => {
      expect(decodeGoogleFlow(value)).toBeNull();
    },
  );

  it('compares states in constant time, and only equal strings match', () => {
    const state = randomToken();
    expect(sameToken(state, state.slice())).toBe(true);
    expect(sameToken(state, `${state.slice(0, -1)}x`)).toBe(false);
    expect(sameToken(state, state.slice(0, 10))).toBe(false);
    expect(sameToken(undefined, state)).toBe(false);
    expect(sameToken(state, undefined)).toBe(false);
  });
});

describe('authorizationUrl', () => {
  it('asks for the code flow with PKCE S256, state, nonce and the OpenID scopes, plus the provider extras', () => {
    const flow = newGoogleFlow();
    const url = new URL(
      authorizationUrl('https://auth.example.com/oauth2/authorize', {
        clientId: 'client-1',
        redirectUri: 'https://app.example.com/login/google/callback',
        flow,
        extraParams: { identity_provider: 'Google' },
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.example.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'https://app.example.com/login/google/callback',
      scope: GOOGLE_SCOPES,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: pkceChallenge(flow.verifier),
      code_challenge_method: 'S256',
      identity_provider: 'Google',
    });
    // The verifier itself never leaves the server.
    expect(url.toString()).not.toContain(flow.verifier);
  });
});

describe('readGoogleClaims', () => {
  it('reads a verified e-mail (lower-cased) and the name', () => {
    expect(readGoogleClaims({ sub: '123', email: ' Ada@Example.COM ', email_verified: true, name: ' Ada ' })).toEqual({ sub: '123', email: 'ada@example.com', name: 'Ada' });
  });

  it("accepts Cognito's string 'true' and names its federated user", () => {
    expect(
      readGoogleClaims({ sub: 'abc', email: 'a@example.com', email_verified: 'true', 'cognito:username': 'Google_1234', identities: [{ providerName: 'Google' }] }),
    ).toEqual({ sub: 'abc', email: 'a@example.com', name: '', cognitoUsername: 'Google_1234' });
    // A native Cognito user (no identities claim) is not a federated user to remove.
    expect(readGoogleClaims({ sub: 'abc', email: 'a@example.com', email_verified: true, 'cognito:username': 'abc' })).not.toHaveProperty('cognitoUsername');
  });

  it('requires a verified, well-formed e-mail and a subject', () => {
    expect(readGoogleClaims({ sub: '1', email: 'a@example.com', email_verified: false })).toBe('unverified');
    expect(readGoogleClaims({ sub: '1', email: 'a@example.com' })).toBe('unverified');
    expect(readGoogleClaims({ sub: '1', email: 'not-an-email', email_verified: true })).toBe('unverified');
    expect(readGoogleClaims({ email: 'a@example.com', email_verified: true })).toBe('invalid');
    expect(isVerifiedEmail('false')).toBe(false);
  });
});

describe('provider settings (composition root)', () => {
  const saved = { ...process.env };
  const BASE = { TABLE_NAME: 't', USER_POOL_ID: 'us-east-1_Pool', USER_POOL_CLIENT_ID: 'client-9', APP_ORIGINS: 'https://app.example.com', AWS_REGION: 'eu-west-1' };
  const LOCAL = { DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', S3_ENDPOINT: 'http://127.0.0.1:2', COGNITO_ENDPOINT: 'http://127.0.0.1:3', SFN_ENDPOINT: 'http://127.0.0.1:4' };
  const withEnv = (env: Record<string, string>) => {
    process.env = { ...saved, ...env };
    delete process.env.GOOGLE_AUTH_DOMAIN;
    delete process.env.GOOGLE_OIDC_ISSUER;
    delete process.env.GOOGLE_CLIENT_ID;
    Object.assign(process.env, env);
    resetConfig();
  };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
  });

  it('AWS without a hosted UI domain: not configured', () => {
    withEnv({ ...BASE, APP_MODE: 'aws' });
    expect(googleProviderSettings()).toBeNull();
    expect(googleProvider()).toBeNull();
  });

  it('AWS: the Cognito hosted UI sends straight to Google, and the user pool issues the ID token for our client', async () => {
    withEnv({ ...BASE, APP_MODE: 'aws', GOOGLE_AUTH_DOMAIN: 'https://app-1.auth.eu-west-1.amazoncognito.com/' });
    const provider = googleProvider()!;
    expect(provider.clientId).toBe('client-9');
    expect(provider.extraAuthorizeParams).toEqual({ identity_provider: 'Google' });
    expect(await provider.endpoints()).toEqual({
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/us-east-1_Pool',
      authorizationEndpoint: 'https://app-1.auth.eu-west-1.amazoncognito.com/oauth2/authorize',
      tokenEndpoint: 'https://app-1.auth.eu-west-1.amazoncognito.com/oauth2/token',
      jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/us-east-1_Pool/.well-known/jwks.json',
    });
  });

  it('local: the stand-in, found through its discovery document', () => {
    withEnv({ ...BASE, ...LOCAL, APP_MODE: 'local', GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:5555', GOOGLE_CLIENT_ID: 'local-app' });
    expect(googleProviderSettings()).toEqual({ kind: 'discovery', issuer: 'http://127.0.0.1:5555', clientId: 'local-app' });
    expect(googleProvider()).toMatchObject({ clientId: 'local-app', extraAuthorizeParams: {} });
  });
});
