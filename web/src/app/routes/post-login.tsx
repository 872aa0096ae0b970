import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router-dom';
import { RETURN_PARAM } from '@domain/return-path';
import { useDocumentTitle } from '@web/components/document-title';
import { TEXTS } from '@web/config/texts';
import { postLoginTarget } from '@web/lib/session/access';
import { sessionQueryOptions } from '@web/lib/session/get-session';
import { LoadingSession, SessionError } from '@web/components/session-screens';

/** SPEC.md section 2, post-login: a fresh session check, then /welcome, /dashboard (or the page of `?next=`) or /login. */
export function Component() {
  const [params] = useSearchParams();
  useDocumentTitle(TEXTS.common.loadingSession);
  const session = useQuery({ ...sessionQueryOptions(), refetchOnMount: 'always' });
  if (session.isFetching || session.isPending) return <LoadingSession />;
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  return <Navigate to={postLoginTarget(session.data, params.get(RETURN_PARAM))} replace />;
}
