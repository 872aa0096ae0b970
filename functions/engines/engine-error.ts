/** A failure an engine explains to the user in its message (the handler shows it as is). */

export type EngineErrorCode =
  /** The engine can't handle the requested language (HTTP 422 / a readable workflow failure). */
  | 'unsupported-language'
  /** A local tool or model is not installed; the message names the Debian package. */
  | 'tool-missing'
  /** The recording can't be decoded or holds no audio. */
  | 'bad-media'
  /** The engine ran but failed or answered nonsense. */
  | 'failed';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** The name Step Functions retries with backoff (infra/workflow/transcription.asl.json): the service is throttling or briefly failing. */
export const ENGINE_BUSY = 'EngineBusy';

/** A service answered "slow down" or failed internally after the SDK's own retries: try again later, the request was fine. */
export class EngineBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = ENGINE_BUSY;
  }
}

/** Errors AWS services answer when they throttle or fail on their side (the SDK has retried a few times already). */
const BUSY_ERRORS = new Set(['LimitExceededException', 'ThrottlingException', 'TooManyRequestsException', 'InternalFailureException', 'InternalServerException', 'ServiceUnavailableException', 'ModelNotReadyException', 'ServiceQuotaExceededException']);

/** An AWS error of the busy kind as an EngineBusyError; anything else unchanged. */
export function asBusy(error: unknown, service: string): unknown {
  const name = (error as { name?: string } | null)?.name;
  return name && BUSY_ERRORS.has(name) ? new EngineBusyError(`${service} is busy (${name}); the step is retried later.`) : error;
}
