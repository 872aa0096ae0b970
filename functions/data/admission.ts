/**
 * Stores the account-wide admission (functions/domain/admission.ts): the line of jobs waiting to start, one item
 * each, and the pool of jobs admitted, one item changed only if nobody wrote it in between (its `version`).
 */
import type { QueuedJob as Queued, RunningJob } from '../domain/admission';
import { nowSeconds } from '../platform/clock';
import { db } from './db';
import { retriedRaces } from './errors';

/** The one pool: every transcription of the deployment. */
const POOL = 'transcription';
/** Every starter (an upload, a job's end, the sweep) writes the pool: a few may race at once. */
const MAX_TRIES = 20;

/** A waiting job: what the domain orders, and what starts its workflow (the execution's name and input). */
export interface QueuedRun extends Queued {
  transcriptId: string;
  input: string;
}

export async function putQueuedJob(run: QueuedRun): Promise<void> {
  const { job, user, since, transcriptId, input } = run;
  await db().entities.queuedJob.put({ pool: POOL, job, userId: user, since, transcriptId, input }).go();
}

/** The whole line, every page of it. */
export async function queuedJobs(): Promise<QueuedRun[]> {
  const { data } = await db().entities.queuedJob.query.primary({ pool: POOL }).go({ pages: 'all' });
  return data.map(({ job, userId, since, transcriptId, input }) => ({ job, user: userId, since, transcriptId, input }));
}

export async function deleteQueuedJob(job: string): Promise<void> {
  await db().entities.queuedJob.delete({ pool: POOL, job }).go();
}

/** Applies `change` to the admitted jobs atomically; answers what `change` answered for the state it wrote. */
export async function changeAdmitted<T>(change: (running: RunningJob[], now: number) => { running: RunningJob[]; result: T }): Promise<T> {
  return retriedRaces(
    async () => {
      const { data } = await db().entities.admissionPool.get({ pool: POOL }).go({ consistent: true });
      const stored = data?.running ?? [];
      const { running, result } = change(stored, nowSeconds());
      if (JSON.stringify(running) === JSON.stringify(stored)) return result;
      const version = data?.version ?? 0;
      await db()
        .entities.admissionPool.put({ pool: POOL, running, version: version + 1 })
        .where(({ version: current }, { notExists, eq }) => (data ? eq(current, version) : notExists(current)))
        .go();
      return result;
    },
    { maxTries: MAX_TRIES, busy: () => new Error(`The admission pool stayed contended for ${MAX_TRIES} tries.`) },
  );
}
