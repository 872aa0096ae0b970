/** Amazon Transcribe jobs the workflow waits for: the task token to resume, by job name. */
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db } from './db';
import type { PendingJob } from './entities/pending-job';

export type PendingJobItem = EntityItem<typeof PendingJob>;

/** Records (or, for a retried step, replaces) the job's task token. */
export async function putPendingJob(item: CreateEntityItem<typeof PendingJob>): Promise<void> {
  await db().entities.pendingJob.upsert(item).go();
}

export async function findPendingJob(jobName: string): Promise<PendingJobItem | null> {
  return (await db().entities.pendingJob.get({ jobName }).go()).data;
}

export async function deletePendingJob(jobName: string): Promise<void> {
  await db().entities.pendingJob.delete({ jobName }).go();
}
