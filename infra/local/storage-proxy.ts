/**
 * Local storage through the app's one port: `/storage/<bucket>/<key>` is S3 as the browser and the
 * app's SDK calls see it. Each request's signature and expiry are checked (storage-signature.ts)
 * before it is passed on to the emulator, which itself answers only requests carrying the proxy's
 * per-run token, so it can't be reached around this check by another local process.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LocalAccess } from './local-token.cjs';
import { checkStorageSignature, type StorageCredentials } from './storage-signature';

/** The path prefix of storage on the app's port. */
export const STORAGE_PATH_PREFIX = '/storage';

export interface StorageProxyOptions {
  credentials: StorageCredentials;
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

/** The request's headers for the emulator: its own host, the proxy's token, nothing hop-by-hop. */
function upstreamHeaders(req: IncomingMessage, upstream: URL, access: LocalAccess): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !['host', 'connection', 'keep-alive', access.tokenHeader].includes(name)) headers[name] = value;
  }
  return { ...headers, host: upstream.host, [access.tokenHeader]: access.token };
}

function forward(req: IncomingMessage, res: ServerResponse, target: URL, access: LocalAccess): Promise<void> {
  return new Promise((done) => {
    const outgoing = httpRequest(target, { method: req.method, headers: upstreamHeaders(req, target, access) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
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

/** Serves requests under STORAGE_PATH_PREFIX; `origin` is the app's address as the caller used it. */
export function createStorageProxy(options: StorageProxyOptions) {
  return async (req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    // A CORS preflight carries no signature (browsers never sign it) and reaches no data.
    if (method !== 'OPTIONS') {
      const check = await checkStorageSignature({ method, url, headers: req.headers }, options.credentials);
      if (!check.ok) {
        return sendS3Error(res, 403, check.code, check.message);
      }
    }
    const upstream = new URL(options.upstream());
    const target = new URL(`${url.pathname.slice(STORAGE_PATH_PREFIX.length)}${url.search}`, upstream);
    await forward(req, res, target, options.access);
  };
}
