/**
 * Wraps a domain's route implementations into one Lambda handler (one Lambda per domain), from the
 * API contract (functions/contract/routes.ts): finds the route by the event's route key, refuses foreign
 * origins on state-changing methods, loads the session where the contract asks for one, counts the request
 * against its user's (or client address's) limit, validates the
 * path ids, query and body against the contract's schemas, and turns answers and errors into HTTP results.
 * The implementations' types come from the contract too: a missing or extra route, a nullable session where
 * one is required, an answer with a field or a status the route does not declare are compile errors.
 */
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import {
  ROUTES,
  type AcceptedOf,
  type AnswerOf,
  type Domain,
  type ErrorAnswerOf,
  type ErrorStatus,
  type FileAnswer,
  type JsonAnswer,
  type RouteErrors,
  type RouteKey,
  type Routes,
  type RouteSpec,
  type SuccessStatus,
} from '../contract';
import { ORIGIN_VERIFY_HEADER, SESSION_COOKIE_NAME } from '../domain/constants';
import { contentDisposition } from '../domain/download-name';
import { MESSAGES } from '../domain/messages';
import { getConfig } from '../platform/config';
import { sameToken } from '../platform/constant-time';
import { formFields, parseFormBody } from './form-data';
import { checkSchema, errorResult, header, HttpError, json, parseJsonBody, rawBody, readCookie, refusalResult, validate, type ApiEvent, type ApiResult } from './http';
import { runAsFunction } from '../platform/call-scope';
import { addInvocationKeys, hashedUser, logger, runLogged } from '../platform/logger';
import { takeRequest } from './request-limits';
import { findSession, type Session } from '../services/accounts/sessions';
import { ServiceError } from '../services/service-error';
import { isUnavailable } from './unavailable';

type ParamsOf<K extends RouteKey> = Routes[K] extends { params: infer P extends Record<string, z.ZodType> } ? { [N in keyof P]: z.output<P[N]> } : Record<string, never>;
type QueryOf<K extends RouteKey> = Routes[K] extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
/** The parsed request body: JSON `body`, multipart `form`, or (for a route that takes both) exactly one of them. */
type InputOf<K extends RouteKey> = Routes[K] extends { body: infer B extends z.ZodType; form: infer F extends z.ZodType }
  ? { body: z.output<B>; form?: undefined } | { form: z.output<F>; body?: undefined }
  : Routes[K] extends { body: infer B extends z.ZodType }
    ? { body: z.output<B> }
    : Routes[K] extends { form: infer F extends z.ZodType }
      ? { form: z.output<F> }
      : unknown;

export type RequestContext<K extends RouteKey> = {
  event: ApiEvent;
  /** Non-null by type where the contract says `auth: 'session'`. */
  session: Routes[K]['auth'] extends 'session' ? Session : null;
  /** The raw session cookie, for logout. */
  sessionToken: string | undefined;
  params: ParamsOf<K>;
  query: QueryOf<K>;
} & InputOf<K>;

/** A JSON answer: `status` 201 where the contract declares it (and then required), else 200. */
export type JsonReply<T, C extends SuccessStatus = 200> = (C extends 201 ? { status: 201 } : { status?: 200 }) & {
  body: T;
  cookies?: string[];
  /** Beyond the JSON answer's own (a list page's X-Next-Cursor). */
  headers?: Record<string, string>;
};
/** Issue 31: a route that declares `accepted` may answer 202 with that body (the work started as a job). */
export interface AcceptedReply<T> {
  status: 202;
  body: T;
  cookies?: string[];
  headers?: Record<string, string>;
}
/** An error answered rather than thrown: one of the route's error statuses, with that status's body. */
export type ErrorReply<E extends ErrorStatus> = E extends ErrorStatus ? { status: E; body: ErrorAnswerOf<E>; cookies?: string[] } : never;
export interface RedirectReply {
  location: string;
  cookies?: string[];
  headers?: Record<string, string>;
}
/** A download: text or bytes, with its content type and the attachment's file name. */
export interface FileReply {
  file: string | Buffer;
  contentType: string;
  filename: string;
}
type SuccessReplyOf<K extends RouteKey> =
  Routes[K]['answer'] extends JsonAnswer<infer S, infer C> ? JsonReply<z.output<S>, C> : Routes[K]['answer'] extends FileAnswer ? FileReply : RedirectReply;
type AcceptedReplyOf<K extends RouteKey> = Routes[K] extends { accepted: z.ZodType } ? AcceptedReply<AcceptedOf<K>> : never;
export type ReplyOf<K extends RouteKey> = SuccessReplyOf<K> | AcceptedReplyOf<K> | ErrorReply<RouteErrors<Routes[K]>>;

export type RouteImpl<K extends RouteKey> = (ctx: RequestContext<K>) => Promise<ReplyOf<K>>;
/** The routes the contract gives the domain. */
type DomainKey<D extends Domain> = { [K in RouteKey]: Routes[K]['domain'] extends D ? K : never }[RouteKey];
/** Exactly the routes the contract gives the domain. */
export type DomainImpls<D extends Domain> = { [K in DomainKey<D>]: RouteImpl<K> };

type KeysOf<S> = S extends unknown ? keyof S : never;
type FieldOf<S, K> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;
/** T with every field that S does not declare, at any depth, typed never: T fits it only when it adds nothing to S. */
type Exact<T, S> = T extends readonly (infer E)[]
  ? Exact<E, S extends readonly (infer F)[] ? F : never>[]
  : T extends object
    ? { [F in keyof T]: F extends KeysOf<S> ? Exact<T[F], FieldOf<S, F>> : never }
    : T;
/** A reply whose body is exactly its status's declared body (an error's, or the route's answer). */
type ExactReply<R, K extends RouteKey> = R extends { body: infer B }
  ? Omit<R, 'body'> & { body: Exact<B, R extends { status: infer E extends ErrorStatus } ? ErrorAnswerOf<E> : R extends { status: 202 } ? AcceptedOf<K> : AnswerOf<K>> }
  : R;
type ReplyOfImpl<F> = F extends (ctx: never) => Promise<infer R> ? R : never;
/**
 * What the implementations of `I` answer, held to the contract field by field: structural typing lets a
 * value with more fields pass for its type, so a view with a field the contract lacks would compile.
 */
type ExactImpls<D extends Domain, I> = { [K in keyof I]: K extends DomainKey<D> ? (ctx: RequestContext<K>) => Promise<ExactReply<ReplyOfImpl<I[K]>, K>> : never };

type AnyImpl = (ctx: Record<string, unknown>) => Promise<JsonReply<unknown, SuccessStatus> | AcceptedReply<unknown> | ErrorReply<ErrorStatus> | RedirectReply | FileReply>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request came through the site, which adds the secret header (unset: no site in front, e.g. unit tests). */
function cameThroughSite(event: ApiEvent): boolean {
  const secret = getConfig().ORIGIN_VERIFY_SECRET;
  return secret === undefined || sameToken(header(event, ORIGIN_VERIFY_HEADER), secret);
}

/**
 * Why a state-changing request is refused as cross-site, if it is. Browsers send Origin on every
 * cross-site request and on same-origin POST, PUT, PATCH and DELETE, so a request with the session cookie
 * and no Origin is refused too (a browser or extension that dropped it), unless the browser's own
 * Sec-Fetch-Site says same-origin. Without the cookie it acts for nobody (sign-up, log-in from a script).
 */
function crossSiteRefusal(event: ApiEvent): string | null {
  if (SAFE_METHODS.has(event.requestContext.http.method)) return null;
  const origin = header(event, 'origin');
  if (origin !== undefined) return getConfig().APP_ORIGINS.includes(origin) ? null : MESSAGES.foreignOrigin;
  const sameOrigin = header(event, 'sec-fetch-site') === 'same-origin';
  return readCookie(event, SESSION_COOKIE_NAME) === undefined || sameOrigin ? null : MESSAGES.originMissing;
}

/** Path ids (404 with the route's own text), query (400), then the body (400), as the contract declares them. */
async function parseRequest(spec: RouteSpec, event: ApiEvent): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(spec.params ?? {})) params[name] = checkSchema(schema, event.pathParameters?.[name] ?? '', 404);
  const request: Record<string, unknown> = { params, query: spec.query ? validate(spec.query, event.queryStringParameters ?? {}, 400) : undefined };
  const isJson = /^application\/json/i.test(header(event, 'content-type') ?? '');
  if (spec.form && !(spec.body && isJson)) request.form = validate(spec.form, formFields(await parseFormBody(event)), 400);
  else if (spec.body) {
    if (!isJson && rawBody(event).length > 0) throw new HttpError(415, MESSAGES.jsonRequired);
    request.body = parseJsonBody(event, spec.body);
  }
  return request;
}

const isErrorReply = (reply: JsonReply<unknown, SuccessStatus> | AcceptedReply<unknown> | ErrorReply<ErrorStatus>): reply is ErrorReply<ErrorStatus> => (reply.status ?? 200) >= 400;

function toResult(reply: Awaited<ReturnType<AnyImpl>>): ApiResult {
  if ('file' in reply) {
    const headers = { 'content-type': reply.contentType, 'content-disposition': contentDisposition(reply.filename), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
    return typeof reply.file === 'string' ? { statusCode: 200, headers, body: reply.file } : { statusCode: 200, headers, body: reply.file.toString('base64'), isBase64Encoded: true };
  }
  if ('location' in reply) {
    return { statusCode: 302, headers: { location: reply.location, 'cache-control': 'no-store', ...reply.headers }, body: '', ...(reply.cookies?.length ? { cookies: reply.cookies } : {}) };
  }
  if (isErrorReply(reply)) return { ...errorResult(reply.status, reply.body.error, 'retry_after' in reply.body ? reply.body.retry_after : undefined), ...(reply.cookies?.length ? { cookies: reply.cookies } : {}) };
  const result = json(reply.status ?? 200, reply.body, reply.cookies);
  return reply.headers ? { ...result, headers: { ...result.headers, ...reply.headers } } : result;
}

function failureResult(error: unknown, routeKey: string): ApiResult {
  if (error instanceof HttpError) return { ...errorResult(error.statusCode, error.message, error.retryAfterSeconds), ...(error.cookies ? { cookies: error.cookies } : {}) };
  if (error instanceof ServiceError) return refusalResult(error);
  if (isUnavailable(error)) {
    logger.warn('A dependency is unavailable', { routeKey, error: error as Error });
    return errorResult(503, MESSAGES.unavailable, 5);
  }
  logger.error('Unhandled error', { routeKey, error: error as Error });
  return errorResult(500, MESSAGES.internal);
}

export function createDomainHandler<D extends Domain, I extends DomainImpls<D>>(domain: D, impls: I & ExactImpls<D, I>) {
  const byKey = impls as unknown as Partial<Record<string, AnyImpl>>;
  return (event: ApiEvent, context?: Context): Promise<ApiResult> =>
    runAsFunction(domain, () => runLogged(context, { correlationId: event.requestContext.requestId, route: event.routeKey }, () => handle(event)));

  async function handle(event: ApiEvent): Promise<ApiResult> {
    const spec = (ROUTES as Partial<Record<string, RouteSpec>>)[event.routeKey];
    const impl = byKey[event.routeKey];
    if (!spec || spec.domain !== domain || !impl) return errorResult(404, MESSAGES.routeNotFound);
    try {
      if (!cameThroughSite(event)) return errorResult(403, MESSAGES.notThroughSite);
      const crossSite = crossSiteRefusal(event);
      if (crossSite) return errorResult(403, crossSite);
      const sessionToken = readCookie(event, SESSION_COOKIE_NAME);
      const session = spec.auth === 'session' ? await findSession(sessionToken) : null;
      if (session) addInvocationKeys({ user: hashedUser(session.userId) });
      // Counted before the work: a client over its limit costs one write, nothing more.
      await takeRequest(session, event);
      if (spec.auth === 'session' && !session) return errorResult(401, MESSAGES.notSignedIn);
      return toResult(await impl({ event, session, sessionToken, ...(await parseRequest(spec, event)) }));
    } catch (error) {
      return failureResult(error, event.routeKey);
    }
  }
}
