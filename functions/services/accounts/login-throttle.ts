/**
 * Password attempts (login, and the password check before account deletion), issues 16 and 25: each is
 * taken before the password is checked, in one atomic step per rule, so parallel attempts can't outrun the
 * limits. Limits are per account *from one client address* (an attacker's failures never lock the owner
 * out elsewhere), per client address and over all accounts; failures of one account from anywhere slow its
 * next attempts down instead of blocking them. From a browser that has signed in to the account before (its
 * device cookie, functions/services/accounts/known-devices.ts), attempts count per account and browser only: nobody
 * else's failures, from the same address or from anywhere, block it, and it is not slowed down.
 */
import { LOGIN_THROTTLE } from '../../domain/constants';
import { attempts, clearFailures, giveBack, pairKey, recordFailure, waitToTakeAll, type ThrottleRule } from '../throttle';

const rule = (scope: string, limit: number): ThrottleRule => ({ scope, limit, windowSeconds: LOGIN_THROTTLE.windowSeconds });
const PER_ACCOUNT_AND_ADDRESS = rule('login-pair', LOGIN_THROTTLE.perEmail);
const PER_ADDRESS = rule('login-address', LOGIN_THROTTLE.perAddress);
const ALL_ACCOUNTS = rule('login-all', LOGIN_THROTTLE.global);
/** Attempts on an account from a browser that signed in to it before (its device token). */
const PER_ACCOUNT_AND_DEVICE = rule('login-device', LOGIN_THROTTLE.perEmail);
/** Failures of one account from any address: they slow down, never block. */
const ACCOUNT_FAILURES = rule('login-email', Number.POSITIVE_INFINITY);

/** Where an attempt comes from: the client address, and the device token when the browser is known for the account. */
export interface AttemptSource {
  address: string;
  device: string | null;
}

/** The wait before checking a password of an account that failed `failures` times in the window. */
export function slowDownMs(failures: number): number {
  return Math.min(Math.max(0, failures - LOGIN_THROTTLE.slowAfter) * LOGIN_THROTTLE.slowStepMs, LOGIN_THROTTLE.slowMaxMs);
}

/**
 * Takes one password attempt; answers the seconds to wait (a 429's Retry-After) when a limit is used up, else
 * 0 after waiting out the slow-down of an account under attack (not from a known browser).
 */
export async function takePasswordAttempt(email: string, { address, device }: AttemptSource): Promise<number> {
  if (device) return waitToTakeAll([[PER_ACCOUNT_AND_DEVICE, pairKey(email, device)]]);
  const wait = await waitToTakeAll([
    [PER_ACCOUNT_AND_ADDRESS, pairKey(email, address)],
    [PER_ADDRESS, address],
    [ALL_ACCOUNTS, 'all'],
  ]);
  if (wait > 0) return wait;
  const slow = slowDownMs(await attempts(ACCOUNT_FAILURES, email));
  if (slow > 0) await new Promise((resolve) => setTimeout(resolve, slow));
  return 0;
}

export async function passwordFailed(email: string): Promise<void> {
  await recordFailure(ACCOUNT_FAILURES, email);
}

/** The right password: this browser's or address's attempts on the account start afresh, and the shared limits get theirs back. */
export async function passwordAccepted(email: string, { address, device }: AttemptSource): Promise<void> {
  if (device) return clearFailures(PER_ACCOUNT_AND_DEVICE, pairKey(email, device));
  await Promise.all([clearFailures(PER_ACCOUNT_AND_ADDRESS, pairKey(email, address)), giveBack(PER_ADDRESS, address), giveBack(ALL_ACCOUNTS, 'all')]);
}
