/**
 * Stores each user's speech-job slots (functions/domain/job-slots.ts): read, change, and write back only
 * if nobody wrote in between (the item's `version`), again from the top when somebody did. So two jobs
 * of one user asking at once can't both take the last slot.
 */
import { NO_SLOTS, lastLeaseEnd, type SlotState } from '../domain/job-slots';
import { db } from './db';
import { isConditionFailure } from './errors';
import { nowSeconds } from '../platform/clock';

/**
 * Writes racing for one user's item: each lost race means another write got through. Dozens of one user's
 * jobs may ask at once (a batch of files), so tries are many and spaced by a growing, random wait.
 */
const MAX_TRIES = 40;
const BACKOFF_MS = 10;
const MAX_BACKOFF_MS = 500;

/** Lost every race for the item: the caller asks again later (a waiting job) or reports the failure. */
export class SlotsBusyError extends Error {
  override name = 'SlotsBusyError';
}

const backoff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** attempt)));


/** Applies `change` to the user's slots atomically; answers what `change` answered for the state it wrote. */
export async function changeSlots<T>(userId: string, change: (state: SlotState, now: number) => { state: SlotState; result: T }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const { data } = await db().entities.jobSlots.get({ userId }).go({ consistent: true });
    const now = nowSeconds();
    const stored: SlotState = data ? { holders: data.holders ?? [], waiting: data.waiting ?? [] } : NO_SLOTS;
    const { state, result } = change(stored, now);
    const version = data?.version ?? 0;
    // Nothing to change (a release of a job that held nothing, a waiter's early ask): no write.
    if (JSON.stringify(state) === JSON.stringify(stored)) return result;
    try {
      await db()
        .entities.jobSlots.put({ userId, ...state, version: version + 1, expiresAt: lastLeaseEnd(state, now) })
        .where(({ version: stored }, { notExists, eq }) => (data ? eq(stored, version) : notExists(stored)))
        .go();
      return result;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (attempt >= MAX_TRIES) throw new SlotsBusyError(`The job slots of a user stayed contended for ${MAX_TRIES} tries.`);
      await backoff(attempt);
    }
  }
}
