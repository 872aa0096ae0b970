/**
 * A use case's refusal, in the service's words: why (the reason) and a text safe to show the user. The HTTP
 * edge answers each reason with its status (http/http.ts); anything else a service throws is a fault.
 */
export type Refusal = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'unsupported-type' | 'unprocessable' | 'too-many' | 'unavailable';

export class ServiceError extends Error {
  constructor(
    readonly reason: Refusal,
    message: string,
    /** How long to wait before asking again ('too-many'), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}
