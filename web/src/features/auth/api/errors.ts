/** Turning failed auth calls into the texts of docs/product.md#errors. Pure; unit-tested. */
import { isApiRequestError, isNetworkError, routeError } from '@web/lib/api-client';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '@web/config/texts';
import { LOGIN_TEXTS, RESET_PASSWORD_TEXTS, SIGNUP_TEXTS, VERIFY_TEXTS } from '../texts';
import { MESSAGES } from '@domain/messages';

/** The server's own text: its `{error}`, or a `message` in the error answer. */
export function serverText(error: unknown): string | undefined {
  if (!isApiRequestError(error)) return undefined;
  if (error.serverMessage) return error.serverMessage;
  const body = error.body;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/**
 * Login failure. Wrong credentials (401) read 'Invalid email or password' and never tell whether the
 * account exists, or whether it waits for its code (the server then mails the code again). Too many
 * attempts (429) and field errors (400) show the server's own text; no answer gives the network text.
 */
export function loginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return COMMON_TEXTS.networkError;
  const failure = routeError('POST /api/login', error);
  switch (failure?.status) {
    case undefined:
      return COMMON_TEXTS.unexpectedError;
    case 401:
      return LOGIN_TEXTS.failure;
    case 400:
      return serverText(failure) ?? LOGIN_TEXTS.failure;
    default:
      return serverText(failure) ?? COMMON_TEXTS.unexpectedError;
  }
}

/**
 * A refused login (401) may be an account that waits for its code: the answer can't say so, so the way
 * to the code screen is offered on every one.
 */
export const mayBeUnconfirmedLogin = (error: unknown): boolean => routeError('POST /api/login', error)?.status === 401;

/** Signup failure: the server's error text or 'Signup failed.'; no answer: 'An error occurred during signup.'. */
export function signupErrorMessage(error: unknown): string {
  if (isApiRequestError(error)) return serverText(error) ?? SIGNUP_TEXTS.failure;
  return SIGNUP_TEXTS.networkFailure;
}

/** Verify failure: the server's error or 'Invalid or expired code.'; no answer: 'Network error. Please try again.'. */
export function verifyErrorMessage(error: unknown): string {
  if (isApiRequestError(error)) return serverText(error) ?? VERIFY_TEXTS.failure;
  return VERIFY_TEXTS.networkFailure;
}

/** The seconds a 429 of "Send a new code" says to wait (`retry_after`), if it is one. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const failure = routeError('POST /api/resend-code', error);
  if (failure?.status !== 429) return undefined;
  // Checked all the same: a 429 may come from a proxy in front of the API, without our body.
  const body: unknown = failure.body;
  const value = body && typeof body === 'object' && 'retry_after' in body ? (body as { retry_after: unknown }).retry_after : undefined;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
}

/** Why "Send a new code" must wait: one was just sent, several went this hour, the site's mail limit, or too many requests. */
export type ResendWaitReason = keyof typeof VERIFY_TEXTS.resendWhy;

/**
 * A refused "Send a new code" (429 with `retry_after`): how long to wait and why, from the server's text. The
 * wait alone can't tell: the hour's window ends on the hour, so its wait can be shorter than the gap's minute,
 * and the request limit's wait can be anything.
 */
export function resendWaitOf(error: unknown): { seconds: number; reason: ResendWaitReason } | undefined {
  const seconds = retryAfterSeconds(error);
  if (seconds === undefined) return undefined;
  const reasons: [string, ResendWaitReason][] = [
    [MESSAGES.resendTooSoon(seconds), 'justSent'],
    [MESSAGES.resendHourLimit(seconds), 'hourly'],
    [MESSAGES.mailLimit, 'mailLimit'],
  ];
  const text = serverText(error);
  return { seconds, reason: reasons.find(([said]) => said === text)?.[1] ?? 'tooMany' };
}

/** Reset failure: the server's message or 'Invalid or expired token. Please try again.'. */
export function resetErrorMessage(error: unknown): string {
  return serverText(error) ?? RESET_PASSWORD_TEXTS.failure;
}

/** Logout failure: 'Logout failed: ' plus the error, or 'An error occurred while logging out.'. */
export function logoutErrorMessage(error: unknown): string {
  if (isApiRequestError(error)) return DASHBOARD_TEXTS.logoutFailed + error.message;
  return DASHBOARD_TEXTS.logoutError;
}
