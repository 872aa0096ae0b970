/** Starting a session for a verified identity: profile on first sign-in, then the session cookie. */
import type { SignInMethod } from '../../domain/account-deletion';
import type { Identity } from './identity';
import { ensureProfile } from '../../data/profiles';
import { createSession } from './sessions';

export interface SignedIn {
  cookie: string;
  user: { id: string; email: string; name: string };
}

/** `method`: how the identity was proven, recorded on the session (account deletion reads it). */
export async function signIn(identity: Identity, method: SignInMethod): Promise<SignedIn> {
  const profile = await ensureProfile(identity);
  const cookie = await createSession({ userId: identity.userId, email: identity.email, firstLogin: !profile.welcomed, method });
  return { cookie, user: { id: identity.userId, email: identity.email, name: profile.name || identity.name } };
}
