import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../config/paths';

/** SPEC.md section 3: a transcript, as `GET /api/transcripts/{id}` answers it. */
export interface WordTiming {
  word?: string;
  text?: string;
  start: number;
  end: number;
}

export interface Transcript {
  id?: string;
  filename?: string;
  text?: string;
  summary?: string;
  topic?: string;
  tags?: string[];
  status?: string;
  audio_url?: string;
  word_timings?: { words: WordTiming[] }[];
  created_at?: string;
  error?: string;
}

export const transcriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['transcripts', id],
    queryFn: () => api.get<Transcript>(apiPaths.transcript(id)),
  });
