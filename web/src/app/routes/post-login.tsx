import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { postLoginTarget } from '../../features/session/access';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { LoadingSession, SessionError } from '../../features/session/components/session-screens';

/** SPEC.md section 2, post-login: a fresh session check, then /welcome, /dashboard or /login. */
export function Component() {
  useDocumentTitle(TEXTS.common.loadingSession);
  const session = useQuery({ ...sessionQueryOptions(), refetchOnMount: 'always' });
  if (session.isFetching || session.isPending) return <LoadingSession />;
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  return <Navigate to={postLoginTarget(session.data)} replace />;
}
