/**
 * Per-user request throttling (issue 16): every API request counts against its signed-in user, or, on a
 * request without a session, against its client address, in one fixed window of the counters table, written
 * in batches (`takeBatched`). The stage's own throttle (infra/constructs/api.ts) is only the account's safety
 * net above this.
 */
import { MESSAGES } from '../domain/messages';
import { getConfig } from '../platform/config';
import { clientAddress, HttpError, type ApiEvent } from './http';
import type { Session } from '../services/accounts/sessions';
import { secondsLeft, takeBatched, type ThrottleRule } from '../services/throttle';

/** The rule and key a request counts under: its user when signed in, else its client address. */
export function requestRuleOf(session: Pick<Session, 'userId'> | null, event: ApiEvent): [ThrottleRule, string] {
  const { REQUEST_LIMIT_PER_USER, REQUEST_LIMIT_PER_ADDRESS, REQUEST_LIMIT_WINDOW_SECONDS: windowSeconds } = getConfig();
  return session
    ? [{ scope: 'requests-user', limit: REQUEST_LIMIT_PER_USER, windowSeconds }, session.userId]
    : [{ scope: 'requests-address', limit: REQUEST_LIMIT_PER_ADDRESS, windowSeconds }, clientAddress(event)];
}

/** Counts the request; over the limit, a 429 with the seconds left in the window. */
export async function takeRequest(session: Pick<Session, 'userId'> | null, event: ApiEvent): Promise<void> {
  const [rule, key] = requestRuleOf(session, event);
  if (rule.limit === 0) return;
  if (!(await takeBatched(rule, key))) throw new HttpError(429, MESSAGES.tooManyRequests, Math.max(1, secondsLeft(rule)));
}
