/**
 * Stores each user's speech-job slots (functions/domain/job-slots.ts): read, change, and write back only
 * if nobody wrote in between (the item's `version`), again from the top when somebody did. So two jobs
 * of one user asking at once can't both take the last slot.
 */
import { NO_SLOTS, lastLeaseEnd, type SlotState } from '../domain/job-slots';
import { db } from './db';
import { retriedRaces } from './errors';
import { nowSeconds } from '../platform/clock';

/**
 * Writes racing for one user's item: each lost race means another write got through. Dozens of one user's
 * jobs may ask at once (a batch of files), so tries are many.
 */
const MAX_TRIES = 40;

/** Lost every race for the item: the caller asks again later (a waiting job) or reports the failure. */
export class SlotsBusyError extends Error {
  override name = 'SlotsBusyError';
}

/** Applies `change` to the user's slots atomically; answers what `change` answered for the state it wrote. */
export async function changeSlots<T>(userId: string, change: (state: SlotState, now: number) => { state: SlotState; result: T }): Promise<T> {
  return retriedRaces(
    async () => {
      const { data } = await db().entities.jobSlots.get({ userId }).go({ consistent: true });
      const now = nowSeconds();
      const stored: SlotState = data ? { holders: data.holders ?? [], waiting: data.waiting ?? [] } : NO_SLOTS;
      const { state, result } = change(stored, now);
      const version = data?.version ?? 0;
      // Nothing to change (a release of a job that held nothing, a waiter's early ask): no write.
      if (JSON.stringify(state) === JSON.stringify(stored)) return result;
      await db()
        .entities.jobSlots.put({ userId, ...state, version: version + 1, expiresAt: lastLeaseEnd(state, now) })
        .where(({ version: stored }, { notExists, eq }) => (data ? eq(stored, version) : notExists(stored)))
        .go();
      return result;
    },
    { maxTries: MAX_TRIES, busy: () => new SlotsBusyError(`The job slots of a user stayed contended for ${MAX_TRIES} tries.`) },
  );
}
