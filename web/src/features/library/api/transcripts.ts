/** The transcript lists and their changes (SPEC.md section 7). Signed-in calls: a 401 is the shared rule. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRANSCRIPT_POLL_INTERVAL_MS } from '../../../../../functions/domain/constants';
import { libraryKeys } from './keys';

/** An item of `GET /api/transcripts`, `GET /api/deleted_transcripts` and a project's list: no body, a preview. */
export interface TranscriptListItem {
  id: string;
  filename: string;
  status: string;
  error?: string;
  /** The start of the text (a little over 100 characters, so the list can tell it goes on). */
  preview?: string;
  summary?: string;
  topic?: string;
  audio_url?: string;
  language?: string;
  tags?: string[];
  project_id?: string | null;
  created_at?: string;
  deleted?: boolean;
}

const transcriptPath = (id: string) => `/api/transcripts/${encodeURIComponent(id)}`;

/** While any item is still processing, the list asks again every 5 s (SPEC 9's polling interval). */
const pollWhileProcessing = (query: { state: { data?: TranscriptListItem[] | undefined } }) =>
  query.state.data?.some((item) => item.status === 'processing') ? TRANSCRIPT_POLL_INTERVAL_MS : false;

export type TranscriptListView = 'active' | 'deleted';

/** `GET /api/transcripts` (active, newest first) or `GET /api/deleted_transcripts`. */
export const transcriptListQuery = (view: TranscriptListView) =>
  queryOptions({
    queryKey: view === 'active' ? libraryKeys.active : libraryKeys.deleted,
    queryFn: () => api.get<TranscriptListItem[]>(view === 'active' ? '/api/transcripts' : '/api/deleted_transcripts'),
    refetchInterval: view === 'active' ? pollWhileProcessing : false,
  });

export const projectTranscriptsQuery = (projectId: string) =>
  queryOptions({
    queryKey: libraryKeys.project(projectId),
    queryFn: () => api.get<TranscriptListItem[]>(`/api/projects/${encodeURIComponent(projectId)}/transcripts`),
    refetchInterval: pollWhileProcessing,
  });

/** `DELETE /api/transcripts/{id}`: a soft delete (SPEC 4); doing it twice is harmless. */
export const deleteTranscript = (id: string) => api.delete(transcriptPath(id));

/** `POST /api/transcripts/{id}/restore`. */
export const restoreTranscript = (id: string) => api.post(`${transcriptPath(id)}/restore`);
