/**
 * The direct upload of docs/architecture.md#data: the browser sends the recording straight to storage.
 *
 * 1. `POST /api/uploads` {filename, size} answers an `upload_id` and either one presigned PUT `url` or,
 *    for large files, `part_count` parts of `part_size` bytes each, with the URLs of the first ones;
 * 2. the bytes are PUT with XMLHttpRequest (fetch has no upload progress), parts several at a time,
 *    each part retried on its own when the connection drops, storage answers 5xx or its URL expired; the URLs of later
 *    parts are asked for (`POST /api/uploads/{id}/parts`) when they are about to go, so none expires
 *    while a 2 GB upload is still on its way;
 * 3. `POST /api/uploads/{id}/complete` ({parts: [{part_number, etag}]} for parts) checks the stored
 *    file: 415 when it is not audio or video by its bytes, 400 when empty.
 *
 * Progress is reported as a whole percentage of the file's bytes. An AbortSignal stops it all.
 * The network calls are injected so the flow is unit-tested without a browser.
 */
import { concurrencyLimit } from '@domain/concurrency';
import { PART_URLS_PER_REQUEST } from '@domain/constants';
import type { CompletedUpload, UploadTicket } from '@contract';
import { apiCall, ApiRequestError, isApiRequestError, isNetworkError, NetworkError } from '@web/lib/api-client';

export type { CompletedUpload, UploadTicket };
export type UploadPart = NonNullable<UploadTicket['parts']>[number];

export interface PutResult {
  etag: string | null;
}

export type PutBytes = (url: string, body: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal) => Promise<PutResult>;

export interface UploadDeps {
  /** `checks`: the language and speaker option, so a server that can't do them says so before any byte is sent. */
  requestUpload(filename: string, size: number, checks?: UploadChecks): Promise<UploadTicket>;
  completeUpload(uploadId: string, parts?: { part_number: number; etag: string }[]): Promise<CompletedUpload>;
  /** URLs of these parts, signed now. */
  partUrls(uploadId: string, partNumbers: number[]): Promise<UploadPart[]>;
  put: PutBytes;
}

/** Parts sent at the same time; each part is tried at most PART_ATTEMPTS times. */
export const PART_CONCURRENCY = 4;
export const PART_ATTEMPTS = 3;

export const abortError = (): Error => new DOMException('The upload was cancelled.', 'AbortError');

/** One PUT of `body` to a presigned URL, with upload progress; resolves with the ETag storage answered. */
export const xhrPut: PutBytes = (url, body, onProgress, signal) =>
  new Promise<PutResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, body.size));
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size);
        resolve({ etag: xhr.getResponseHeader('ETag') });
      } else {
        reject(new ApiRequestError(xhr.status, `The upload failed with status ${xhr.status}.`, undefined, xhr.responseText));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError('The upload could not reach the storage.'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });

export const defaultUploadDeps: UploadDeps = {
  requestUpload: (filename, size, checks) => apiCall('POST /api/uploads', { body: { filename, size, ...checks } }),
  completeUpload: (id, parts) => apiCall('POST /api/uploads/{id}/complete', { params: { id }, body: parts ? { parts } : {} }),
  partUrls: async (id, partNumbers) => (await apiCall('POST /api/uploads/{id}/parts', { params: { id }, body: { part_numbers: partNumbers } })).parts,
  put: xhrPut,
};

/** Whole percent of `total` bytes, from the bytes sent per part; reports only changes. */
export function progressTracker(total: number, report: (percent: number) => void) {
  const sent = new Map<number, number>();
  let last = -1;
  return (part: number, bytes: number) => {
    sent.set(part, bytes);
    let sum = 0;
    for (const value of sent.values()) sum += value;
    const percent = total > 0 ? Math.min(100, Math.floor((sum * 100) / total)) : 100;
    if (percent !== last) {
      last = percent;
      report(percent);
    }
  };
}

/** The byte range [start, end) of each part. */
export function partRanges<P extends { part_number: number }>(size: number, partSize: number, parts: readonly P[]): { part: P; start: number; end: number }[] {
  return parts.map((part) => {
    const start = (part.part_number - 1) * partSize;
    return { part, start, end: Math.min(size, start + partSize) };
  });
}

/**
 * The URL of each part: those the ticket brought, then the next PART_URLS_PER_REQUEST parts from the one
 * asked for, fetched once however many parts wait for them.
 */
export function partUrlSource(ticket: UploadTicket, count: number, fetchUrls: UploadDeps['partUrls']): { urlOf: (partNumber: number) => Promise<string>; forget: (partNumber: number) => void } {
  const urls = new Map<number, Promise<string>>((ticket.parts ?? []).map((part) => [part.part_number, Promise.resolve(part.url)]));
  const urlOf = (partNumber: number): Promise<string> => {
    if (!urls.has(partNumber)) {
      const batch = Array.from({ length: PART_URLS_PER_REQUEST }, (_, index) => partNumber + index).filter((number) => number <= count && !urls.has(number));
      const fetched = fetchUrls(ticket.upload_id, batch);
      for (const number of batch) {
        const url = fetched.then((parts) => parts.find((part) => part.part_number === number)?.url ?? Promise.reject(new ApiRequestError(500, 'The server gave no address for a part of the upload.', undefined, parts)));
        // A failed batch is asked for again by the next part that needs it.
        url.catch(() => urls.delete(number));
        urls.set(number, url);
      }
    }
    return urls.get(partNumber)!;
  };
  return { urlOf, forget: (partNumber) => void urls.delete(partNumber) };
}

/** Storage refuses a URL whose signature has expired (403 "Request has expired"): a newly signed one works. */
const expiredUrl = (error: unknown): boolean => isApiRequestError(error) && error.status === 403 && String(error.body).includes('Request has expired');

const retryable = (error: unknown): boolean => isNetworkError(error) || (isApiRequestError(error) && error.status >= 500) || expiredUrl(error);

async function withRetries<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted || tries >= PART_ATTEMPTS || !retryable(error)) throw error;
    }
  }
}

/** Runs `tasks` with at most `limit` at a time; the first failure stops the rest and is thrown. */
async function runLimited<T>(tasks: readonly (() => Promise<T>)[], limit: number, stop: AbortController): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let failure: { error: unknown } | undefined;
  const turn = concurrencyLimit(limit);
  await Promise.all(
    tasks.map((task, index) =>
      turn(async () => {
        if (failure) return;
        try {
          results[index] = await task();
        } catch (error) {
          failure ??= { error };
          stop.abort();
        }
      }),
    ),
  );
  if (failure) throw failure.error;
  return results;
}

export interface UploadChecks {
  language: string;
  diarization: boolean;
}

export interface UploadOptions {
  checks?: UploadChecks;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  deps?: UploadDeps;
}

/** Uploads `file` and has the server check it. Resolves with the upload's id, the id the transcription takes. */
export async function uploadRecording(file: Blob & { name: string }, { checks, onProgress = () => {}, signal, deps = defaultUploadDeps }: UploadOptions = {}): Promise<CompletedUpload> {
  const checkAborted = () => {
    if (signal?.aborted) throw abortError();
  };
  checkAborted();
  const ticket = await deps.requestUpload(file.name, file.size, checks);
  checkAborted();
  const track = progressTracker(file.size, onProgress);
  track(0, 0);

  if (ticket.parts && ticket.parts.length > 0) {
    const count = ticket.part_count ?? ticket.parts.length;
    const partSize = ticket.part_size ?? Math.ceil(file.size / count);
    const urls = partUrlSource(ticket, count, deps.partUrls);
    const numbered = Array.from({ length: count }, (_, index) => ({ part_number: index + 1 }));
    // One controller for the parts: the caller's abort, or the first part that fails for good, stops the others.
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const tasks = partRanges(file.size, partSize, numbered).map(({ part, start, end }) => async () => {
        const body = file.slice(start, end);
        const { etag } = await withRetries(async () => {
          const url = await urls.urlOf(part.part_number);
          track(part.part_number, 0);
          return deps.put(url, body, (loaded) => track(part.part_number, loaded), stop.signal).catch((error: unknown) => {
            // A part that waited past its URL's hour (a slow line, a sleeping laptop) is tried again with a new one.
            if (expiredUrl(error)) urls.forget(part.part_number);
            throw error;
          });
        }, stop.signal);
        if (!etag) throw new NetworkError('Storage did not confirm a part of the upload.');
        return { part_number: part.part_number, etag };
      });
      const parts = await runLimited(tasks, PART_CONCURRENCY, stop);
      checkAborted();
      return await deps.completeUpload(ticket.upload_id, parts);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  if (!ticket.url) throw new ApiRequestError(500, 'The server gave no upload address.', undefined, ticket);
  await deps.put(ticket.url, file, (loaded) => track(0, loaded), signal);
  checkAborted();
  return deps.completeUpload(ticket.upload_id);
}
