/**
 * A sign-up waiting for its code is confirmed, or sent a new code, only from the browser that made it
 * (issue 16). Anyone may sign up any address, and a later sign-up replaces the pending one (so the owner
 * can take back an address an attacker signed up first); but the code always goes to the address's inbox,
 * whoever signed up. Without this tie, an attacker signing up after the owner had the owner's newest code
 * confirm the attacker's password. Each sign-up answer sets an HttpOnly cookie holding a random nonce; the
 * nonce's hash is stored with the identity the sign-up made, and a code is taken only with that cookie and
 * while that identity is still the one waiting. A login with the sign-up's password proves what the cookie
 * proves, and gets one too (the login page leads to the code screen).
 */
import { createHash, randomBytes } from 'node:crypto';
import { addPendingSignUpBrowser, deletePendingSignUp, findLivePendingSignUp, putPendingSignUp } from '../../data/pending-sign-ups';
import { SESSION_TOKEN_BYTES, SESSION_TTL_SECONDS } from '../../domain/constants';
import { nowSeconds } from '../../platform/clock';
import { sameToken } from '../../platform/constant-time';
import { isPendingPassword, pendingUserId } from './identity';

const hashNonce = (nonce: string): string => createHash('sha256').update(nonce).digest('hex');
const expiry = (): number => nowSeconds() + SESSION_TTL_SECONDS;

/** What a sign-up cookie holds: SESSION_TOKEN_BYTES in base64url. */
const NONCE = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((SESSION_TOKEN_BYTES * 4) / 3)}}$`);

/**
 * This browser's nonce: the one its cookie already holds (`held`), else a new one; the cookie gives it again
 * (for a fresh expiry). One nonce per browser: a second sign-up from it (a retyped form, another address)
 * keeps its earlier sign-ups confirmable here, even when that second one makes nothing.
 */
export function signUpNonce(held: string | undefined): string {
  return held && NONCE.test(held) ? held : randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
}

/** Ties the sign-up that made identity `userId` at `email` to the browser holding `nonce`, replacing any earlier tie. */
export async function tieSignUp(email: string, userId: string, nonce: string): Promise<void> {
  await putPendingSignUp({ email, userId, nonceHashes: [hashNonce(nonce)], expiresAt: expiry() });
}

/**
 * A login with `password` found the account unconfirmed: when it is the password of the sign-up waiting,
 * ties this browser (`held`: its sign-up cookie) to it too and answers the nonce its cookie is to hold (null otherwise). The password is checked
 * again between two reads of the identity waiting, so the tie is to the identity it was proven for, never
 * to one a sign-up put in its place meanwhile.
 */
export async function tieLogin(held: string | undefined, email: string, password: string): Promise<string | null> {
  const waiting = await pendingUserId(email);
  if (!waiting || !(await isPendingPassword(email, password)) || (await pendingUserId(email)) !== waiting) return null;
  const nonce = signUpNonce(held);
  if ((await signUpMadeHere(held, email)) !== null) return nonce;
  // No tie of this identity yet (its sign-up's was not stored, or has expired): this browser's is the first.
  if (!(await addPendingSignUpBrowser(email, waiting, hashNonce(nonce), expiry()))) await tieSignUp(email, waiting, nonce);
  return nonce;
}

/**
 * The id of the sign-up waiting at `email` when the browser of this request made it (its cookie, for the
 * identity waiting now); null otherwise. `nonce`: the browser's sign-up cookie.
 */
export async function signUpMadeHere(nonce: string | undefined, email: string): Promise<string | null> {
  if (!nonce) return null;
  const [waiting, tie] = await Promise.all([pendingUserId(email), findLivePendingSignUp(email)]);
  const hash = hashNonce(nonce);
  return waiting !== null && tie?.userId === waiting && tie.nonceHashes.some((stored) => sameToken(stored, hash)) ? waiting : null;
}

/** The sign-up is confirmed: its tie goes (and the browser's cookie with it, at the edge). */
export async function endSignUp(email: string): Promise<void> {
  await deletePendingSignUp(email);
}
