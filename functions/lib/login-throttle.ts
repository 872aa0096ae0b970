/**
 * Password attempts (login, and the password check before account deletion), issue 16: each is taken
 * before the password is checked, in one atomic step per rule, so parallel attempts can't outrun the
 * limits. Limits are per account *from one client address* (an attacker's failures never lock the
 * owner out elsewhere), per client address and over all accounts; failures of one account from
 * anywhere slow its next attempts down instead of blocking them.
 */
import { LOGIN_THROTTLE } from '../domain/constants';
import { attempts, clearFailures, giveBack, pairKey, recordFailure, takeAll, type ThrottleRule } from './throttle';

const rule = (scope: string, limit: number): ThrottleRule => ({ scope, limit, windowSeconds: LOGIN_THROTTLE.windowSeconds });
const PER_ACCOUNT_AND_ADDRESS = rule('login-pair', LOGIN_THROTTLE.perEmail);
const PER_ADDRESS = rule('login-address', LOGIN_THROTTLE.perAddress);
const ALL_ACCOUNTS = rule('login-all', LOGIN_THROTTLE.global);
/** Failures of one account from any address: they slow down, never block. */
const ACCOUNT_FAILURES = rule('login-email', Number.POSITIVE_INFINITY);

/** The wait before checking a password of an account that failed `failures` times in the window. */
export function slowDownMs(failures: number): number {
  return Math.min(Math.max(0, failures - LOGIN_THROTTLE.slowAfter) * LOGIN_THROTTLE.slowStepMs, LOGIN_THROTTLE.slowMaxMs);
}

/** Takes one password attempt; false (answer 429) when a limit is used up. Waits first if the account is under attack. */
export async function takePasswordAttempt(email: string, address: string): Promise<boolean> {
  const allowed = await takeAll([
    [PER_ACCOUNT_AND_ADDRESS, pairKey(email, address)],
    [PER_ADDRESS, address],
    [ALL_ACCOUNTS, 'all'],
  ]);
  if (!allowed) return false;
  const wait = slowDownMs(await attempts(ACCOUNT_FAILURES, email));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return true;
}

export async function passwordFailed(email: string): Promise<void> {
  await recordFailure(ACCOUNT_FAILURES, email);
}

/** The right password: this address's attempts on the account start afresh, and the shared limits get theirs back. */
export async function passwordAccepted(email: string, address: string): Promise<void> {
  await Promise.all([clearFailures(PER_ACCOUNT_AND_ADDRESS, pairKey(email, address)), giveBack(PER_ADDRESS, address), giveBack(ALL_ACCOUNTS, 'all')]);
}
