/**
 * A user's speech-job slots (issue 16: fair use): at most `cap` of one user's jobs run in the speech
 * service at once; the others wait in the order they asked, each told its place in line. Every holder and
 * waiter has a lease, so a job whose release was lost (its run aborted or timed out) frees its slot once
 * the lease ends instead of blocking its user for ever. Pure: the data module stores the state and
 * applies these changes with a conditional write (functions/data/job-slots.ts).
 */

/** `job` holds (or waits for) a slot until `until` (epoch seconds); a waiter's `since` is when it first asked. */
export interface Lease {
  job: string;
  until: number;
}
export interface Waiter extends Lease {
  since: number;
}
export interface SlotState {
  holders: Lease[];
  waiting: Waiter[];
}

export interface ClaimOptions {
  now: number;
  cap: number;
  /** How long a slot is held without being renewed (the speech job's longest wait, and a margin). */
  holdSeconds: number;
  /** How long a place in line is kept without the waiter asking again. */
  waitSeconds: number;
}

export interface Claim {
  state: SlotState;
  acquired: boolean;
  /** The job's place in its user's line: 1 starts next (0 once acquired). */
  position: number;
}

export const NO_SLOTS: SlotState = { holders: [], waiting: [] };

/** The state without the leases ended by `now`. */
function live(state: SlotState, now: number): SlotState {
  return { holders: state.holders.filter((lease) => lease.until > now), waiting: state.waiting.filter((lease) => lease.until > now) };
}

/**
 * Takes a slot for `job` when one is free and no earlier waiter is owed it; else keeps (or gives) the job
 * its place in line. Asking again is harmless: a holder keeps its slot (renewed), a waiter its place.
 */
export function claimSlot(current: SlotState, job: string, { now, cap, holdSeconds, waitSeconds }: ClaimOptions): Claim {
  const state = live(current, now);
  const others = state.holders.filter((lease) => lease.job !== job);
  const held = others.length < state.holders.length;
  // The line is kept in the order the jobs first asked (the conditional write serialises them).
  const index = state.waiting.findIndex((waiter) => waiter.job === job);
  const mine = index >= 0 ? state.waiting[index] : undefined;
  const ahead = index >= 0 ? state.waiting.slice(0, index) : state.waiting;
  const line = state.waiting.filter((waiter) => waiter.job !== job);
  if (held || others.length + ahead.length < cap) {
    return { state: { holders: [...others, { job, until: now + holdSeconds }], waiting: line }, acquired: true, position: 0 };
  }
  const position = ahead.length + 1;
  // A place whose lease still has more than half to run is left as it is: most asks then write nothing,
  // which keeps many waiting jobs of one user from racing each other for the item.
  if (mine && mine.until - now > waitSeconds / 2) return { state, acquired: false, position };
  const waiter = { job, since: mine?.since ?? now, until: now + waitSeconds };
  const waiting = index >= 0 ? state.waiting.map((entry, at) => (at === index ? waiter : entry)) : [...state.waiting, waiter];
  return { state: { holders: others, waiting }, acquired: false, position };
}

/** Keeps `job`'s slot for another `holdSeconds` from `now`, whatever the cap (its speech job is running). */
export function holdSlot(current: SlotState, job: string, now: number, holdSeconds: number): SlotState {
  const state = live(current, now);
  return { holders: [...state.holders.filter((lease) => lease.job !== job), { job, until: now + holdSeconds }], waiting: state.waiting.filter((waiter) => waiter.job !== job) };
}

/** Frees `job`'s slot or place in line (again: nothing changes). */
export function releaseSlot(current: SlotState, job: string, now: number): SlotState {
  const state = live(current, now);
  return { holders: state.holders.filter((lease) => lease.job !== job), waiting: state.waiting.filter((waiter) => waiter.job !== job) };
}

/** When the item may go (the table's TTL): once the last lease has ended. */
export const lastLeaseEnd = (state: SlotState, now: number): number => Math.max(now, ...state.holders.map((lease) => lease.until), ...state.waiting.map((lease) => lease.until));
