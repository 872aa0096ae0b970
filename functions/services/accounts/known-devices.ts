/**
 * Browsers that have signed in to an account with its password (issue 25). Each successful password sign-in
 * sets an HttpOnly device cookie holding a random token (the one the browser holds, kept) and stores the hash
 * of that token with the account's e-mail. A password typed in such a browser for that account is counted
 * on its own (functions/services/accounts/login-throttle.ts): nobody else's failures, from the same address (locally every
 * caller is 127.0.0.1) or from anywhere, lock the owner out of a browser they use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { findKnownDevice, putKnownDevice } from '../../data/known-devices';
import { DEVICE_TTL_SECONDS, SESSION_TOKEN_BYTES } from '../../domain/constants';
import { nowSeconds } from '../../platform/clock';

/** What a device cookie holds: SESSION_TOKEN_BYTES in base64url. */
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((SESSION_TOKEN_BYTES * 4) / 3)}}$`);

const deviceKey = (token: string, email: string): string => createHash('sha256').update(`${token}\n${email.toLowerCase()}`).digest('hex');
/** The browser's device cookie, when it holds a token this app could have made. */
const heldToken = (held: string | undefined): string | undefined => (held && TOKEN.test(held) ? held : undefined);

/** The browser's device token (`held`: its cookie) when it has signed in to `email` with its password before; null otherwise. */
export async function knownDevice(held: string | undefined, email: string): Promise<string | null> {
  const token = heldToken(held);
  return token && (await findKnownDevice(deviceKey(token, email), nowSeconds())) ? token : null;
}

/** Remembers this browser for the account it has just signed in to; answers its device token (the cookie's value, given again for a fresh expiry). */
export async function rememberDevice(held: string | undefined, email: string, userId: string): Promise<string> {
  const token = heldToken(held) ?? randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  await putKnownDevice(deviceKey(token, email), userId, nowSeconds() + DEVICE_TTL_SECONDS);
  return token;
}
