/**
 * The per-user cap on speech jobs running at once (issue 16), as the workflow uses it: AcquireSlot takes
 * a slot or a place in line before the speech job starts, StartTranscription keeps it while the job runs,
 * and the first step after the job (or MarkFailed) frees it. Leases bound what a lost release can cost.
 */
import { changeSlots } from '../../data/job-slots';
import { claimSlot, holdSlot, releaseSlot } from '../../domain/job-slots';
import { getConfig } from '../../platform/config';

/** A slot outlives the speech job's wait for its end event by this much before it is renewed or lapses. */
const HOLD_MARGIN_SECONDS = 15 * 60;
/** A place in line outlives this many missed polls (a run that stopped waiting gives it up). */
const MISSED_POLLS = 3;

/** Takes one of the user's slots for `jobName`, or its place in line (1: next). `eventWaitSeconds`: the speech job's wait. */
export async function takeSlot(userId: string, jobName: string, eventWaitSeconds: number): Promise<{ acquired: boolean; position: number }> {
  const { JOBS_PER_USER: cap, JOB_SLOT_WAIT_SECONDS: poll } = getConfig();
  return changeSlots(userId, (state, now) => {
    const { state: next, acquired, position } = claimSlot(state, jobName, { now, cap, holdSeconds: eventWaitSeconds + HOLD_MARGIN_SECONDS, waitSeconds: MISSED_POLLS * poll + 60 });
    return { state: next, result: { acquired, position } };
  });
}

/** Renews the slot of a speech job still running (its wait for the end event ran out and starts again). */
export async function keepSlot(userId: string, jobName: string, eventWaitSeconds: number): Promise<void> {
  await changeSlots(userId, (state, now) => ({ state: holdSlot(state, jobName, now, eventWaitSeconds + HOLD_MARGIN_SECONDS), result: undefined }));
}

/** Frees the slot (or place in line) of `jobName`; freeing it again changes nothing. */
export async function freeSlot(userId: string, jobName: string): Promise<void> {
  await changeSlots(userId, (state, now) => ({ state: releaseSlot(state, jobName, now), result: undefined }));
}
