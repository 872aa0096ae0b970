import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { useDocumentTitle } from '@web/components/document-title';
import { COMMON_TEXTS } from '@web/config/texts';
import { postLoginTarget } from '@web/lib/session/access';
import { sessionQueryOptions } from '@web/lib/session/get-session';
import { LoadingSession, SessionError } from '@web/components/session-screens';

/**
 * docs/product.md#screens-and-routes, post-login: a fresh session check, then /welcome, /dashboard or /login, to the letter.
 * A page remembered from before the login (lib/session/return-path.ts) is left in place: the dashboard and
 * /welcome offer it back in a notice.
 */
export function Component() {
  useDocumentTitle(COMMON_TEXTS.loadingSession);
  const session = useQuery({ ...sessionQueryOptions(), refetchOnMount: 'always' });
  if (session.isFetching || session.isPending) return <LoadingSession />;
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  return <Navigate to={postLoginTarget(session.data)} replace />;
}
