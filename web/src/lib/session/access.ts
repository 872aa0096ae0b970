/**
 * Access rules of SPEC.md section 2 as pure functions (unit-tested in test/unit/web-access.test.ts).
 */
import { paths, withReturn } from '@web/config/paths';
import { safeReturnPath } from '@domain/return-path';
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

/**
 * The login page for a signed-out visitor of `from` (a signed-in page's path, query and hash): it returns
 * there after the login. The dashboard needs no word: a login goes there anyway.
 */
export function loginFor(from: string | undefined): string {
  const next = safeReturnPath(from);
  return next === undefined || next === paths.dashboard ? paths.login : withReturn(paths.login, next);
}

/** `from`: where the visitor is, for the way back after a login (signed-in pages only). */
export function decideAccess(access: Access, state: SessionState, from?: string): AccessDecision {
  if (access === 'open') return { kind: 'render' };
  if (state.status === 'loading') return { kind: 'loading' };
  if (state.status === 'error') {
    // Public pages stay usable when the session can't be checked; private ones say so and offer a retry.
    return access === 'signed-out' ? { kind: 'render' } : { kind: 'error' };
  }
  const signedIn = state.session !== null;
  if (access === 'signed-out') return signedIn ? { kind: 'redirect', to: paths.dashboard } : { kind: 'render' };
  return signedIn ? { kind: 'render' } : { kind: 'redirect', to: loginFor(from) };
}

/**
 * SPEC.md section 2, post-login page: /welcome on first login, /dashboard otherwise, /login if invalid.
 * `next`: the page the login was for (`?next=`), in place of the dashboard when it is a path of this site.
 */
export function postLoginTarget(session: Pick<Session, 'email' | 'user'> & Partial<Session> | null, next?: string | null): string {
  const back = safeReturnPath(next);
  if (!session) return withReturn(paths.login, back);
  return session.first_login ? paths.welcome : (back ?? paths.dashboard);
}
