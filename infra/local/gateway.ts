/**
 * The local gateway: one port serves the API (from the route table, through the same handlers as
 * Lambda), the built web app (web/dist, with SPA routing), as CloudFront does in the AWS deployment,
 * and storage (S3) under /storage, each request's signature checked (storage-proxy.ts).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { DOMAIN_HANDLERS } from '../../functions/api/handlers';
import { MAX_API_BODY_BYTES, SESSION_COOKIE_NAME } from '../../functions/domain/constants';
import { LIVE_ASSETS_ROOT } from '../../functions/domain/live-assets';
import { MESSAGES } from '../../functions/domain/messages';
import { NOINDEX_HEADERS, SHARED_PAGE_PREFIX } from '../../functions/domain/share-links';
import { ROUTE_LIST } from '../../functions/contract';
import { PERMISSIONS_POLICY } from '../site-headers';
import { isStaticFilePath } from '../static-files';
import { compileRoutes, toApiEvent, writeApiResult } from './apigw-event';
import { callerAddress } from './caller-address';
import { callerTurns } from './caller-turns';
import { STORAGE_PATH_PREFIX } from './storage-proxy';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The same security headers the CloudFront response-headers policy adds. */
const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; img-src 'self' data: blob:; media-src 'self' blob: http://127.0.0.1:*; connect-src 'self' http://127.0.0.1:*; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
} as const;

/** Paths that belong to the API even when no route matches (so they answer JSON 404, not the SPA). */
const API_ONLY_PREFIXES = ['/api/', '/uploads/', '/login/google', '/_local/'];

export type RequestLogger = (method: string, path: string, status: number, ms: number) => void;

function sendJsonError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: message }));
}

/** Reads the body up to the API's limit; `null` means it was too large. */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_API_BODY_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_API_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A shared transcript's page is for the people given the link, not for search engines (as CloudFront's /s/* behaviour). */
const pageHeaders = (path: string): Record<string, string> => ({ ...PAGE_HEADERS, ...(path.startsWith(SHARED_PAGE_PREFIX) ? NOINDEX_HEADERS : {}) });

function serveStatic(webDir: string, path: string, res: ServerResponse, extraFiles: ReadonlyMap<string, string>): void {
  const extra = extraFiles.get(path);
  if (extra) return sendFile(extra, path, res, true);
  const decoded = safeDecode(path);
  const file = decoded === null ? null : normalize(join(webDir, decoded));
  const inside = file !== null && (file + sep).startsWith(webDir + sep);
  const isFile = inside && existsSync(file) && statSync(file).isFile();
  // Page paths are SPA routes (the same rule as CloudFront's); a missing static file is a real 404.
  const target = isFile ? file : isStaticFilePath(path) ? null : join(webDir, 'index.html');
  if (!target || !existsSync(target)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...pageHeaders(path) });
    res.end(existsSync(join(webDir, 'index.html')) ? 'Not found' : 'The web app is not built yet: run npm start (it builds web/dist).');
    return;
  }
  // Hashed bundles, and the live engine's files under their versioned folder (issue 29).
  sendFile(target, path, res, target.includes(`${sep}assets${sep}`) || target.includes(`${sep}${LIVE_ASSETS_ROOT}${sep}`));
}

function sendFile(target: string, path: string, res: ServerResponse, immutable: boolean): void {
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...pageHeaders(path),
  });
  createReadStream(target).pipe(res);
}

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** A Host naming this machine: localhost, 127.x.x.x or [::1], with or without a port. */
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * A request from this machine itself: a loopback socket, addressed to a loopback name, and no proxy saying
 * it forwards someone else's. The Host matters for a team's proxy on the same server that sends no
 * X-Forwarded-For: it passes the public name on (the product's links are signed for it), so its callers stay out.
 */
function isLocalCaller(req: IncomingMessage): boolean {
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((name) => req.headers[name] !== undefined);
  return !forwarded && LOOPBACK_ADDRESS.test(req.socket.remoteAddress ?? '') && LOOPBACK_HOST.test(req.headers.host ?? '');
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** Pages only the local deployment has (the outbox), by path: they answer only callers on this machine, never through a proxy. */
export type LocalPages = Record<string, () => string>;

const SESSION_IN_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=([^;]+)`);

/** Who is calling: the session cookie, else the caller's address. */
function callerKey(req: IncomingMessage, address: string): string {
  const sid = SESSION_IN_COOKIE.exec(req.headers.cookie ?? '')?.[1];
  return sid ? `sid:${sid}` : `ip:${address}`;
}

export interface GatewayOptions {
  /** The built web app. */
  webDir: string;
  log?: RequestLogger | undefined;
  localPages?: LocalPages;
  /** Added to every API request as the site's origin header (functions/http/handler.ts checks it). */
  originSecret?: string | undefined;
  /** Storage (S3) under STORAGE_PATH_PREFIX, given the app's address as the caller used it. */
  storage?: (req: IncomingMessage, res: ServerResponse, origin: string) => Promise<void>;
  /** The team's reverse proxy (TRUSTED_PROXY): its requests count as from the address it forwards. */
  trustedProxy?: string | undefined;
  /** Files served as immutable at a site path but kept out of the build (the opt-in Spanish live model), by path. */
  extraFiles?: ReadonlyMap<string, string>;
}

export function createGatewayHandler({ webDir, log, localPages = {}, originSecret, storage, trustedProxy, extraFiles = new Map() }: GatewayOptions) {
  const match = compileRoutes(ROUTE_LIST);
  const queues = callerTurns();
  const listener = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    res.on('finish', () => log?.(method, path, res.statusCode, performance.now() - started));
    try {
      if (storage && (path === STORAGE_PATH_PREFIX || path.startsWith(`${STORAGE_PATH_PREFIX}/`))) {
        return await storage(req, res, `http://${req.headers.host ?? 'localhost'}`);
      }
      const localPage = method === 'GET' && isLocalCaller(req) ? localPages[path] : undefined;
      if (localPage) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...PAGE_HEADERS, 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
        return void res.end(localPage());
      }
      const matched = match(method, path);
      if (!matched) {
        const apiOnly = API_ONLY_PREFIXES.some((prefix) => path.startsWith(prefix));
        if (apiOnly || (method !== 'GET' && method !== 'HEAD')) return sendJsonError(res, 404, MESSAGES.routeNotFound);
        return serveStatic(webDir, path, res, extraFiles);
      }
      const body = await readBody(req);
      if (body === null) {
        // The rest of the body is not read: close the connection rather than drain it.
        res.setHeader('connection', 'close');
        return sendJsonError(res, 413, MESSAGES.bodyTooLarge);
      }
      const address = callerAddress(req, trustedProxy);
      // A read whose caller left while it waited (a closed tab, a load test's end) is not run; a change still is.
      const abandoned = () => res.destroyed && (method === 'GET' || method === 'HEAD');
      const result = await queues.inTurn(callerKey(req, address), async () => (abandoned() ? null : DOMAIN_HANDLERS[matched.route.domain](toApiEvent(req, body, matched, originSecret, address))));
      if (result) writeApiResult(res, result);
    } catch (error) {
      console.error(`[gateway] ${method} ${path} failed:`, error);
      if (!res.headersSent) sendJsonError(res, 500, MESSAGES.internal);
      else res.end();
    }
  };
  return Object.assign(listener, { drained: queues.drained });
}
