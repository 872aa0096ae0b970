/**
 * What the bucket's lifecycle rules, the table's time to live and Lambda's throwaway /tmp do in AWS, done
 * locally: uploads no transcription started from (still tagged pending) and unfinished multipart uploads
 * go once older than UPLOAD_KEPT_SECONDS, engine files a job left (under ENGINE_FILES_PREFIX) once older
 * than ENGINE_FILES_KEPT_SECONDS, table items whose `expiresAt` has passed go, and engine work folders a
 * stopped app left behind go too. Runs at start and daily.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectTaggingCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { deleteExpiredItems } from '../../functions/data/expired-items';
import { ENGINE_FILES_KEPT_SECONDS, ENGINE_FILES_PREFIX, PENDING_UPLOAD_TAG, UPLOAD_KEPT_SECONDS } from '../../functions/domain/constants';
import { s3Client } from '../../functions/platform/aws-clients';
import { logger } from '../../functions/platform/logger';

export interface SweepPlaces {
  bucket: string;
  /** s3rver's folder of the bucket: unfinished multipart uploads are kept in its `._S3rver_uploads`. */
  bucketDir: string;
  /** WORK_DIR of the engines (functions/platform/work-dir.ts). */
  workDir: string;
}

export interface SweepResult {
  uploads: number;
  unfinishedUploads: number;
  /** The converted audio and speech output of jobs that died before their cleanup. */
  engineFiles: number;
  /** Table items past their `expiresAt` (sessions, counters, upload records…). */
  expiredRecords: number;
  workFolders: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Recordings as media-store.ts keys them: `users/<id>/media/<uploadId>`. */
const MEDIA_KEY = /^users\/[^/]+\/media\/[^/]+$/;

/** Objects under `prefix` stored before `before` for which `expired` holds, removed. */
async function sweepObjects(bucket: string, prefix: string, before: number, expired: (key: string) => Promise<boolean>): Promise<number> {
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (!object.Key || (object.LastModified?.getTime() ?? Infinity) >= before || !(await expired(object.Key))) continue;
      await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
      removed += 1;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}

/** Recordings stored before `before` that still carry the pending tag, removed. */
function sweepPendingUploads(bucket: string, before: number): Promise<number> {
  return sweepObjects(bucket, 'users/', before, async (key) => {
    if (!MEDIA_KEY.test(key)) return false;
    const { TagSet } = await s3Client().send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key }));
    return TagSet?.some((tag) => tag.Key === PENDING_UPLOAD_TAG.key && tag.Value === PENDING_UPLOAD_TAG.value) ?? false;
  });
}

/** Entries of `dir` whose time (from `timeOf`) is before `before`, removed; a missing folder has none. */
async function removeOlder(dir: string, before: number, timeOf: (entry: string) => Promise<number>): Promise<number> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const entry of entries) {
    const time = await timeOf(join(dir, entry)).catch(() => Infinity);
    if (time >= before) continue;
    await rm(join(dir, entry), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * One sweep as of `now`. Work folders: each lives one job at most (hours), and `workBefore` (the app's
 * start, when no job runs yet) lets the first sweep take every one a stopped app left.
 */
export async function sweepLocal(places: SweepPlaces, now: Date, workBefore = now.getTime() - DAY_MS): Promise<SweepResult> {
  const before = now.getTime() - UPLOAD_KEPT_SECONDS * 1000;
  const [uploads, unfinishedUploads, engineFiles, expiredRecords, workFolders] = await Promise.all([
    sweepPendingUploads(places.bucket, before),
    // An unfinished upload counts from its start, as S3's rule does: the `key` file is written then.
    removeOlder(join(places.bucketDir, '._S3rver_uploads'), before, async (dir) => (await stat(join(dir, 'key'))).mtimeMs),
    // By age alone, as the bucket's ExpireEngineFiles rule: a job still running wrote its files less than this ago.
    sweepObjects(places.bucket, ENGINE_FILES_PREFIX, now.getTime() - ENGINE_FILES_KEPT_SECONDS * 1000, async () => true),
    deleteExpiredItems(Math.floor(now.getTime() / 1000)),
    removeOlder(places.workDir, workBefore, async (dir) => (await stat(dir)).mtimeMs),
  ]);
  return { uploads, unfinishedUploads, engineFiles, expiredRecords, workFolders };
}

/** Sweeps at once (awaited: before any job runs) and then daily; the timer never keeps the process alive. */
export async function startSweeps(places: SweepPlaces, clock: () => Date = () => new Date()): Promise<{ stop(): Promise<void> }> {
  const failed = (error: unknown) => logger.warn('The sweep of old uploads, engine files, records and work folders failed; the next one tries again', { error: error as Error });
  const started = clock();
  await sweepLocal(places, started, started.getTime() + 1).catch(failed);
  const timer = setInterval(() => void sweepLocal(places, clock()).catch(failed), DAY_MS);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}
