/** Comparing secrets without telling an attacker, by the time taken, how much of a guess was right. */
import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two tokens (a mismatch of length is no match). */
export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
