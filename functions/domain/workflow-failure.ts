/** Turns a Step Functions Catch payload into a reason a user can read (stored on the failed job). */

export interface CaughtFailure {
  Error?: string;
  Cause?: string;
}

const GENERIC_REASON = 'The transcription could not be completed.';

/** Lambda failures carry a JSON Cause `{errorMessage, errorType}`; the local runner passes the message itself. */
export function readableFailureReason(failure: CaughtFailure | undefined): string {
  const cause = failure?.Cause?.trim();
  if (!cause) return failure?.Error === 'States.Timeout' ? 'The transcription took too long and was stopped.' : GENERIC_REASON;
  try {
    const parsed: unknown = JSON.parse(cause);
    if (parsed && typeof parsed === 'object' && 'errorMessage' in parsed && typeof parsed.errorMessage === 'string') {
      return parsed.errorMessage || GENERIC_REASON;
    }
  } catch {
    // Not JSON: the cause is the message itself.
  }
  return cause;
}
