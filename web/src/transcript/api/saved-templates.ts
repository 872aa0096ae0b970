/** Issue 30: the user's own summary templates (a custom instruction saved under a name), where the custom summary is written. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@contract';
import { apiCall } from '@web/lib/api-client';

const KEY = ['summary-templates'] as const;

/** Asked only where custom summaries are written: elsewhere the routes answer 422. */
export const savedTemplatesQuery = (enabled: boolean) => queryOptions({ queryKey: KEY, queryFn: () => apiCall('GET /api/summary-templates'), enabled });

/** Saves one; the menu's list is asked again. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /api/summary-templates'>) => apiCall('POST /api/summary-templates', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Deletes one; the menu's list is asked again. */
export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE /api/summary-templates/{id}', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
