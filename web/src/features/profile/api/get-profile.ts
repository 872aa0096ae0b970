import { queryOptions } from '@tanstack/react-query';
import type { ProfileView } from '@contract';
import { apiCall } from '@web/lib/api-client';

/** docs/product.md#entities: the user profile. `age` holds the date of birth (YYYY-MM-DD). */
export type Profile = ProfileView;

export const PROFILE_QUERY_KEY = ['profile'] as const;

/**
 * `GET /api/profile`. The welcome page is open to anyone, so it makes the call as a signed-out call
 * (a 401 there just means 'there'); the dashboard makes it as a signed-in call (a 401 is the shared rule).
 */
export const profileQueryOptions = (opts: { signedOutCall?: boolean } = {}) =>
  queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => apiCall('GET /api/profile', opts),
    retry: false,
    // Switching between /profile and /dashboard remounts the screen: no new call for that.
    staleTime: 60_000,
  });
