/** The transcript lists and their changes (SPEC.md section 7). Signed-in calls: a 401 is the shared rule. */
import { queryOptions } from '@tanstack/react-query';
import type { TranscriptListItem } from '@contract/views';
import { TRANSCRIPT_POLL_INTERVAL_MS } from '@domain/constants';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';

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

export { deleteTranscript, restoreTranscript } from '@web/lib/transcripts/workspace';
