/** Fixed-window failure counters in the table (login failures per e-mail and per address, wrong codes). */
import { createHash } from 'node:crypto';
import { db } from '../data/db';

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
/** Keys are hashed: the table holds no e-mail or IP address in the clear for this. */
const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);

function windowOf(rule: ThrottleRule): { window: number; expiresAt: number } {
  const window = Math.floor(nowSeconds() / rule.windowSeconds);
  return { window, expiresAt: (window + 1) * rule.windowSeconds };
}

/** True when `key` has used up its failures in the current window. */
export async function isThrottled(rule: ThrottleRule, key: string): Promise<boolean> {
  const { window } = windowOf(rule);
  const { data } = await db().entities.counter.get({ scope: rule.scope, key: hashKey(key), window }).go();
  return (data?.count ?? 0) >= rule.limit;
}

/** Counts one failure for `key` (an atomic add: concurrent failures all count). */
export async function recordFailure(rule: ThrottleRule, key: string): Promise<void> {
  const { window, expiresAt } = windowOf(rule);
  await db().entities.counter.upsert({ scope: rule.scope, key: hashKey(key), window, expiresAt }).add({ count: 1 }).go();
}

/** Forgets the failures of `key` in the current window (after a success). */
export async function clearFailures(rule: ThrottleRule, key: string): Promise<void> {
  const { window } = windowOf(rule);
  await db().entities.counter.delete({ scope: rule.scope, key: hashKey(key), window }).go();
}
