/**
 * What a transcript holds of a month's quota (quotaMs, quotaMonth; the ledger is services/usage): each
 * reservation, settlement or return is a conditional write on the item from what it held, so it happens once
 * however often a workflow step runs.
 */
import { changeQuotaHold, type TranscriptItem } from '../../data/transcripts';
import { addToReservation, giveBack, monthOf, msOf, quotaOn, reserveAudio } from '../usage';

type Held = Pick<TranscriptItem, 'userId' | 'transcriptId' | 'quotaMs' | 'quotaMonth'>;

/** A job's reservation is given back (it failed before the speech service got through the recording); once, however often this runs. */
export async function releaseHold(item: Held): Promise<void> {
  const held = item.quotaMs ?? 0;
  if (!held || !item.quotaMonth) return;
  if (await changeQuotaHold(item, held, { quotaMs: 0 })) await giveBack(item.userId, { month: item.quotaMonth, ms: held });
}

/**
 * A job running whose transcript holds no reservation yet (its file's start did not tell the length, or a
 * "Try again" after a failure gave it back): reserves `seconds` now and records it on the transcript. Throws
 * a 'too-many' ServiceError when it does not fit (the workflow fails the job with its text).
 */
export async function holdForJob(item: Held, seconds: number): Promise<void> {
  if (item.quotaMs) return;
  const reservation = await reserveAudio(item.userId, seconds, 'empty');
  if (!reservation) return;
  if (!(await changeQuotaHold(item, 0, { quotaMs: reservation.ms, quotaMonth: reservation.month }))) await giveBack(item.userId, reservation);
}

/**
 * The engine decoded the recording: with a quota on, what the transcript holds becomes that length (the file's
 * start, or ffmpeg, may differ a little), whatever is left: the speech service has done the work.
 */
export async function settleHold(item: Held, seconds: number): Promise<void> {
  if (!quotaOn()) return;
  const held = item.quotaMs ?? 0;
  const month = item.quotaMonth ?? monthOf(new Date());
  const ms = msOf(seconds);
  if (ms === held || !(await changeQuotaHold(item, held, { quotaMs: ms, quotaMonth: month }))) return;
  await addToReservation(item.userId, month, ms - held);
}
