/**
 * The route table: the one list of API routes (SPEC.md section 7). CDK creates the HTTP API routes
 * from it, the local gateway serves from it, and a test holds it against SPEC.md.
 * Only routes that really work are listed; each feature adds its own.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One Lambda per domain; the handler module is `functions/api/<domain>.ts`. */
export const DOMAINS = ['session', 'accounts', 'profile', 'transcripts', 'projects', 'tags', 'translation', 'google', 'support'] as const;
export type Domain = (typeof DOMAINS)[number];

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/transcripts/{id}`. */
  path: string;
  domain: Domain;
  /** `session`: a valid session is required, else 401 before the handler runs. */
  auth: 'session' | 'none';
  /** Routes beyond SPEC.md section 7 say why they exist. */
  beyondSpec?: string;
}

export const ROUTES = [
  { method: 'GET', path: '/api/session', domain: 'session', auth: 'session' },
  { method: 'POST', path: '/api/login', domain: 'session', auth: 'none' },
  { method: 'POST', path: '/logout', domain: 'session', auth: 'none' },
  { method: 'POST', path: '/signup', domain: 'accounts', auth: 'none' },
  { method: 'POST', path: '/verify-code', domain: 'accounts', auth: 'none' },
  { method: 'POST', path: '/api/forgot-password', domain: 'accounts', auth: 'none' },
  { method: 'POST', path: '/api/reset-password', domain: 'accounts', auth: 'none' },
  { method: 'POST', path: '/api/delete-account', domain: 'accounts', auth: 'session' },
  { method: 'GET', path: '/api/profile', domain: 'profile', auth: 'session' },
  { method: 'PUT', path: '/api/profile', domain: 'profile', auth: 'session' },
  {
    method: 'POST',
    path: '/api/uploads',
    domain: 'transcripts',
    auth: 'session',
    beyondSpec: 'DESIGN.md section 5: the browser uploads straight to S3 through a presigned URL (multipart for large files).',
  },
  {
    method: 'POST',
    path: '/api/uploads/{id}/complete',
    domain: 'transcripts',
    auth: 'session',
    beyondSpec: 'Completes a multipart upload and checks the stored file before transcription starts.',
  },
  { method: 'POST', path: '/api/transcribe', domain: 'transcripts', auth: 'session' },
  { method: 'GET', path: '/api/transcripts/{id}', domain: 'transcripts', auth: 'session' },
  { method: 'GET', path: '/api/transcripts', domain: 'transcripts', auth: 'session' },
  { method: 'GET', path: '/api/deleted_transcripts', domain: 'transcripts', auth: 'session' },
  { method: 'DELETE', path: '/api/transcripts/{id}', domain: 'transcripts', auth: 'session' },
  { method: 'POST', path: '/api/transcripts/{id}/restore', domain: 'transcripts', auth: 'session' },
  { method: 'GET', path: '/api/projects', domain: 'projects', auth: 'session' },
  { method: 'POST', path: '/api/projects', domain: 'projects', auth: 'session' },
  { method: 'PUT', path: '/api/projects/{id}', domain: 'projects', auth: 'session' },
  { method: 'DELETE', path: '/api/projects/{id}', domain: 'projects', auth: 'session' },
  { method: 'GET', path: '/api/projects/{id}/transcripts', domain: 'projects', auth: 'session' },
  { method: 'GET', path: '/api/tags', domain: 'tags', auth: 'session' },
  { method: 'POST', path: '/api/tags', domain: 'tags', auth: 'session' },
  { method: 'PUT', path: '/api/tags/{id}', domain: 'tags', auth: 'session' },
  { method: 'DELETE', path: '/api/tags/{id}', domain: 'tags', auth: 'session' },
  { method: 'GET', path: '/api/translate/languages', domain: 'translation', auth: 'none' },
  { method: 'POST', path: '/api/translate/{id}', domain: 'translation', auth: 'session' },
  { method: 'GET', path: '/login/google', domain: 'google', auth: 'none' },
  {
    method: 'GET',
    path: '/login/google/callback',
    domain: 'google',
    auth: 'none',
    beyondSpec: 'The redirect URI of the Google sign-in that GET /login/google starts: the provider returns code and state here (DESIGN.md section 4).',
  },
  { method: 'POST', path: '/api/support', domain: 'support', auth: 'session' },
  {
    method: 'GET',
    path: '/uploads/{filename}',
    domain: 'transcripts',
    auth: 'session',
    beyondSpec: "SPEC.md section 7, further facts: audio files are served from /uploads/{filename} (not a row of its table).",
  },
] as const satisfies readonly Route[];

export type RouteKey = `${(typeof ROUTES)[number]['method']} ${(typeof ROUTES)[number]['path']}`;

export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/**
 * Path prefixes that CloudFront forwards to the HTTP API (DESIGN.md section 3); everything else is the SPA.
 * The SPA's own pages (/login, /signup, /verify ...) are GET pages, so CloudFront forwards the API-only
 * paths (/signup, /verify-code, /logout) for non-GET methods through the API origin too.
 */
export const API_PATH_PATTERNS = ['/api/*', '/signup', '/verify-code', '/logout', '/login/google*', '/uploads/*'] as const;
