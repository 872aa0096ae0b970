import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideAccess, type Access, type SessionState } from '../lib/session/access';
import { useSession } from '../lib/session/get-session';
import { LoadingSession, SessionError } from '../components/session-screens';

/** Renders its child routes, or 'Loading session', or a redirect, per the access rule (SPEC.md section 2). */
export function AccessGuard({ access }: { access: Exclude<Access, 'open'> }) {
  const session = useSession();
  const location = useLocation();
  const state: SessionState =
    session.data !== undefined
      ? { status: 'ready', session: session.data }
      : session.isError
        ? { status: 'error' }
        : { status: 'loading' };
  // The way back after a login is for a visitor who came signed out (a link, a bookmark). A session that ends
  // on the page (logout, expiry, account deletion) goes where its own rule says: the plain /login.
  const seenSignedIn = useRef(false);
  if (state.status === 'ready' && state.session) seenSignedIn.current = true;
  const from = seenSignedIn.current ? undefined : location.pathname + location.search + location.hash;
  const decision = decideAccess(access, state, from);
  switch (decision.kind) {
    case 'loading':
      return <LoadingSession />;
    case 'error':
      return <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'render':
      return <Outlet />;
  }
}
