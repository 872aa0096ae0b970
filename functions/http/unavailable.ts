/**
 * Tells a dependency that is down or overloaded (an emulator stopped, a service throttling, a timeout)
 * from a fault in our code: the first is a 503 the user can retry, the second a 500.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
const OVERLOAD_NAMES = new Set([
  'TimeoutError',
  'NetworkingError',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'ThrottlingException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'InternalServerError',
  'InternalServerException',
  'InternalErrorException',
]);

interface ErrorLike {
  name?: string;
  code?: string;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
}

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { name, code, cause, $metadata } = error as ErrorLike;
  if ((code && NETWORK_CODES.has(code)) || (name && OVERLOAD_NAMES.has(name))) return true;
  if ($metadata?.httpStatusCode !== undefined && $metadata.httpStatusCode >= 502) return true;
  // Some wrappers (ElectroDB, the SDK's retry wrapper) keep only the socket error's text.
  if (error instanceof Error && /\b(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|socket hang up)\b/.test(error.message)) return true;
  // fetch and the SDK wrap the socket error.
  return isUnavailable(cause, depth + 1);
}
