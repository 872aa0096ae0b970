import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionView } from '@contract';
import { apiCall, isUnauthorized } from '../api-client';

/** docs/product.md#entities: the session. */
export type Session = SessionView;

export const SESSION_QUERY_KEY = ['session'] as const;

/** Signed out (logout, account deleted, session expired): everything held for the person goes, and the session is known to be none. */
export function clearSignedInState(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/** The session probe: a 401 is not an error here, it means signed out (null). */
export async function getSession(): Promise<Session | null> {
  try {
    return await apiCall('GET /api/session', { signedOutCall: true });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getSession,
    // A 401 is already `null` (signed out), not an error.
    staleTime: 60_000,
  });

export const useSession = () => useQuery(sessionQueryOptions());
