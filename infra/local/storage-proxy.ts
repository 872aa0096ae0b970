/**
 * Local storage through the app's one port: `/storage/<bucket>/<key>` is S3 as the browser and the
 * app's SDK calls see it. Each request's signature and expiry are checked (storage-signature.ts)
 * before it is passed on to the emulator, which itself answers only requests carrying the proxy's
 * per-run token, so it can't be reached around this check by another local process.
 *
 * The token goes to the emulator's address only: a request target that could name another place once joined
 * onto it (`//host`, a backslash, an encoded slash, a dot segment, an absolute URL) is refused as it stands, and
 * CORS preflights, which carry no signature, are answered here and never passed on (issue 25, point 1).
 * `/storage/_shared/<sealed>` is a shared link's recording, read by an address that names no key (point 2).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LocalAccess } from './local-token.cjs';
import { openSharedMedia, SHARED_MEDIA_SEGMENT } from '../../functions/storage/shared-media';
import { checkStorageSignature, type StorageCredentials } from './storage-signature';

/** The path prefix of storage on the app's port. */
export const STORAGE_PATH_PREFIX = '/storage';

/** The CORS rule of local storage for the app's origins: what its pages need to upload and play (S3's bucket CORS). */
export const STORAGE_CORS = { methods: ['GET', 'PUT', 'HEAD'], exposeHeaders: ['ETag'], maxAgeSeconds: 3000 } as const;

export interface StorageProxyOptions {
  credentials: StorageCredentials;
  /** The app's origins, the only ones a preflight is allowed for. */
  corsOrigins: readonly string[];
  /** The emulator's address now (it may change when it is restarted). */
  upstream: () => string;
  /** The run's token, with which the proxy proves itself to the emulator (s3rver-server.cjs checks it). */
  access: LocalAccess;
}

const xmlEscape = (text: string): string => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A refusal in S3's shape. It comes before the request's body is read (or after the emulator stopped taking
 * it), so it closes the connection: a client still sending the rest would otherwise wait on it.
 */
function sendS3Error(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml', 'cache-control': 'no-store', connection: 'close' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

/** Headers for the emulator: these, with its own host and the proxy's token, nothing hop-by-hop. */
function upstreamHeaders(given: IncomingMessage['headers'], upstream: URL, access: LocalAccess): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined && !['host', 'connection', 'keep-alive', access.tokenHeader].includes(name)) headers[name] = value;
  }
  return { ...headers, host: upstream.host, [access.tokenHeader]: access.token };
}

/**
 * Passes the request on with `headers`. For a sealed read (serveSharedMedia), a successful answer gets
 * `sealedHeaders` over the emulator's, and a refusal is said again in S3's words alone: the emulator's names
 * the key (`<Key>`, `x-amz-error-detail-key`), which holds the owner's id.
 */
function forward(req: IncomingMessage, res: ServerResponse, target: URL, headers: Record<string, string | string[]>, sealedHeaders?: Record<string, string>): Promise<void> {
  return new Promise((done) => {
    const outgoing = httpRequest(target, { method: req.method, headers }, (answer) => {
      const status = answer.statusCode ?? 502;
      if (sealedHeaders && status >= 400) {
        answer.resume();
        sendS3Error(res, status, String(answer.headers['x-amz-error-code'] ?? 'AccessDenied'), String(answer.headers['x-amz-error-message'] ?? 'Access Denied'));
        return done();
      }
      res.writeHead(status, sealedHeaders && status < 300 ? { ...answer.headers, ...sealedHeaders } : answer.headers);
      answer.pipe(res);
      answer.on('end', done);
      answer.on('error', () => done(void res.destroy()));
    });
    outgoing.on('error', () => {
      if (!res.headersSent) sendS3Error(res, 503, 'ServiceUnavailable', 'Storage is restarting. Try again in a moment.');
      else res.destroy();
      done();
    });
    req.pipe(outgoing);
  });
}

/** What a read of a sealed address passes on: ranges and cache checks, nothing that changes what is done. */
const SHARED_READ_HEADERS = ['range', 'if-range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

/**
 * A shared link's recording (functions/storage/shared-media.ts): the sealed address opens one file, for GET or
 * HEAD until it expires, served with the type it was sealed with. It is its own authority (no signature).
 */
function serveSharedMedia(req: IncomingMessage, res: ServerResponse, token: string, upstream: URL, options: StorageProxyOptions): Promise<void> | void {
  const media = req.method === 'GET' || req.method === 'HEAD' ? openSharedMedia(options.credentials.secretAccessKey, token) : null;
  if (!media) return sendS3Error(res, 403, 'AccessDenied', 'This address has expired or is not valid.');
  const target = new URL(`${upstream.origin}/${[media.bucket, ...media.key.split('/')].map(encodeURIComponent).join('/')}`);
  const headers = Object.fromEntries(SHARED_READ_HEADERS.flatMap((name) => (req.headers[name] === undefined ? [] : [[name, req.headers[name]!]])));
  return forward(req, res, target, upstreamHeaders(headers, upstream, options.access), { 'content-type': media.contentType, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
}

/**
 * The path of a request target under the prefix, as storage names it (`/<bucket>/<key>`), or null for one that
 * is not a plain path: not origin-form, or with a backslash, an empty segment, a dot segment or an encoded
 * slash, as written or percent-encoded. What is left joins onto any origin as a path of that origin.
 */
function storagePathOf(target: string): string | null {
  const path = target.split('?', 1)[0]!;
  if (!path.startsWith(`${STORAGE_PATH_PREFIX}/`) || /\\|%2f|%5c/i.test(path)) return null;
  const rest = path.slice(STORAGE_PATH_PREFIX.length);
  const segments = rest.slice(1).split('/');
  const odd = segments.some((segment, index) => (segment === '' && index < segments.length - 1) || ['.', '..'].includes(segment.replace(/%2e/gi, '.')));
  return odd ? null : rest;
}

/** A preflight from one of the app's origins for a method its pages use: S3's CORS answer; anything else is refused. */
function answerPreflight(req: IncomingMessage, res: ServerResponse, corsOrigins: readonly string[]): void {
  const origin = req.headers.origin ?? '';
  const method = req.headers['access-control-request-method'] ?? '';
  if (!corsOrigins.includes(origin) || !(STORAGE_CORS.methods as readonly string[]).includes(method)) {
    return sendS3Error(res, 403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
  }
  const askedHeaders = req.headers['access-control-request-headers'];
  res.writeHead(200, {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': STORAGE_CORS.methods.join(', '),
    ...(askedHeaders ? { 'access-control-allow-headers': askedHeaders } : {}),
    'access-control-expose-headers': STORAGE_CORS.exposeHeaders.join(', '),
    'access-control-max-age': String(STORAGE_CORS.maxAgeSeconds),
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    'content-length': '0',
  });
  res.end();
}

/** Serves requests under STORAGE_PATH_PREFIX; `origin` is the app's address as the caller used it. */
export function createStorageProxy(options: StorageProxyOptions) {
  return async (req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> => {
    const path = storagePathOf(req.url ?? '');
    const upstream = new URL(options.upstream());
    // The caller's Host header makes `origin`: one that is not a host name is as bad as the path.
    const url = URL.canParse(req.url ?? '/', origin) ? new URL(req.url ?? '/', origin) : null;
    const target = path === null || url === null ? null : new URL(`${upstream.origin}${path}${url.search}`);
    if (path === null || url === null || target === null || target.origin !== upstream.origin) return sendS3Error(res, 400, 'InvalidURI', 'Couldn\'t parse the specified URI.');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return answerPreflight(req, res, options.corsOrigins);
    if (path.startsWith(SHARED_MEDIA_SEGMENT)) return serveSharedMedia(req, res, path.slice(SHARED_MEDIA_SEGMENT.length), upstream, options);
    const check = await checkStorageSignature({ method, url, headers: req.headers }, options.credentials);
    if (!check.ok) return sendS3Error(res, 403, check.code, check.message);
    await forward(req, res, target, upstreamHeaders(req.headers, upstream, options.access));
  };
}
