/** The transcript lists and their changes (SPEC.md section 7). Signed-in calls: a 401 is the shared rule. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranscriptListItem } from '@contract/views';
import { TRANSCRIPT_POLL_INTERVAL_MS } from '@domain/constants';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';
import { deleteTranscript, restoreTranscript } from '@web/lib/transcripts/workspace';

export type { TranscriptListItem };

/** While any item is still processing, the list asks again every 5 s (SPEC 9's polling interval). */
const pollWhileProcessing = (query: { state: { data?: TranscriptListItem[] | undefined } }) =>
  query.state.data?.some((item) => item.status === 'processing') ? TRANSCRIPT_POLL_INTERVAL_MS : false;

export type TranscriptListView = 'active' | 'deleted';

/** `GET /api/transcripts` (active, newest first) or `GET /api/deleted_transcripts`. */
export const transcriptListQuery = (view: TranscriptListView) =>
  queryOptions({
    queryKey: view === 'active' ? libraryKeys.active : libraryKeys.deleted,
    queryFn: () => apiCall(view === 'active' ? 'GET /api/transcripts' : 'GET /api/deleted_transcripts'),
    refetchInterval: view === 'active' ? pollWhileProcessing : false,
  });

export const projectTranscriptsQuery = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.project(id),
    queryFn: () => apiCall('GET /api/projects/{id}/transcripts', { params: { id } }),
    refetchInterval: pollWhileProcessing,
  });

export { deleteTranscript };

/** Drops one item from a cached list without waiting for the refetch. */
const without = (id: string) => (list: TranscriptListItem[] | undefined) => list?.filter((item) => item.id !== id);

interface MoveHandlers {
  /** After the item left its list's cache, before the lists are asked again. */
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/**
 * Deleting an active transcript (to the bin) or restoring a deleted one. The mutation owns its cache
 * changes: the item leaves the list it was in at once, then every list is asked again.
 */
export function useMoveTranscript(id: string, from: TranscriptListView, handlers: MoveHandlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => (from === 'active' ? deleteTranscript(id) : restoreTranscript(id)),
    onSuccess: () => {
      queryClient.setQueryData(from === 'active' ? libraryKeys.active : libraryKeys.deleted, without(id));
      handlers.onSuccess();
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
    },
    onError: handlers.onError,
  });
}
