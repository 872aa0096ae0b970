/**
 * The API contract: every HTTP route (docs/product.md#calls) with its domain, auth, request schemas and
 * answer schema, one file per area (./accounts.ts, ./transcripts.ts, ./sharing.ts, ./projects.ts, ./tags.ts,
 * ./translation.ts, ./support.ts, ./ask.ts, ./live.ts), gathered here and exported with their views by ./index.ts. CDK creates the
 * HTTP API routes from it, the local gateway serves from it, the domain handlers implement it
 * (functions/http/handler.ts checks completeness at compile time and validates path ids, query and body
 * here, in one place), and the web app calls it by route key with typed answers (web/src/lib/api-client.ts).
 * A test holds it against docs/product.md route table both ways.
 *
 * To add a route:
 *  1. add an entry to its area's routes (e.g. TRANSCRIPT_ROUTES in ./transcripts.ts): key `'METHOD /path/{id}'`,
 *     its `domain` (one Lambda per domain), `auth`, `params` for each `{…}` in the path
 *     (`pathId(MESSAGES.xNotFound)`: a bad id is that 404), the JSON `body` or multipart `form` schema (zod,
 *     from functions/domain/), and `answer: json(YourView)` (`json(YourView, 201)` for a 201; YourView a strict
 *     zod object next to the routes, with `export type YourView = z.output<typeof YourView>`) or
 *     `answer: REDIRECT`; `errors: [409]` for the error statuses it answers beyond those its spec implies
 *     (RouteErrors in ./common.ts). A signed-in route on one transcript, upload, project or tag of the
 *     user's: `onTranscript({…})` and its siblings give the domain, auth and `{id}`;
 *  2. not in docs/product.md#calls? say why in `beyondSpec`;
 *  3. implement it in functions/api/<domain>.ts: until then the compiler refuses that file;
 *  4. call it from the web with `apiCall('METHOD /path/{id}', {params, body})`.
 */
import type { z } from 'zod';
import { ACCOUNT_ROUTES } from './accounts';
import { ASK_ROUTES } from './ask';
import { LIVE_ROUTES } from './live';
import { PageQuery, type Domain, type JsonAnswer, type RouteErrors, type RouteSpec } from './common';
import { splitRouteKey, type HttpMethod } from './path';

export { DOMAINS, type Domain, type FileAnswer, type JsonAnswer, type RedirectAnswer, type RouteSpec } from './common';
export type { HttpMethod } from './path';
import { PROJECT_ROUTES } from './projects';
import { SHARING_ROUTES } from './sharing';
import { SUPPORT_ROUTES } from './support';
import { TAG_ROUTES } from './tags';
import { TRANSCRIPT_ROUTES } from './transcripts';
import { TRANSLATION_ROUTES } from './translation';

export const ROUTES = {
  ...ACCOUNT_ROUTES,
  ...TRANSCRIPT_ROUTES,
  ...SHARING_ROUTES,
  ...PROJECT_ROUTES,
  ...TAG_ROUTES,
  ...TRANSLATION_ROUTES,
  ...SUPPORT_ROUTES,
  ...ASK_ROUTES,
  ...LIVE_ROUTES,
} as const satisfies Record<`${HttpMethod} /${string}`, RouteSpec>;

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;

/** The answer type of a route (what its handler returns, what the web receives). */
export type AnswerOf<K extends RouteKey> = Routes[K]['answer'] extends JsonAnswer<infer S> ? z.output<S> : never;
/** A route's 202 body (issue 31: work started as a job), for the routes that declare one. */
export type AcceptedOf<K extends RouteKey> = Routes[K] extends { accepted: infer A extends z.ZodType } ? z.output<A> : never;
/** The error statuses a route answers: those its spec implies and those it declares (each with its ERROR_ANSWERS body). */
export type ErrorStatusOf<K extends RouteKey> = RouteErrors<Routes[K]>;
/** The JSON body a caller sends (before the server's trimming and defaults). */
export type BodyOf<K extends RouteKey> = Routes[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The query a caller sends (strings, before the server's parsing). */
export type QueryOf<K extends RouteKey> = Routes[K] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The routes that answer a list by page (`?limit=`, `?cursor=`, the next page's cursor in X-Next-Cursor). */
export type PagedRouteKey = { [K in RouteKey]: Routes[K] extends { query: typeof PageQuery } ? K : never }[RouteKey];

/** A route as CDK, the local gateway and the tests see it. */
export interface Route {
  key: RouteKey;
  method: HttpMethod;
  /** API Gateway path syntax: `/api/transcripts/{id}`. */
  path: string;
  domain: Domain;
  auth: 'session' | 'none';
  beyondSpec?: string;
}

export const ROUTE_LIST: readonly Route[] = (Object.keys(ROUTES) as RouteKey[]).map((key) => {
  const spec: RouteSpec = ROUTES[key];
  return {
    key,
    ...splitRouteKey(key),
    domain: spec.domain,
    auth: spec.auth,
    ...(spec.beyondSpec ? { beyondSpec: spec.beyondSpec } : {}),
  };
});

/**
 * Path prefixes that CloudFront forwards to the HTTP API (docs/architecture.md#http-contract); everything else is the SPA.
 * The SPA's own pages (/login, /signup, /verify ...) are GET pages, so CloudFront forwards the API-only
 * paths (/signup, /verify-code, /logout) for non-GET methods through the API origin too.
 */
export const API_PATH_PATTERNS = ['/api/*', '/signup', '/verify-code', '/logout', '/login/google*', '/uploads/*'] as const;
