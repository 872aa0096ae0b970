/**
 * Fixed-window counters in the table (login attempts, codes, mails). `take` checks and counts in one
 * conditional write, so parallel attempts cannot all slip under a limit.
 */
import { createHash } from 'node:crypto';
import { addAndCount, addOneUnder, addToCounter, claimGap, counterValue, deleteCounter, noteGap, type CounterKey } from '../data/counters';
import { nowSeconds } from '../platform/clock';

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** The key of a limit per account *and* client address (password and code attempts). */
export const pairKey = (email: string, address: string): string => `${email}\n${address}`;

/** Keys are hashed: the table holds no e-mail or IP address in the clear for this. */
const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);

function windowOf(rule: ThrottleRule): { window: number; expiresAt: number } {
  const window = Math.floor(nowSeconds() / rule.windowSeconds);
  return { window, expiresAt: (window + 1) * rule.windowSeconds };
}

/** Seconds until the rule's current window ends (a throttled caller's Retry-After). */
export const secondsLeft = (rule: ThrottleRule): number => windowOf(rule).expiresAt - nowSeconds();

const counterOf = (rule: ThrottleRule, key: string): CounterKey => ({ scope: rule.scope, key: hashKey(key), window: windowOf(rule).window });

/** True when `key` has used up its failures in the current window. */
export async function isThrottled(rule: ThrottleRule, key: string): Promise<boolean> {
  return (await attempts(rule, key)) >= rule.limit;
}

/** Counts one attempt for `key` if the limit allows it, in one conditional write; false when it is used up. */
export async function take(rule: ThrottleRule, key: string): Promise<boolean> {
  return addOneUnder(counterOf(rule, key), windowOf(rule).expiresAt, rule.limit);
}

/** What this instance knows of a key in the current window: its count in the table, and what it has not added yet. */
interface Tally {
  window: number;
  counted: number;
  pending: number;
}

const tallies = new Map<string, Tally>();
/** Keys remembered at once; past it, the tallies of ended windows are forgotten. */
const MAX_TALLIES = 10_000;
/** Requests a key may make in this instance before they are added to the table: a twentieth of the limit, 1 to 10. */
export const batchOf = (limit: number): number => Math.min(10, Math.max(1, Math.floor(limit / 20)));

function tallyOf(id: string, window: number): Tally {
  const known = tallies.get(id);
  if (known?.window === window) return known;
  if (tallies.size >= MAX_TALLIES) for (const [old, tally] of tallies) if (tally.window !== window) tallies.delete(old);
  const fresh = { window, counted: 0, pending: 0 };
  tallies.set(id, fresh);
  return fresh;
}

/**
 * As `take`, for a limit every API request counts against, where a write per request would double what a
 * request costs: this instance (a Lambda container, the local app) adds a key's requests to the table's count
 * every `batchOf(limit)` of them, and at each one once the count nears the limit, and refuses the key from
 * memory once the table's count is over it. A key well under its limit (a page polling every 5 s) costs no
 * write; several instances together may let through up to `batch − 1` requests each past the limit.
 */
export async function takeBatched(rule: ThrottleRule, key: string): Promise<boolean> {
  const { window, expiresAt } = windowOf(rule);
  const tally = tallyOf(`${rule.scope}/${key}`, window);
  if (tally.counted > rule.limit) return false;
  tally.pending += 1;
  const batch = batchOf(rule.limit);
  if (tally.pending < batch && tally.counted + tally.pending + batch <= rule.limit) return true;
  const adding = tally.pending;
  tally.pending = 0;
  const count = await addAndCount(counterOf(rule, key), expiresAt, adding);
  tally.counted = Math.max(tally.counted, count);
  return count <= rule.limit;
}

/** Takes one attempt under every rule at once (each its own key); answers the seconds until every used-up rule's window ends (0: taken under all). */
export async function waitToTakeAll(rules: [ThrottleRule, string][]): Promise<number> {
  const taken = await Promise.all(rules.map(([rule, key]) => take(rule, key)));
  const waits = rules.filter((_, index) => !taken[index]).map(([rule]) => Math.max(1, windowOf(rule).expiresAt - nowSeconds()));
  return Math.max(0, ...waits);
}

/** A sliding gap (not a window) between two events for `key`: "not within 60 s of the last one". */
export interface GapRule {
  scope: string;
  gapSeconds: number;
}

const gapCounterOf = (rule: GapRule, key: string): CounterKey => ({ scope: rule.scope, key: hashKey(key), window: 0 });

/** Takes the gap now when the last event of `key` is old enough; else answers the seconds left (atomic). */
export async function takeGap(rule: GapRule, key: string): Promise<number> {
  return claimGap(gapCounterOf(rule, key), nowSeconds(), rule.gapSeconds);
}

/** Notes an event of `key` now, so that the next `takeGap` waits the gap from it. */
export async function noteEvent(rule: GapRule, key: string): Promise<void> {
  await noteGap(gapCounterOf(rule, key), nowSeconds(), rule.gapSeconds);
}

/** Gives one attempt back (a success: only failures should use up a shared limit). */
export async function giveBack(rule: ThrottleRule, key: string): Promise<void> {
  await addToCounter(counterOf(rule, key), windowOf(rule).expiresAt, -1);
}

/** How many attempts `key` has made in the current window. */
export async function attempts(rule: ThrottleRule, key: string): Promise<number> {
  return counterValue(counterOf(rule, key));
}

/** Counts one failure for `key` (an atomic add: concurrent failures all count). */
export async function recordFailure(rule: ThrottleRule, key: string): Promise<void> {
  await addToCounter(counterOf(rule, key), windowOf(rule).expiresAt, 1);
}

/** Forgets the failures of `key` in the current window (after a success). */
export async function clearFailures(rule: ThrottleRule, key: string): Promise<void> {
  await deleteCounter(counterOf(rule, key));
}
