import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../config/paths';

/** SPEC.md section 3: the user profile. */
export interface Profile {
  userId: string;
  email: string;
  name?: string;
  country?: string;
  gender?: string;
  customGender?: string;
  age?: string;
  age_change_count?: number;
}

export const PROFILE_QUERY_KEY = ['profile'] as const;

export const profileQueryOptions = (opts: { signedOutCall?: boolean } = {}) =>
  queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => api.get<Profile>(apiPaths.profile, opts),
    retry: false,
  });
