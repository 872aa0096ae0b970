/** Starting a session for a verified identity: profile on first sign-in, then the session cookie. */
import type { Identity } from './identity';
import { ensureProfile } from './profiles';
import { createSession } from './sessions';

export interface SignedIn {
  cookie: string;
  user: { id: string; email: string; name: string };
}

export async function signIn(identity: Identity): Promise<SignedIn> {
  const profile = await ensureProfile(identity);
  const cookie = await createSession({ userId: identity.userId, email: identity.email, firstLogin: !profile.welcomed });
  return { cookie, user: { id: identity.userId, email: identity.email, name: profile.name || identity.name } };
}
