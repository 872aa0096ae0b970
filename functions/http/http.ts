/** HTTP plumbing shared by every domain handler: JSON answers, errors, cookies, body parsing. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { addressGroup } from '../domain/address-group';
import { MAX_JSON_DEPTH, VIEWER_ADDRESS_HEADER } from '../domain/constants';
import { MESSAGES } from '../domain/messages';
import type { ErrorStatus } from '../contract';
import { ServiceError, type Refusal } from '../services/service-error';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** An error whose message is safe to show the user; anything else becomes a 500 with no internals. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: ErrorStatus,
    message: string,
    /** A 429's wait: sent as `retry_after` in the body and as the Retry-After header. */
    readonly retryAfterSeconds?: number,
    /** Set-Cookie values the refusal still carries (a login that failed but tied the browser to a sign-up). */
    readonly cookies?: string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The status each of a service's refusals is answered with. */
const REFUSAL_STATUS: Record<Refusal, ErrorStatus> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  unprocessable: 422,
  'too-many': 429,
  unavailable: 503,
};

/** A service's refusal as the API answers it. */
export const refusalResult = (error: ServiceError): ApiResult => errorResult(REFUSAL_STATUS[error.reason], error.message, error.retryAfterSeconds);

/**
 * Runs a service call; a refusal it throws is answered with the Set-Cookie values `cookiesFor` gives it
 * (a sign-up refused still sets the browser's sign-up cookie).
 */
export async function withCookies<T>(cookiesFor: (refusal: ServiceError) => string[], call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const cookies = cookiesFor(error);
    throw new HttpError(REFUSAL_STATUS[error.reason], error.message, error.retryAfterSeconds, cookies.length ? cookies : undefined);
  }
}

const SECURITY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

export function json(statusCode: number, body: unknown, cookies?: string[]): ApiResult {
  return { statusCode, headers: { ...SECURITY_HEADERS }, body: JSON.stringify(body), ...(cookies ? { cookies } : {}) };
}

export function errorResult(statusCode: ErrorStatus, message: string, retryAfterSeconds?: number): ApiResult {
  if (retryAfterSeconds === undefined) return json(statusCode, { error: message });
  const result = json(statusCode, { error: message, retry_after: retryAfterSeconds });
  return { ...result, headers: { ...result.headers, 'retry-after': String(retryAfterSeconds) } };
}

export function header(event: ApiEvent, name: string): string | undefined {
  return event.headers?.[name.toLowerCase()];
}

/**
 * The client's address for throttling. Behind CloudFront the API sees CloudFront's address; the site's
 * edge function stamps the viewer's on every API request (VIEWER_ADDRESS_HEADER, overwriting the viewer's
 * own), and only requests carrying the origin secret reach a handler. Locally the gateway drops the header.
 * IPv6 counts by its /64 (issue 25), in both deployments.
 */
export function clientAddress(event: ApiEvent): string {
  return addressGroup(header(event, VIEWER_ADDRESS_HEADER) || event.requestContext.http.sourceIp);
}

/** Payload 2.0 puts cookies in `event.cookies` as `name=value` strings. */
export function readCookie(event: ApiEvent, name: string): string | undefined {
  for (const cookie of event.cookies ?? []) {
    const eq = cookie.indexOf('=');
    if (eq > 0 && cookie.slice(0, eq).trim() === name) return cookie.slice(eq + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

export function serializeCookie(name: string, value: string, { maxAgeSeconds, secure }: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function rawBody(event: ApiEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL characters and lone surrogates anywhere in a value's strings: they break keys, exports and other systems. */
function hasMalformedText(value: unknown): boolean {
  if (typeof value === 'string') return NUL_OR_LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasMalformedText);
  if (value && typeof value === 'object' && !(value instanceof Blob)) return Object.values(value).some(hasMalformedText);
  return false;
}

/** Checks a value against a schema: its output, or an HttpError with `status` and the schema's own message. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, status: ErrorStatus): z.output<S> {
  if (hasMalformedText(value)) throw new HttpError(status, MESSAGES.malformedText);
  return checkSchema(schema, value, status);
}

/** As validate, without the remark on malformed text: for path ids, whose patterns refuse it with the route's own not-found. */
export function checkSchema<S extends z.ZodType>(schema: S, value: unknown, status: ErrorStatus): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(status, parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest);
  return parsed.data;
}

/** Whether JSON text nests arrays and objects deeper than `most`: one pass over the text, no recursion. */
export function nestsDeeperThan(text: string, most: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (++depth > most) return true;
    } else if (char === '}' || char === ']') depth--;
  }
  return false;
}

/** Parses a JSON body against a schema; malformed or too deeply nested JSON, or a wrong shape, is a 400 with a readable message. */
export function parseJsonBody<S extends z.ZodType>(event: ApiEvent, schema: S): z.output<S> {
  const text = rawBody(event).toString('utf8');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new HttpError(400, MESSAGES.jsonTooDeep);
  let data: unknown;
  try {
    data = JSON.parse(text || 'null');
  } catch {
    throw new HttpError(400, MESSAGES.malformedJson);
  }
  // An empty body, null, an array or a bare value where the route takes fields: say so in words, not the schema's.
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    if (!schema.safeParse(data).success) throw new HttpError(400, MESSAGES.objectRequired);
  }
  return validate(schema, data, 400);
}
