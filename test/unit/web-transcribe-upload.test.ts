/** The direct upload (web/src/features/transcribe/api/upload.ts): one PUT or parts in parallel, progress, retries, cancel. */
import { PART_URLS_PER_REQUEST } from '../../functions/domain/constants';
import { ApiRequestError, NetworkError } from '../../web/src/lib/api-client';
import {
  PART_ATTEMPTS,
  PART_CONCURRENCY,
  partRanges,
  progressTracker,
  uploadRecording,
  type PutBytes,
  type UploadDeps,
  type UploadTicket,
} from '../../web/src/features/transcribe/api/upload';

const fileOf = (size: number, name = 'talk.mp3') => new File([new Uint8Array(size)], name, { type: 'audio/mpeg' });

interface Recorder {
  deps: UploadDeps;
  puts: { url: string; size: number }[];
  completed: { id: string; parts?: { part_number: number; etag: string }[] }[];
  /** The part numbers of each POST /api/uploads/{id}/parts. */
  urlRequests: number[][];
  maxInFlight: number;
}

function fakeBackend(ticket: UploadTicket, put?: PutBytes): Recorder {
  const recorder: Recorder = { puts: [], completed: [], urlRequests: [], maxInFlight: 0, deps: undefined as never };
  let inFlight = 0;
  const defaultPut: PutBytes = async (url, body, onProgress) => {
    inFlight += 1;
    recorder.maxInFlight = Math.max(recorder.maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    onProgress(Math.floor(body.size / 2));
    await new Promise((resolve) => setTimeout(resolve, 2));
    onProgress(body.size);
    inFlight -= 1;
    return { etag: `"etag-${url}"` };
  };
  recorder.deps = {
    requestUpload: async () => ticket,
    completeUpload: async (id, parts) => {
      recorder.completed.push(parts ? { id, parts } : { id });
      return { upload_id: id, media_type: 'audio/mpeg', kind: 'audio' };
    },
    partUrls: async (id, numbers) => {
      recorder.urlRequests.push(numbers);
      return numbers.map((number) => ({ part_number: number, url: `https://s3/${id}/signed-later-${number}` }));
    },
    put: async (url, body, onProgress, signal) => {
      recorder.puts.push({ url, size: body.size });
      return (put ?? defaultPut)(url, body, onProgress, signal);
    },
  };
  return recorder;
}

describe('progressTracker', () => {
  it('reports whole percentages of all parts together, only when they change, never above 100', () => {
    const seen: number[] = [];
    const track = progressTracker(200, (percent) => seen.push(percent));
    track(1, 0);
    track(1, 50);
    track(2, 50);
    track(2, 51);
    track(1, 100);
    track(2, 100);
    track(2, 150);
    expect(seen).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('partRanges', () => {
  it('cuts the file into part_size pieces, the last one shorter', () => {
    const parts = [1, 2, 3].map((n) => ({ part_number: n, url: `u${n}` }));
    expect(partRanges(25, 10, parts).map(({ start, end }) => [start, end])).toEqual([
      [0, 10],
      [10, 20],
      [20, 25],
    ]);
  });
});

describe('uploadRecording', () => {
  it('one presigned PUT, then complete without parts', async () => {
    const backend = fakeBackend({ upload_id: 'up-1', url: 'https://s3/one', max_bytes: 1000 });
    const progress: number[] = [];
    const done = await uploadRecording(fileOf(100), { deps: backend.deps, onProgress: (percent) => progress.push(percent) });
    expect(done.upload_id).toBe('up-1');
    expect(backend.puts).toEqual([{ url: 'https://s3/one', size: 100 }]);
    expect(backend.completed).toEqual([{ id: 'up-1' }]);
    expect(progress).toEqual([0, 50, 100]);
  });

  it('signs the URLs of later parts when they are about to go, PART_URLS_PER_REQUEST at a time, once each', async () => {
    // 40 parts; the ticket brings the first 16 URLs, as the server does.
    const first = Array.from({ length: PART_URLS_PER_REQUEST }, (_, i) => ({ part_number: i + 1, url: `https://s3/part-${i + 1}` }));
    const backend = fakeBackend({ upload_id: 'up-7', parts: first, part_size: 10, part_count: 40, max_bytes: 1000 });
    await uploadRecording(fileOf(395), { deps: backend.deps });
    expect(backend.urlRequests).toEqual([
      Array.from({ length: 16 }, (_, i) => i + 17),
      Array.from({ length: 8 }, (_, i) => i + 33),
    ]);
    expect(backend.puts.map((put) => put.url).sort()).toEqual([...first.map((part) => part.url), ...Array.from({ length: 24 }, (_, i) => `https://s3/up-7/signed-later-${i + 17}`)].sort());
    expect(backend.puts.at(-1)!.size).toBe(5);
    expect(backend.completed[0]!.parts!.map((part) => part.part_number)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('parts in parallel (at most PART_CONCURRENCY at once), then complete with every ETag in order', async () => {
    const parts = Array.from({ length: 7 }, (_, i) => ({ part_number: i + 1, url: `https://s3/part-${i + 1}` }));
    const backend = fakeBackend({ upload_id: 'up-2', parts, part_size: 10, max_bytes: 1000 });
    const progress: number[] = [];
    await uploadRecording(fileOf(65), { deps: backend.deps, onProgress: (percent) => progress.push(percent) });
    expect(backend.puts.map((put) => put.size).sort((a, b) => a - b)).toEqual([5, 10, 10, 10, 10, 10, 10]);
    expect(backend.maxInFlight).toBeGreaterThan(1);
    expect(backend.maxInFlight).toBeLessThanOrEqual(PART_CONCURRENCY);
    expect(backend.completed).toEqual([{ id: 'up-2', parts: parts.map((part) => ({ part_number: part.part_number, etag: `"etag-${part.url}"` })) }]);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('retries a part that lost its connection or met a 5xx, and gives up after PART_ATTEMPTS', async () => {
    const failures = new Map<string, number>();
    const flaky: PutBytes = async (url, body, onProgress) => {
      const count = failures.get(url) ?? 0;
      if (url.endsWith('part-2') && count < 2) {
        failures.set(url, count + 1);
        onProgress(body.size / 2);
        throw count === 0 ? new NetworkError() : new ApiRequestError(503, 'busy', undefined, '');
      }
      onProgress(body.size);
      return { etag: `"${url}"` };
    };
    const parts = [1, 2].map((n) => ({ part_number: n, url: `https://s3/part-${n}` }));
    const backend = fakeBackend({ upload_id: 'up-3', parts, part_size: 10, max_bytes: 1000 }, flaky);
    const progress: number[] = [];
    await uploadRecording(fileOf(20), { deps: backend.deps, onProgress: (percent) => progress.push(percent) });
    expect(backend.puts.filter((put) => put.url.endsWith('part-2'))).toHaveLength(3);
    expect(backend.completed[0]!.parts).toHaveLength(2);
    expect(progress.at(-1)).toBe(100);

    const dead: PutBytes = async (url) => {
      if (url.endsWith('part-2')) throw new NetworkError();
      return { etag: '"x"' };
    };
    const failing = fakeBackend({ upload_id: 'up-4', parts, part_size: 10, max_bytes: 1000 }, dead);
    await expect(uploadRecording(fileOf(20), { deps: failing.deps })).rejects.toBeInstanceOf(NetworkError);
    expect(failing.puts.filter((put) => put.url.endsWith('part-2'))).toHaveLength(PART_ATTEMPTS);
    expect(failing.completed).toEqual([]);
  });

  it('a part whose URL expired before it went (403 "Request has expired") is sent again with a newly signed one', async () => {
    const parts = [1, 2].map((n) => ({ part_number: n, url: `https://s3/part-${n}` }));
    const expiring: PutBytes = async (url) => {
      if (url === 'https://s3/part-2') throw new ApiRequestError(403, 'The upload failed with status 403.', undefined, '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
      return { etag: `"etag-${url}"` };
    };
    const backend = fakeBackend({ upload_id: 'up-8', parts, part_size: 10, part_count: 2, max_bytes: 1000 }, expiring);
    await uploadRecording(fileOf(20), { deps: backend.deps });
    expect(backend.urlRequests).toEqual([[2]]);
    expect(backend.completed[0]!.parts).toEqual([
      { part_number: 1, etag: '"etag-https://s3/part-1"' },
      { part_number: 2, etag: '"etag-https://s3/up-8/signed-later-2"' },
    ]);
  });

  it('does not retry a refused part (4xx) and stops the others', async () => {
    const parts = Array.from({ length: 6 }, (_, i) => ({ part_number: i + 1, url: `https://s3/part-${i + 1}` }));
    let aborted = 0;
    const refusing: PutBytes = (url, _body, _progress, signal) =>
      new Promise((resolve, reject) => {
        if (url.endsWith('part-1')) return reject(new ApiRequestError(403, 'expired', undefined, ''));
        signal?.addEventListener('abort', () => {
          aborted += 1;
          reject(new DOMException('stop', 'AbortError'));
        });
        setTimeout(() => resolve({ etag: '"late"' }), 1000);
      });
    const backend = fakeBackend({ upload_id: 'up-5', parts, part_size: 10, max_bytes: 1000 }, refusing);
    await expect(uploadRecording(fileOf(60), { deps: backend.deps })).rejects.toMatchObject({ status: 403 });
    expect(backend.puts.filter((put) => put.url.endsWith('part-1'))).toHaveLength(1);
    expect(aborted).toBeGreaterThan(0);
    expect(backend.puts.length).toBeLessThanOrEqual(PART_CONCURRENCY);
    expect(backend.completed).toEqual([]);
  });

  it('a storage ETag missing from the answer fails the part (CORS must expose it)', async () => {
    const parts = [{ part_number: 1, url: 'https://s3/p1' }];
    const backend = fakeBackend({ upload_id: 'up-6', parts, part_size: 10, max_bytes: 1000 }, async () => ({ etag: null }));
    await expect(uploadRecording(fileOf(10), { deps: backend.deps })).rejects.toBeInstanceOf(NetworkError);
  });

  it('cancelling stops the upload and completes nothing', async () => {
    const controller = new AbortController();
    const slow: PutBytes = (_url, _body, _progress, signal) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('stop', 'AbortError'))));
    const backend = fakeBackend({ upload_id: 'up-7', url: 'https://s3/one', max_bytes: 1000 }, slow);
    const pending = uploadRecording(fileOf(10), { deps: backend.deps, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(backend.completed).toEqual([]);

    const already = new AbortController();
    already.abort();
    await expect(uploadRecording(fileOf(10), { deps: backend.deps, signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes the server errors of the upload request and of the check through', async () => {
    const tooBig: UploadDeps = {
      requestUpload: async () => {
        throw new ApiRequestError(413, 'The file is too large: the limit is 2 GB.', 'The file is too large: the limit is 2 GB.', {});
      },
      completeUpload: async () => ({ upload_id: 'x', media_type: 'audio/mpeg', kind: 'audio' }),
      partUrls: async () => [],
      put: async () => ({ etag: null }),
    };
    await expect(uploadRecording(fileOf(10), { deps: tooBig })).rejects.toMatchObject({ status: 413 });
    const backend = fakeBackend({ upload_id: 'up-8', url: 'https://s3/one', max_bytes: 1000 });
    backend.deps.completeUpload = async () => {
      throw new ApiRequestError(415, 'x', 'This file is not audio or video.', {});
    };
    await expect(uploadRecording(fileOf(10), { deps: backend.deps })).rejects.toMatchObject({ status: 415, serverMessage: 'This file is not audio or video.' });
  });
});
