/** The session store of docs/architecture.md#sessions-and-identity: random cookie, hashed key, expiry checked in code. */
import { createHash, randomBytes } from 'node:crypto';
import { createSessionItem, deleteSessionItem, endFirstLoginItem, findSessionItem } from '../../data/sessions';
import type { SignInMethod } from '../../domain/account-deletion';
import { SESSION_TOKEN_BYTES, SESSION_TTL_SECONDS } from '../../domain/constants';
import { nowSeconds } from '../../platform/clock';

export interface Session {
  userId: string;
  email: string;
  firstLogin: boolean;
  /** How the person signed in: a password (login, verify-code) or Google. */
  method: SignInMethod;
  /** When the session started (epoch seconds). */
  signedInAt: number;
}

/** What starting a session needs; `method` is 'password' unless told otherwise. */
export type NewSession = Pick<Session, 'userId' | 'email' | 'firstLogin'> & { method?: SignInMethod };

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** Cookie tokens are base64url of 32 random bytes; anything else is refused before any I/O. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function findSession(token: string | undefined): Promise<Session | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const data = await findSessionItem(tokenHash);
  if (!data) return null;
  if (data.expiresAt <= nowSeconds()) {
    await deleteSessionItem(tokenHash);
    return null;
  }
  return {
    userId: data.userId,
    email: data.email,
    firstLogin: data.firstLogin ?? false,
    method: data.method ?? 'password',
    signedInAt: data.createdAt,
  };
}

/** Starts a session and answers its token (the session cookie's value). */
export async function createSession({ userId, email, firstLogin, method = 'password' }: NewSession): Promise<string> {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  const createdAt = nowSeconds();
  await createSessionItem({ tokenHash: hashToken(token), userId, email, firstLogin, method, createdAt, expiresAt: createdAt + SESSION_TTL_SECONDS });
  return token;
}

export async function deleteSession(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await deleteSessionItem(hashToken(token));
}

/** The first login is over once the user has been in (welcome page or dashboard). */
export async function endFirstLogin(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await endFirstLoginItem(hashToken(token));
}

