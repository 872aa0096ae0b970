import { Navigate, Outlet } from 'react-router-dom';
import { decideAccess, type Access, type SessionState } from '../lib/session/access';
import { useSession } from '../lib/session/get-session';
import { LoadingSession, SessionError } from '../components/session-screens';

/** Renders its child routes, or 'Loading session', or a redirect, per the access rule (SPEC.md section 2). */
export function AccessGuard({ access }: { access: Exclude<Access, 'open'> }) {
  const session = useSession();
  const state: SessionState =
    session.data !== undefined
      ? { status: 'ready', session: session.data }
      : session.isError
        ? { status: 'error' }
        : { status: 'loading' };
  const decision = decideAccess(access, state);
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
