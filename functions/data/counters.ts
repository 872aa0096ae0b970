/** Fixed-window counters (throttling): one item per scope, hashed key and window; they expire with the window. */
import { db } from './db';
import { isConditionFailure, writtenIf } from './errors';

export interface CounterKey {
  scope: string;
  /** Hashed by the caller: the table holds no e-mail or address in the clear. */
  key: string;
  window: number;
}

export async function counterValue(counter: CounterKey): Promise<number> {
  return (await db().entities.counter.get(counter).go()).data?.count ?? 0;
}

/** Adds `by` (negative gives back), atomically: concurrent additions all count. */
export async function addToCounter(counter: CounterKey, expiresAt: number, by: number): Promise<void> {
  await db().entities.counter.upsert({ ...counter, expiresAt }).add({ count: by }).go();
}

/** Adds `by` and answers the count after it (one write): for a limit that is checked once counted. */
export async function addAndCount(counter: CounterKey, expiresAt: number, by: number): Promise<number> {
  const { data } = await db().entities.counter.update(counter).set({ expiresAt }).add({ count: by }).go({ response: 'all_new' });
  return data.count ?? by;
}

/** Adds one only while the counter is under `limit`, in one conditional write; false when it is not. */
export function addOneUnder(counter: CounterKey, expiresAt: number, limit: number): Promise<boolean> {
  return writtenIf(
    db()
      .entities.counter.update(counter)
      .set({ expiresAt })
      .add({ count: 1 })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, limit)}`)
      .go(),
  );
}

/**
 * A gap between two events (`count` holds the time of the last one, in seconds): takes it at `now` when the
 * last one is at least `gapSeconds` old, in one conditional write; else answers the seconds still to wait.
 */
export async function claimGap(counter: CounterKey, now: number, gapSeconds: number): Promise<number> {
  try {
    await db()
      .entities.counter.update(counter)
      .set({ count: now, expiresAt: now + gapSeconds })
      .where(({ count }, { notExists, lte }) => `${notExists(count)} OR ${lte(count, now - gapSeconds)}`)
      .go();
    return 0;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return Math.max(1, (await counterValue(counter)) + gapSeconds - now);
  }
}

/** Notes an event at `now` for `claimGap`, whatever came before. */
export async function noteGap(counter: CounterKey, now: number, gapSeconds: number): Promise<void> {
  await db().entities.counter.upsert({ ...counter, count: now, expiresAt: now + gapSeconds }).go();
}

export async function deleteCounter(counter: CounterKey): Promise<void> {
  await db().entities.counter.delete(counter).go();
}
