import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { useDocumentTitle } from '@web/components/document-title';
import { TEXTS } from '@web/config/texts';
import { postLoginTarget } from '@web/lib/session/access';
import { sessionQueryOptions } from '@web/lib/session/get-session';
import { forgetReturnPath, readReturnPath } from '@web/lib/session/return-path';
import { LoadingSession, SessionError } from '@web/components/session-screens';

/** SPEC.md section 2, post-login: a fresh session check, then /welcome, /dashboard (or the remembered page) or /login. */
export function Component() {
  useDocumentTitle(TEXTS.common.loadingSession);
  const session = useQuery({ ...sessionQueryOptions(), refetchOnMount: 'always' });
  // Read once: this page renders again while the router loads the next one, after the path is forgotten.
  const [returnPath] = useState(() => readReturnPath());
  const checked = !session.isFetching && !session.isPending && !session.isError;
  const signedIn = checked && session.data !== null;
  // The login the page was remembered for is done (to it, or to /welcome on a first login): forget it. Without
  // a session it stays for the next try from /login.
  useEffect(() => {
    if (signedIn) forgetReturnPath();
  }, [signedIn]);
  if (session.isFetching || session.isPending) return <LoadingSession />;
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  return <Navigate to={postLoginTarget(session.data, returnPath)} replace />;
}
