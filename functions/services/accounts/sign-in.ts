/** Starting a session for a verified identity: profile on first sign-in, then the session. */
import type { SignInMethod } from '../../domain/account-deletion';
import type { Identity } from './identity';
import { ensureProfile } from '../../data/profiles';
import { createSession } from './sessions';

/** Who asks: the client's address and what the browser's cookies hold (its sign-up nonce, its device token). */
export interface Browser {
  client: string;
  nonce?: string | undefined;
  device?: string | undefined;
}

export interface SignedIn {
  /** The session cookie's value. */
  sessionToken: string;
  user: { id: string; email: string; name: string };
}

/** `method`: how the identity was proven, recorded on the session (account deletion reads it). */
export async function signIn(identity: Identity, method: SignInMethod): Promise<SignedIn> {
  const profile = await ensureProfile(identity);
  const sessionToken = await createSession({ userId: identity.userId, email: identity.email, firstLogin: !profile.welcomed, method });
  return { sessionToken, user: { id: identity.userId, email: identity.email, name: profile.name || identity.name } };
}
