/** What this server can do (GET /api/capabilities): asked once, the same for every user and page. */
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './api-client';

export const capabilitiesQuery = () =>
  queryOptions({
    queryKey: ['capabilities'],
    queryFn: () => apiCall('GET /api/capabilities'),
    staleTime: Number.POSITIVE_INFINITY,
  });
