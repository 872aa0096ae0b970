/**
 * Access rules of docs/product.md#screens-and-routes as pure functions (unit-tested in test/unit/web-access.test.ts).
 */
import { paths } from '@web/config/paths';
import type { Session } from './get-session';

export type Access = 'signed-out' | 'signed-in' | 'open';

/** What the session query currently knows. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; session: Session | null };

export type AccessDecision =
  | { kind: 'render' }
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'redirect'; to: string };

export function decideAccess(access: Access, state: SessionState): AccessDecision {
  if (access === 'open') return { kind: 'render' };
  if (state.status === 'loading') return { kind: 'loading' };
  if (state.status === 'error') {
    // Public pages stay usable when the session can't be checked; private ones say so and offer a retry.
    return access === 'signed-out' ? { kind: 'render' } : { kind: 'error' };
  }
  const signedIn = state.session !== null;
  if (access === 'signed-out') return signedIn ? { kind: 'redirect', to: paths.dashboard } : { kind: 'render' };
  return signedIn ? { kind: 'render' } : { kind: 'redirect', to: paths.login };
}

/** docs/product.md#screens-and-routes, post-login page: /welcome on first login, /dashboard otherwise, /login if invalid. */
export function postLoginTarget(session: Pick<Session, 'email' | 'user'> & Partial<Session> | null): string {
  if (!session) return paths.login;
  return session.first_login ? paths.welcome : paths.dashboard;
}
