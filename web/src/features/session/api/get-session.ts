import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInMethod } from '../../../../../functions/domain/account-deletion';
import { api, isUnauthorized } from '../../../lib/api-client';
import { apiPaths } from '../../../config/paths';

/** SPEC.md section 3: the session. */
export interface Session {
  email: string;
  user: string;
  first_login?: boolean;
  /** How this session signed in (account deletion asks for a password only after a password sign-in). */
  sign_in_method?: SignInMethod;
}

export const SESSION_QUERY_KEY = ['session'] as const;

/** The session probe: a 401 is not an error here, it means signed out (null). */
export async function getSession(): Promise<Session | null> {
  try {
    return await api.get<Session>(apiPaths.session, { signedOutCall: true });
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
