/**
 * The API contract: every HTTP route (docs/product.md#calls) with its domain, auth, request schemas and
 * answer type. CDK creates the HTTP API routes from it, the local gateway serves from it, the domain
 * handlers implement it (functions/http/handler.ts checks completeness at compile time and validates
 * path ids, query and body here, in one place), and the web app calls it by route key with typed
 * answers (web/src/lib/api-client.ts). A test holds it against docs/product.md route table both ways.
 *
 * To add a route:
 *  1. add an entry to ROUTES: key `'METHOD /path/{id}'`, its `domain` (one Lambda per domain), `auth`,
 *     `params` for each `{…}` in the path (`pathId(MESSAGES.xNotFound)`: a bad id is that 404), the
 *     JSON `body` or multipart `form` schema (zod, from functions/domain/) and `answer: json<YourView>()`
 *     (the view type in ./views.ts) or `answer: REDIRECT` (a signed-in route on one transcript, upload, project
 *     or tag of the user's: `onTranscript({…})` and its siblings give the domain, auth and `{id}`);
 *  2. not in docs/product.md#calls? say why in `beyondSpec`;
 *  3. implement it in functions/api/<domain>.ts: until then the compiler refuses that file;
 *  4. call it from the web with `apiCall('METHOD /path/{id}', {params, body})`.
 */
import { z } from 'zod';
import { DeleteAccountBody, EmailBody, LoginBody, ProfileForm, ResetBody, SignupBody, VerifyBody } from '../domain/account-schemas';
import { ProjectBody, TagBody, TranslateBody } from '../domain/library-schemas';
import { MESSAGES } from '../domain/messages';
import { ExportQuery } from '../domain/export';
import { SearchQuery } from '../domain/search';
import { SHARE_LINK_ID_PATTERN, SHARE_TOKEN_PATTERN, ShareLinkRequest } from '../domain/share-links';
import { SupportBody } from '../domain/support-request';
import { TextEditRequest, TranscriptPatch } from '../domain/text-edit';
import { CompleteUpload, TranscribeForm, TranscribeUploaded, UploadPartsRequest, UploadRequest } from '../domain/transcribe-request';
import { ID_PATTERN } from '../domain/ids';
import { splitRouteKey, type HttpMethod } from './path';
import type * as View from './views';

export type { HttpMethod } from './path';

/** One Lambda per domain; the handler module is `functions/api/<domain>.ts`. */
export const DOMAINS = ['session', 'accounts', 'profile', 'transcripts', 'projects', 'tags', 'translation', 'google', 'support'] as const;
export type Domain = (typeof DOMAINS)[number];

/** The answer of a route, as a type: a JSON body of type T, or a redirect (no body). */
export interface JsonAnswer<T> {
  kind: 'json';
  /** Never set: carries the answer type only. */
  readonly type?: T;
}
export interface RedirectAnswer {
  kind: 'redirect';
}
/** A file to download (its type and name in the headers), not JSON. */
export interface FileAnswer {
  kind: 'file';
}
const json = <T>(): JsonAnswer<T> => ({ kind: 'json' });
const REDIRECT: RedirectAnswer = { kind: 'redirect' };
const FILE: FileAnswer = { kind: 'file' };

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
  answer: JsonAnswer<unknown> | RedirectAnswer | FileAnswer;
  /** Routes beyond docs/product.md#calls say why they exist. */
  beyondSpec?: string;
}

/** A path id: our ids are URL-safe base64; anything else is not found, with the route's own text. */
const pathId = (notFound: string) => z.string().regex(ID_PATTERN, notFound);
/** `/uploads/<id>.<ext>`. */
const RecordingFile = z.string().regex(new RegExp(`^${ID_PATTERN.source.slice(1, -1)}\\.[A-Za-z0-9]{1,10}$`), MESSAGES.recordingNotFound);
/** A query parameter that may be left out; empty counts as left out. */
/** ?limit= (1-100) and ?cursor=: one page of a list; without them the whole list (issue 16). */
const LIMIT_RANGE = 'limit must be a number from 1 to 100.';
const PageQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_RANGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_RANGE).max(100, LIMIT_RANGE))
    .optional(),
  cursor: z.string().max(2000, MESSAGES.invalidCursor).optional(),
});

/** A shared link's token in the path: anything else is the same 404 as a dead link. */
const shareToken = z.string().regex(SHARE_TOKEN_PATTERN, MESSAGES.sharedLinkNotFound);

const optionalParam = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/**
 * Signed-in routes of `domain` on one thing of the user's, `{id}` in the path (a bad id is the 404 `notFound`
 * says): each route's spec then gives the rest.
 */
const onOwn =
  <const D extends Domain>(domain: D, notFound: string) =>
  <const S extends Omit<RouteSpec, 'domain' | 'auth' | 'params'>>(spec: S) =>
    ({ domain, auth: 'session', params: { id: pathId(notFound) }, ...spec }) as const;
const onTranscript = onOwn('transcripts', MESSAGES.transcriptNotFound);
const onUpload = onOwn('transcripts', MESSAGES.uploadNotFound);
const onProject = onOwn('projects', MESSAGES.projectNotFound);
const onTag = onOwn('tags', MESSAGES.tagNotFound);

export const ROUTES = {
  'GET /api/session': { domain: 'session', auth: 'session', answer: json<View.SessionView>() },
  'POST /api/login': { domain: 'session', auth: 'none', body: LoginBody, answer: json<View.LoginAnswer>() },
  'POST /logout': { domain: 'session', auth: 'none', answer: json<View.MessageAnswer>() },

  'POST /signup': { domain: 'accounts', auth: 'none', body: SignupBody, answer: json<View.MessageAnswer>() },
  'POST /verify-code': { domain: 'accounts', auth: 'none', body: VerifyBody, answer: json<View.VerifiedAnswer>() },
  'POST /api/resend-code': {
    domain: 'accounts',
    auth: 'none',
    body: EmailBody,
    answer: json<View.MessageAnswer>(),
    beyondSpec: 'Issue 15: a new sign-up code (the old one stops working), the same answer whether or not the address waits for one; 429 with retry_after when asked too soon.',
  },
  'POST /api/forgot-password': { domain: 'accounts', auth: 'none', body: EmailBody, answer: json<View.MessageAnswer>() },
  'POST /api/reset-password': { domain: 'accounts', auth: 'none', body: ResetBody, answer: json<View.MessageAnswer>() },
  'POST /api/delete-account': { domain: 'accounts', auth: 'session', body: DeleteAccountBody, answer: json<View.MessageAnswer>() },

  'GET /api/profile': { domain: 'profile', auth: 'session', answer: json<View.ProfileView>() },
  'GET /api/usage': {
    domain: 'transcripts',
    auth: 'session',
    answer: json<View.UsageView>(),
    beyondSpec: "Issue 16: the month's audio seconds and jobs against the monthly quota, for the user and for the people who pay.",
  },
  'PUT /api/profile': { domain: 'profile', auth: 'session', form: ProfileForm, answer: json<View.MessageAnswer>() },

  'GET /api/capabilities': {
    domain: 'transcripts',
    auth: 'none',
    answer: json<View.CapabilitiesView>(),
    beyondSpec: 'Issue 12, honest options: the languages, speaker identification, translation targets and kind of summary this deployment offers, asked before anything is uploaded.',
  },
  'POST /api/uploads': {
    domain: 'transcripts',
    auth: 'session',
    body: UploadRequest,
    answer: json<View.UploadTicket>(),
    beyondSpec: 'DESIGN.md section 5: the browser uploads straight to S3 through a presigned URL (multipart for large files).',
  },
  'POST /api/uploads/{id}/parts': onUpload({
    body: UploadPartsRequest,
    answer: json<View.UploadPartUrls>(),
    beyondSpec: 'Issue 13: the URLs of a multipart upload\'s next parts, signed when the browser is about to send them (a 2 GB upload can outlast URLs signed up front).',
  }),
  'POST /api/uploads/{id}/complete': onUpload({
    body: CompleteUpload,
    answer: json<View.CompletedUpload>(),
    beyondSpec: 'Completes a multipart upload and checks the stored file before transcription starts.',
  }),
  'POST /api/transcribe': { domain: 'transcripts', auth: 'session', body: TranscribeUploaded, form: TranscribeForm, answer: json<View.TranscribeAnswer>() },
  'GET /api/transcripts/{id}': onTranscript({ answer: json<View.TranscriptView>() }),
  'GET /api/transcripts': { domain: 'transcripts', auth: 'session', query: PageQuery, answer: json<View.TranscriptListItem[]>() },
  'GET /api/deleted_transcripts': { domain: 'transcripts', auth: 'session', query: PageQuery, answer: json<View.TranscriptListItem[]>() },
  'DELETE /api/transcripts/{id}': onTranscript({ answer: json<View.MovedAnswer>() }),
  'POST /api/transcripts/{id}/restore': onTranscript({ answer: json<View.MovedAnswer>() }),
  'PATCH /api/transcripts/{id}': onTranscript({
    body: TranscriptPatch,
    answer: json<View.TranscriptView>(),
    beyondSpec: 'Issue 14, names for things: renames the transcript, moves it to a project, sets its tags and renames its speakers everywhere.',
  }),
  'PUT /api/transcripts/{id}/text': onTranscript({
    body: TextEditRequest,
    answer: json<View.TranscriptView>(),
    beyondSpec: 'Issue 14, correct while listening: new text for some word groups; unchanged words keep their times (DESIGN.md section 5).',
  }),
  'POST /api/transcripts/{id}/revert': onTranscript({
    answer: json<View.TranscriptView>(),
    beyondSpec: "Issue 14: brings back the machine's text and timings, kept beside the edited version (DESIGN.md section 5).",
  }),
  'POST /api/transcripts/{id}/summary': onTranscript({
    answer: json<View.TranscriptView>(),
    beyondSpec: 'Issue 14, "Summarize again": topic and summary from the corrected text, with the same engine as the job.',
  }),
  'POST /api/transcripts/{id}/retry': onTranscript({
    answer: json<View.TranscriptView>(),
    beyondSpec: 'Issue 15, "Try again": runs a failed transcription again from the same upload with the same options (409 unless it failed).',
  }),
  'GET /api/transcripts/{id}/export': onTranscript({
    query: ExportQuery,
    answer: FILE,
    beyondSpec: 'Issue 14, export: txt, md, docx, srt, vtt or json made on the server (plain text can still be made in the browser, as SPEC.md says).',
  }),
  'GET /api/search': {
    domain: 'transcripts',
    auth: 'session',
    query: SearchQuery,
    answer: json<View.SearchAnswer>(),
    beyondSpec: "Issue 14, find anything: the user's own active transcripts matching words, names, topics, summaries or speakers, each with the moment it was said.",
  },
  'POST /api/transcripts/{id}/share': onTranscript({
    body: ShareLinkRequest,
    answer: json<View.CreatedShareLink>(),
    beyondSpec: 'Issue 15, share a read-only link: a new link to a finished transcript, with an expiry and with or without the recording.',
  }),
  'GET /api/transcripts/{id}/share': onTranscript({
    answer: json<View.ShareLinkView[]>(),
    beyondSpec: "Issue 15: the transcript's links that still work, for its owner to see and revoke.",
  }),
  'DELETE /api/transcripts/{id}/share/{token}': {
    domain: 'transcripts',
    auth: 'session',
    params: {
      id: pathId(MESSAGES.transcriptNotFound),
      token: z.string().regex(new RegExp(`${SHARE_TOKEN_PATTERN.source}|${SHARE_LINK_ID_PATTERN.source}`), MESSAGES.shareLinkNotFound),
    },
    answer: json<View.MovedAnswer>(),
    beyondSpec: "Issue 15: revokes one link, named by its token or by its id in the owner's list; it answers 404 from then on.",
  },
  'GET /api/shared/{token}': {
    domain: 'transcripts',
    auth: 'none',
    params: { token: shareToken },
    answer: json<View.SharedTranscriptView>(),
    beyondSpec: 'Issue 15: what the page /s/{token} shows, without a session: the text, timings, speakers, topic and summary only.',
  },
  'GET /api/shared/{token}/{file}': {
    domain: 'transcripts',
    auth: 'none',
    params: { token: shareToken, file: z.string().regex(/^audio\.[A-Za-z0-9]{1,10}$/, MESSAGES.sharedLinkNotFound) },
    answer: REDIRECT,
    beyondSpec: "Issue 15: a shared link's recording (when the link includes it), checked on every request and redirected to a short-lived signed address.",
  },
  'GET /uploads/{filename}': {
    domain: 'transcripts',
    auth: 'session',
    params: { filename: RecordingFile },
    answer: REDIRECT,
    beyondSpec: 'SPEC.md section 7, further facts: audio files are served from /uploads/{filename} (not a row of its table).',
  },

  'GET /api/projects': { domain: 'projects', auth: 'session', answer: json<View.ProjectView[]>() },
  'POST /api/projects': { domain: 'projects', auth: 'session', body: ProjectBody, answer: json<View.ProjectView>() },
  'PUT /api/projects/{id}': onProject({ body: ProjectBody, answer: json<View.ProjectView>() }),
  'DELETE /api/projects/{id}': onProject({ answer: json<View.MovedAnswer>() }),
  'GET /api/projects/{id}/transcripts': onProject({ query: PageQuery, answer: json<View.TranscriptListItem[]>() }),

  'GET /api/tags': { domain: 'tags', auth: 'session', answer: json<View.TagView[]>() },
  'POST /api/tags': { domain: 'tags', auth: 'session', body: TagBody, answer: json<View.TagView>() },
  'PUT /api/tags/{id}': onTag({ body: TagBody, answer: json<View.TagView>() }),
  'DELETE /api/tags/{id}': onTag({ answer: json<View.MovedAnswer>() }),

  'GET /api/translate/languages': { domain: 'translation', auth: 'none', answer: json<string[]>() },
  'POST /api/translate/{id}': { domain: 'translation', auth: 'session', params: { id: pathId(MESSAGES.transcriptNotFound) }, body: TranslateBody, answer: json<View.TranslationAnswer>() },

  'GET /login/google': { domain: 'google', auth: 'none', answer: REDIRECT },
  'GET /login/google/callback': {
    domain: 'google',
    auth: 'none',
    query: z.object({ code: optionalParam, state: optionalParam, error: optionalParam }),
    answer: REDIRECT,
    beyondSpec: 'The redirect URI of the Google sign-in that GET /login/google starts: the provider returns code and state here (DESIGN.md section 4).',
  },

  'POST /api/support': { domain: 'support', auth: 'session', body: SupportBody, answer: json<View.SupportAnswer>() },
} as const satisfies Record<`${HttpMethod} /${string}`, RouteSpec>;

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;

/** The answer type of a route (what its handler returns, what the web receives). */
export type AnswerOf<K extends RouteKey> = Routes[K]['answer'] extends JsonAnswer<infer T> ? T : never;
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
