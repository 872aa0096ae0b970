/** Turns a Step Functions Catch payload into a reason a user can read (stored on the failed job). */

export interface CaughtFailure {
  Error?: string;
  Cause?: string;
}

/** The error our steps throw with a message written for the user. */
export const USER_FACING_ERROR = 'MediaError';
/** Errors whose message is written for the user (our steps', the engines'); anything else is an internal fault. */
const USER_FACING_ERRORS = new Set([USER_FACING_ERROR, 'EngineError']);

const GENERIC_REASON = 'The transcription could not be completed. Please try again.';
const TIMEOUT_REASON = 'The transcription took too long and was stopped.';

/** Lambda failures carry a JSON Cause `{errorMessage, errorType}`; the local runner passes the message itself. */
function causeMessage(cause: string): string {
  try {
    const parsed: unknown = JSON.parse(cause);
    if (parsed && typeof parsed === 'object' && 'errorMessage' in parsed && typeof parsed.errorMessage === 'string') {
      return parsed.errorMessage;
    }
  } catch {
    // Not JSON: the cause is the message itself.
  }
  return cause;
}

/** `fallback`: what another workflow's user reads of a fault or a timeout (a text job's, issue 31). */
export function readableFailureReason(failure: CaughtFailure | undefined, fallback = { generic: GENERIC_REASON, timeout: TIMEOUT_REASON }): string {
  if (failure?.Error === 'States.Timeout') return fallback.timeout;
  const message = failure?.Error && USER_FACING_ERRORS.has(failure.Error) && failure.Cause ? causeMessage(failure.Cause).trim() : '';
  return message || fallback.generic;
}
