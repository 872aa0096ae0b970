/**
 * Browsers that have signed in to an account with its password (issue 25). Each successful password sign-in
 * sets an HttpOnly device cookie holding a random token (the one the browser holds, kept) and stores the hash
 * of that token with the account's e-mail. A password typed in such a browser for that account is counted
 * on its own (functions/services/accounts/login-throttle.ts): nobody else's failures, from the same address (locally every
 * caller is 127.0.0.1) or from anywhere, lock the owner out of a browser they use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { findKnownDevice, putKnownDevice } from '../../data/known-devices';
import { DEVICE_COOKIE_NAME, DEVICE_TTL_SECONDS, SESSION_TOKEN_BYTES } from '../../domain/constants';
import { readCookie, serializeCookie, type ApiEvent } from '../../http/http';
import { secureCookies } from './sessions';

/** What a device cookie holds: SESSION_TOKEN_BYTES in base64url. */
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((SESSION_TOKEN_BYTES * 4) / 3)}}$`);

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const deviceKey = (token: string, email: string): string => createHash('sha256').update(`${token}\n${email.toLowerCase()}`).digest('hex');
const heldToken = (event: ApiEvent): string | undefined => {
  const held = readCookie(event, DEVICE_COOKIE_NAME);
  return held && TOKEN.test(held) ? held : undefined;
};

/** The browser's device token when it has signed in to `email` with its password before; null otherwise. */
export async function knownDevice(event: ApiEvent, email: string): Promise<string | null> {
  const token = heldToken(event);
  return token && (await findKnownDevice(deviceKey(token, email), nowSeconds())) ? token : null;
}

/** Remembers this browser for the account it has just signed in to; answers the Set-Cookie (a fresh expiry). */
export async function rememberDevice(event: ApiEvent, email: string, userId: string): Promise<string> {
  const token = heldToken(event) ?? randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  await putKnownDevice(deviceKey(token, email), userId, nowSeconds() + DEVICE_TTL_SECONDS);
  return serializeCookie(DEVICE_COOKIE_NAME, token, { maxAgeSeconds: DEVICE_TTL_SECONDS, secure: secureCookies() });
}
