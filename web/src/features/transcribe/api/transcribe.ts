/** Starting a transcription, and the choices of project and tags (SPEC.md section 7). */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { WordGroup } from '../../transcripts/api/get-transcript';
import type { TranscribeUploadedBody } from '../options';
import { transcribeApiPaths } from './paths';

/** The answer of `POST /api/transcribe`: at once, with the job still processing. */
export interface TranscribeAnswer {
  id: string;
  status: string;
  audio_url?: string;
  transcript?: string;
  summary?: string;
  topic?: string;
  word_timings?: WordGroup[];
  filename?: string;
}

/** `POST /api/transcribe` with the upload's id. The same upload id again answers the same job (a double click starts one). */
export const startTranscription = (body: TranscribeUploadedBody) => api.post<TranscribeAnswer>(transcribeApiPaths.transcribe, { ...body });

export interface ProjectChoice {
  id: string;
  name: string;
}

export interface TagChoice {
  id: string;
  name: string;
}

/** Own keys: the library tabs keep their lists under theirs; these are read fresh each time the tab opens. */
export const projectChoicesQuery = () =>
  queryOptions({
    queryKey: ['transcribe-choices', 'projects'],
    queryFn: () => api.get<ProjectChoice[]>(transcribeApiPaths.projects),
  });

export const tagChoicesQuery = () =>
  queryOptions({
    queryKey: ['transcribe-choices', 'tags'],
    queryFn: () => api.get<TagChoice[]>(transcribeApiPaths.tags),
  });
