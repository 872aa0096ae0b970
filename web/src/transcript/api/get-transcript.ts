import { queryOptions } from '@tanstack/react-query';
import type { TranscriptView } from '@contract';
import { TRANSCRIPT_POLL_INTERVAL_MS } from '@domain/constants';
import { apiCall } from '@web/lib/api-client';

/** docs/product.md#entities: a transcript, as `GET /api/transcripts/{id}` answers it. */
export type Transcript = TranscriptView;
export type { WordGroup, WordTiming } from '@contract';

/** docs/product.md#constants-and-limits: how often an unfinished transcript is asked for again. */
export { TRANSCRIPT_POLL_INTERVAL_MS };

type StatusOf = Pick<Transcript, 'status'> | undefined;

export const isComplete = (transcript: StatusOf): boolean => transcript?.status === 'complete';
export const isFailed = (transcript: StatusOf): boolean => transcript?.status === 'failed';
/** docs/product.md#entities: any status but 'complete' means still processing; ours also ends in 'failed'. */
export const isProcessing = (transcript: StatusOf): boolean => transcript !== undefined && !isComplete(transcript) && !isFailed(transcript);

/** Issue 31: a summary or translation of it is being made as a job. */
export const hasRunningTextJob = (transcript: Pick<Transcript, 'text_job'> | undefined): boolean => transcript?.text_job?.status === 'running';

export const transcriptQueryKey = (id: string) => ['transcripts', id] as const;

/**
 * `GET /api/transcripts/{id}`. With `poll`, asked again every 5000 ms while it is still processing (or a text job of it runs, issue 31), in a
 * background tab too: a job that completes there says so in the title and a notification (issue 15).
 */
export const transcriptQueryOptions = (id: string, { poll = false }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: transcriptQueryKey(id),
    queryFn: () => apiCall('GET /api/transcripts/{id}', { params: { id } }),
    ...(poll
      ? { refetchInterval: (query: { state: { data?: Transcript | undefined } }) => (isProcessing(query.state.data) || hasRunningTextJob(query.state.data) ? TRANSCRIPT_POLL_INTERVAL_MS : false), refetchIntervalInBackground: true }
      : {}),
  });
