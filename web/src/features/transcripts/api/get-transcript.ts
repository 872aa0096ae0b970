import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../config/paths';
import { TRANSCRIPT_POLL_INTERVAL_MS } from '../../../../../functions/domain/constants';

/** SPEC.md section 3: a transcript, as `GET /api/transcripts/{id}` answers it. */
export interface WordTiming {
  word?: string;
  text?: string;
  start: number;
  end: number;
}

/** A group of words: a sentence, or a speaker's turn (then `speaker` names it). */
export interface WordGroup {
  words: WordTiming[];
  speaker?: string;
}

export interface Transcript {
  id?: string;
  filename?: string;
  text?: string;
  summary?: string;
  topic?: string;
  tags?: string[];
  /** 'complete' when done, 'failed' (with `error`) when it could not be done; anything else is still processing. */
  status?: string;
  audio_url?: string;
  word_timings?: WordGroup[];
  speakers?: string[];
  language?: string;
  project_id?: string | null;
  created_at?: string;
  error?: string;
}

/** SPEC.md section 9: how often an unfinished transcript is asked for again. */
export { TRANSCRIPT_POLL_INTERVAL_MS };

export const isComplete = (transcript: Transcript | undefined): boolean => transcript?.status === 'complete';
export const isFailed = (transcript: Transcript | undefined): boolean => transcript?.status === 'failed';
/** SPEC.md section 3: any status but 'complete' means still processing; ours also ends in 'failed'. */
export const isProcessing = (transcript: Transcript | undefined): boolean => transcript !== undefined && !isComplete(transcript) && !isFailed(transcript);

export const transcriptQueryKey = (id: string) => ['transcripts', id] as const;

/** `GET /api/transcripts/{id}`. With `poll`, asked again every 5000 ms while it is still processing. */
export const transcriptQueryOptions = (id: string, { poll = false }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: transcriptQueryKey(id),
    queryFn: () => api.get<Transcript>(apiPaths.transcript(id)),
    ...(poll ? { refetchInterval: (query: { state: { data?: Transcript | undefined } }) => (isProcessing(query.state.data) ? TRANSCRIPT_POLL_INTERVAL_MS : false) } : {}),
  });
