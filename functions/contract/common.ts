/**
 * The building blocks of the contract's areas (./accounts.ts, ./transcripts.ts …): a route's spec, its
 * answer kinds, the path ids and pages every area uses, and the answers several areas share.
 */
import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { ID_PATTERN } from '../domain/ids';
import type { HttpMethod } from './path';

/** One Lambda per domain; the handler module is `functions/api/<domain>.ts`. */
export const DOMAINS = ['session', 'accounts', 'profile', 'transcripts', 'projects', 'tags', 'translation', 'google', 'support', 'live'] as const;
export type Domain = (typeof DOMAINS)[number];

/** A JSON answer: its status and its body as a zod schema (strict objects: the answer has these fields, no others). */
export interface JsonAnswer<S extends z.ZodType = z.ZodType, C extends SuccessStatus = SuccessStatus> {
  kind: 'json';
  schema: S;
  status: C;
}
export interface RedirectAnswer {
  kind: 'redirect';
}
/** A file to download (its type and name in the headers), not JSON. */
export interface FileAnswer {
  kind: 'file';
}
/** 200, or 201 for a route that makes something (the handler then says `status: 201`). */
export type SuccessStatus = 200 | 201;
export function json<S extends z.ZodType>(schema: S): JsonAnswer<S, 200>;
export function json<S extends z.ZodType>(schema: S, status: 201): JsonAnswer<S, 201>;
export function json<S extends z.ZodType>(schema: S, status: SuccessStatus = 200): JsonAnswer<S> {
  return { kind: 'json', schema, status };
}
export const REDIRECT: RedirectAnswer = { kind: 'redirect' };
export const FILE: FileAnswer = { kind: 'file' };

export interface RouteSpec {
  domain: Domain;
  /** `session`: a valid session is required, else 401 before the handler runs; the handler gets it non-null. */
  auth: 'session' | 'none';
  /** One schema per `{…}` of the path; a failure is a 404 with the schema's message. */
  params?: Record<string, z.ZodType<string, string>>;
  /** The query string; a failure is a 400. */
  query?: z.ZodType<unknown, Record<string, string>>;
  /** The JSON body; a failure is a 400. */
  body?: z.ZodType;
  /** A multipart or URL-encoded form (text fields, and files as File); a failure is a 400. With `body` too, the content type picks. */
  form?: z.ZodType;
  answer: JsonAnswer | RedirectAnswer | FileAnswer;
  /** Issue 31: the route may instead answer 202, the work started as a job, with this body (the caller polls). */
  accepted?: z.ZodType;
  /** The error statuses the route answers beyond those its spec implies (ROUTE_ERRORS); each with its ERROR_ANSWERS body. */
  errors?: readonly ErrorStatus[];
  /** Routes beyond docs/product.md#calls say why they exist. */
  beyondSpec?: string;
}

/** The routes of one area, by key `'METHOD /path/{id}'`. */
export type AreaRoutes = Record<`${HttpMethod} /${string}`, RouteSpec>;

/** A path id: our ids are URL-safe base64; anything else is not found, with the route's own text. */
export const pathId = (notFound: string) => z.string().regex(ID_PATTERN, notFound);

/** ?limit= (1-100) and ?cursor=: one page of a list; without them the whole list (issue 16). */
const LIMIT_RANGE = 'limit must be a number from 1 to 100.';
export const PageQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_RANGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_RANGE).max(100, LIMIT_RANGE))
    .optional(),
  cursor: z.string().max(2000, MESSAGES.invalidCursor).optional(),
});

/**
 * Signed-in routes of `domain` on one thing of the user's, `{id}` in the path (a bad id is the 404 `notFound`
 * says): each route's spec then gives the rest.
 */
export const onOwn =
  <const D extends Domain>(domain: D, notFound: string) =>
  <const S extends Omit<RouteSpec, 'domain' | 'auth' | 'params'>>(spec: S) =>
    ({ domain, auth: 'session', params: { id: pathId(notFound) }, ...spec }) as const;

/** Every error answer: `{error}`, a text safe to show the user. */
export const ErrorAnswer = z.strictObject({ error: z.string() });
export type ErrorAnswer = z.output<typeof ErrorAnswer>;

/** A 429 or 503: `retry_after` seconds, when known (the same number as the Retry-After header). */
export const RetryAnswer = z.strictObject({ error: z.string(), retry_after: z.number().optional() });
export type RetryAnswer = z.output<typeof RetryAnswer>;

/** Every error status the API answers, with its body. */
export const ERROR_ANSWERS = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  413: ErrorAnswer,
  415: ErrorAnswer,
  422: ErrorAnswer,
  429: RetryAnswer,
  500: ErrorAnswer,
  503: RetryAnswer,
} as const;
export type ErrorStatus = keyof typeof ERROR_ANSWERS;
export type ErrorAnswerOf<E extends ErrorStatus> = z.output<(typeof ERROR_ANSWERS)[E]>;

/**
 * The error statuses every route may answer, whatever it does: refused as cross-site or not through the
 * site (403), over its request limit (429), a fault (500), a dependency down (503).
 */
const ANY_ROUTE = [403, 429, 500, 503] as const;

/**
 * The error statuses a route's spec implies (the handler wrapper answers them before the route runs): 401
 * without the session it requires, 404 for a bad path id, 400 for a bad query, and 400, 413 (too large)
 * or 415 (not JSON) for a body or form; then the ones it declares in `errors`.
 */
export type RouteErrors<S> =
  | (typeof ANY_ROUTE)[number]
  | (S extends { auth: 'session' } ? 401 : never)
  | (S extends { params: object } ? 404 : never)
  | (S extends { query: object } ? 400 : never)
  | (S extends { body: object } | { form: object } ? 400 | 413 | 415 : never)
  | (S extends { errors: readonly (infer E extends ErrorStatus)[] } ? E : never);

/** RouteErrors at run time (the integration tests check every answer's status against it). */
export function routeErrors(spec: RouteSpec): Set<ErrorStatus> {
  return new Set<ErrorStatus>([
    ...ANY_ROUTE,
    ...(spec.auth === 'session' ? [401 as const] : []),
    ...(spec.params ? [404 as const] : []),
    ...(spec.query ? [400 as const] : []),
    ...(spec.body || spec.form ? [400, 413, 415] as const : []),
    ...(spec.errors ?? []),
  ]);
}

export const MessageAnswer = z.strictObject({ message: z.string() });
export type MessageAnswer = z.output<typeof MessageAnswer>;

/** A soft delete, restore or removal: what happened, and to which item. */
export const MovedAnswer = z.strictObject({ message: z.string(), id: z.string() });
export type MovedAnswer = z.output<typeof MovedAnswer>;
