import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideAccess, type Access, type SessionState } from '../lib/session/access';
import { useSession } from '../lib/session/get-session';
import { rememberReturnPath } from '../lib/session/return-path';
import { LoadingSession, SessionError } from '../components/session-screens';

/** Renders its child routes, or 'Loading session', or a redirect, per the access rule (docs/product.md#screens-and-routes). */
export function AccessGuard({ access }: { access: Exclude<Access, 'open'> }) {
  const session = useSession();
  const location = useLocation();
  const state: SessionState =
    session.data !== undefined
      ? { status: 'ready', session: session.data }
      : session.isError
        ? { status: 'error' }
        : { status: 'loading' };
  const decision = decideAccess(access, state);
  // A visitor who came signed out (a link, a bookmark) is sent to the plain /login, and the page is
  // remembered, to be offered back on the dashboard after the login. A session that ends on the page
  // (logout, expiry, account deletion) remembers nothing: it is not offered back.
  const seenSignedIn = useRef(false);
  if (state.status === 'ready' && state.session) seenSignedIn.current = true;
  const returnPath =
    access === 'signed-in' && decision.kind === 'redirect' && !seenSignedIn.current ? location.pathname + location.search + location.hash : undefined;
  useEffect(() => {
    if (returnPath !== undefined) rememberReturnPath(returnPath);
  }, [returnPath]);
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
