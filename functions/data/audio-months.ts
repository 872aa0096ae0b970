/** Each user's reserved audio per calendar month (AudioMonth, issue 25): the monthly quota's ledger. */
import { db } from './db';
import { isConditionFailure } from './errors';

export interface MonthKey {
  userId: string;
  /** YYYY-MM (UTC). */
  month: string;
}

/** The month's reserved audio (ms), or null when nothing was reserved in it yet (no item). */
export async function reservedInMonth(key: MonthKey): Promise<number | null> {
  const { data } = await db().entities.audioMonth.get(key).go({ consistent: true });
  return data ? data.reservedMs : null;
}

/** Starts a month's ledger at `reservedMs` (what was counted before it existed); one already there is kept. */
export async function openMonth(key: MonthKey, reservedMs: number, expiresAt: number): Promise<void> {
  try {
    await db().entities.audioMonth.create({ ...key, reservedMs, expiresAt }).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A reservation made, or refused with what the month holds (null: no ledger yet, open it first). */
export type MonthReservation = { reserved: true } | { reserved: false; reservedMs: number | null };

/**
 * Adds `ms` to the month's reserved audio only while the sum stays within `limitMs`, in one conditional
 * write: parallel jobs can't pass the quota together. A refusal says what the month holds, read once.
 */
export async function reserveInMonth(key: MonthKey, ms: number, limitMs: number): Promise<MonthReservation> {
  try {
    await db()
      .entities.audioMonth.update(key)
      .add({ reservedMs: ms })
      .where(({ reservedMs }, { exists, lte }) => `${exists(reservedMs)} AND ${lte(reservedMs, limitMs - ms)}`)
      .go();
    return { reserved: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { reserved: false, reservedMs: await reservedInMonth(key) };
  }
}

/** Adds `ms` whatever the limit (negative gives back): a job's length settled, or a failed job's reservation returned. */
export async function addToMonth(key: MonthKey, ms: number): Promise<void> {
  await db()
    .entities.audioMonth.update(key)
    .add({ reservedMs: ms })
    .where(({ reservedMs }, { exists }) => exists(reservedMs))
    .go()
    .catch((error: unknown) => {
      // The month's ledger expired or went with the account: nothing to change.
      if (!isConditionFailure(error)) throw error;
    });
}
