/**
 * The ONE API client of the web app (docs/architecture.md#web), built on aws-amplify's REST API.
 *
 * - The endpoint is the app's own origin: the SPA and the API share it (docs/architecture.md#http-contract), so the
 *   session cookie is first-party. Calls send it (`withCredentials: true`) except where docs/product.md says
 *   otherwise (the translation language list). No Cognito tokens ever reach the browser: Amplify is
 *   configured with the REST API only, and with auth mode `none`, so it never looks for credentials.
 * - Failures become an `ApiRequestError` (the server answered with an error status; `message` is the
 *   server's `{error}` text when it sent one) or a `NetworkError` (no answer at all). `routeError(key, error)`
 *   types a call's failure by the error statuses its route declares in the contract.
 * - The shared 401 rule of docs/product.md#roles: a 401 calls the handler registered with
 *   `setUnauthorizedHandler` (the app shows 'Session expired. Please login again.' and goes to /login).
 *   Calls made while signed out (the session probe itself, login, signup ...) opt out with
 *   `signedOutCall: true`: for them a 401 is an ordinary answer.
 */
import { Amplify } from 'aws-amplify';
import { ApiError, del, get, patch, post, put } from 'aws-amplify/api';
import { routePath, splitRouteKey, type HttpMethod, type ParamNames, type PathOf, type PathParams } from '@contract/path';
import type { AnswerOf, BodyOf, ErrorAnswerOf, ErrorStatusOf, PagedRouteKey, QueryOf, RouteKey } from '@contract';

const API_NAME = 'app';

export type { HttpMethod };
export type JsonBody = Record<string, unknown> | unknown[];

export interface RequestOptions {
  body?: JsonBody | FormData;
  query?: Record<string, string>;
  /** A call made while signed out: a 401 is returned to the caller and does not trigger the session-expired rule. */
  signedOutCall?: boolean;
  /** Send the session cookie. Default true (docs/product.md#roles: all data calls except the language list). */
  credentials?: boolean;
}

/** The server answered with an error status. `message` is its `{error}` text, else a generic text. */
export class ApiRequestError<S extends number = number, B = unknown> extends Error {
  constructor(
    readonly status: S,
    message: string,
    /** The server's own `{error}` text, when it sent one. */
    readonly serverMessage: string | undefined,
    readonly body: B,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** No answer from the server (offline, connection refused, aborted). */
export class NetworkError extends Error {
  constructor(message = 'A network error has occurred.') {
    super(message);
    this.name = 'NetworkError';
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError;
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;
export const isUnauthorized = (error: unknown): boolean => isApiRequestError(error) && error.status === 401;

/**
 * A failed call of route `K` as the contract declares it: one error type per status the route answers, with
 * that status's body, so a `switch` on `status` only takes the route's own statuses.
 */
export type RouteError<K extends RouteKey> = { [E in ErrorStatusOf<K>]: ApiRequestError<E, ErrorAnswerOf<E>> }[ErrorStatusOf<K>];

/**
 * `error`, thrown by a call of `key`, typed by that route's declared errors; undefined when the server did not
 * answer (or the failure is not a call's). The contract holds the server to those statuses (the integration
 * tests check every answer against it); nothing is checked here.
 */
export function routeError<K extends RouteKey>(_key: K, error: unknown): RouteError<K> | undefined {
  return isApiRequestError(error) ? (error as RouteError<K> | undefined) : undefined;
}

/**
 * The text to show for a failed call: the server's own `{error}` when it answered with one, else
 * `answered`; when no answer came at all (or the failure is not a call's), `noAnswer`.
 */
export function failureText(error: unknown, answered: string, noAnswer: string = answered): string {
  return isApiRequestError(error) ? (error.serverMessage ?? answered) : noAnswer;
}

type UnauthorizedHandler = (error: ApiRequestError) => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/** Registers the app's reaction to a 401 on a signed-in call (docs/product.md#roles). Returns an unregister function. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = undefined;
  };
}

let configuredEndpoint: string | undefined;

/** Points Amplify's REST API at the given origin (default: the page's own). Safe to call more than once. */
export function configureApiClient(endpoint: string = window.location.origin): void {
  if (configuredEndpoint === endpoint) return;
  configuredEndpoint = endpoint;
  Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint } } } },
    {
      API: {
        REST: {
          // Our API has no IAM auth: never look for AWS credentials.
          defaultAuthMode: 'none',
          // Answers are shown to a person; retrying a failed POST behind their back is not wanted.
          retryStrategy: { strategy: 'no-retry' },
        },
      },
    },
  );
}

const operations = { GET: get, POST: post, PUT: put, PATCH: patch, DELETE: del } as const;

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorField(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const value = (body as { error: unknown }).error;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

async function toClientError(error: unknown): Promise<Error> {
  if (error instanceof ApiError && error.response) {
    const { statusCode, body } = error.response;
    const parsed = typeof body === 'string' ? parseJson(body) : body;
    const serverMessage = errorField(parsed);
    return new ApiRequestError(statusCode, serverMessage ?? `Request failed with status ${statusCode}.`, serverMessage, parsed);
  }
  // Amplify wraps fetch's TypeError as `NetworkError`; a cancelled or timed-out call has no answer either.
  // Checked by name, not instanceof: an error may come from another realm (frames, test runners).
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
  if (NO_ANSWER_ERRORS.has(name)) return new NetworkError(message);
  return error instanceof Error ? error : new Error(message);
}

const NO_ANSWER_ERRORS = new Set(['NetworkError', 'CanceledError', 'TimeoutError', 'AbortError', 'TypeError']);

/** Performs one API call and returns the parsed JSON answer (undefined for an empty body). */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(method, path, options)).body;
}

/** One API call's parsed JSON answer and its response headers (names in lower case). */
async function apiExchange<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<{ body: T; headers: Record<string, string> }> {
  if (!configuredEndpoint) configureApiClient();
  const { body, query, signedOutCall = false, credentials = true } = options;
  const operation = operations[method]({
    apiName: API_NAME,
    path,
    options: {
      withCredentials: credentials,
      ...(query ? { queryParams: query } : {}),
      // GET and DELETE carry no body in our API.
      ...(body !== undefined && method !== 'GET' && method !== 'DELETE' ? { body: body as never } : {}),
    },
  });
  try {
    const response = await operation.response;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
    return { body: parseJson(await response.body.text()) as T, headers };
  } catch (caught) {
    const error = await toClientError(caught);
    if (isApiRequestError(error) && error.status === 401 && !signedOutCall) unauthorizedHandler?.(error);
    throw error;
  }
}

/** What a call of route `K` takes: its path ids (when the path has any), its body, and the call's options. */
export type CallOptions<K extends RouteKey> = Omit<RequestOptions, 'body'> & { body?: BodyOf<K> | FormData } & ([ParamNames<PathOf<K>>] extends [never] ? { params?: undefined } : { params: PathParams<K> });
type CallArgs<K extends RouteKey> = [ParamNames<PathOf<K>>] extends [never] ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/**
 * Calls a route of the API contract by its key, with the server's own answer type:
 * `apiCall('GET /api/transcripts/{id}', { params: { id } })`.
 */
export function apiCall<K extends RouteKey>(key: K, ...[options]: CallArgs<K>): Promise<AnswerOf<K>> {
  const { params, body, ...rest } = (options ?? {}) as CallOptions<K>;
  return apiRequest<AnswerOf<K>>(splitRouteKey(key).method, routePath(key, (params ?? {}) as PathParams<K>), { ...rest, ...(body === undefined ? {} : { body: body as JsonBody | FormData }) });
}

/** One page of a paged list and the cursor of the next one (undefined: this is the last page). */
export interface ApiPage<K extends PagedRouteKey> {
  items: AnswerOf<K>;
  next: string | undefined;
}

/**
 * One page of a paged list route (issue 16): `apiPage('GET /api/transcripts', { query: { limit: '50' } })`.
 * The server sends the next page's cursor in the X-Next-Cursor header, which `apiCall` does not return.
 */
export async function apiPage<K extends PagedRouteKey>(key: K, ...[options]: [ParamNames<PathOf<K>>] extends [never] ? [options: PageCallOptions<K>] : [options: PageCallOptions<K> & { params: PathParams<K> }]): Promise<ApiPage<K>> {
  const { params, query, ...rest } = options as PageCallOptions<K> & { params?: PathParams<K> };
  const { body, headers } = await apiExchange<AnswerOf<K>>(splitRouteKey(key).method, routePath(key, (params ?? {}) as PathParams<K>), { ...rest, query: definedOnly(query as Record<string, string | undefined>) });
  return { items: body, next: headers['x-next-cursor'] || undefined };
}

type PageCallOptions<K extends PagedRouteKey> = Omit<RequestOptions, 'body' | 'query'> & { query: QueryOf<K> };

const definedOnly = (query: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** The path of a route key with its ids filled in, for links the browser follows itself (the Google sign-in). */
export function apiPath<K extends RouteKey>(key: K, ...[params]: [ParamNames<PathOf<K>>] extends [never] ? [] : [PathParams<K>]): string {
  return routePath(key, (params ?? {}) as PathParams<K>);
}
