/**
 * Checks the AWS Signature Version 4 of a storage request, as S3 does: a presigned URL (the browser's
 * uploads, playback and downloads) or an Authorization header (the app's own SDK calls). s3rver checks
 * no V4 signature at all, so without this anyone who can reach local storage could edit the key of
 * their upload URL and overwrite another user's recording (issue 16, point 7).
 *
 * The signature is computed again with the SDK's own signer over the request as it arrived and
 * compared; the body's hash is not recomputed (it is `UNSIGNED-PAYLOAD` for presigned URLs, and the
 * app's own calls come from this process).
 */
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import { sameToken } from '../../functions/platform/constant-time';

export interface StorageCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StorageRequest {
  method: string;
  /** The address as the caller used it: `http://host:port/path?query`. */
  url: URL;
  headers: Record<string, string | string[] | undefined>;
}

export type SignatureCheck = { ok: true } | { ok: false; code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId'; message: string };

/** S3 refuses a header-signed request whose date is further than this from its clock. */
const CLOCK_SKEW_MS = 15 * 60_000;
/** S3's longest presigned URL: seven days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const ALGORITHM = 'AWS4-HMAC-SHA256';
/** The query parameters a presigned URL's signer sets itself (so they are not passed to it again). */
const PRESIGN_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
const CONTENT_SHA256 = 'X-Amz-Content-Sha256';

const bytesOf = (data: SourceData): string | Buffer =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** node:crypto behind the hash interface the signer takes (HMAC when given a key). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const denied = (message: string): SignatureCheck => ({ ok: false, code: 'AccessDenied', message });

/** Headers and query parameters that ask storage to copy another object into this one: the app never does. */
const COPY_FIELD = /^x-amz-copy-source/i;

/**
 * What a signature can't vouch for (issue 25, point 2): an `x-amz-*` header it did not sign (S3 refuses those
 * too: they change what a request does, as `x-amz-copy-source` turns an upload into a copy of any key), a copy
 * even when signed, and a query parameter given twice, in any case (the check would see one value, storage another).
 */
function unsignedFields(request: StorageRequest, signedHeaders: readonly string[]): SignatureCheck | null {
  const params = [...request.url.searchParams.keys()];
  const headers = Object.keys(request.headers).map((name) => name.toLowerCase());
  // Names in any case: the signer leaves every `x-amz-signature`, whatever its case, out of what it signs.
  if (new Set(params.map((name) => name.toLowerCase())).size !== params.length) return denied('A query parameter may be given once only.');
  if ([...params, ...headers].some((name) => COPY_FIELD.test(name))) return denied('Copying objects is not allowed.');
  const unsigned = headers.filter((name) => name.startsWith('x-amz-') && !signedHeaders.includes(name));
  return unsigned.length > 0 ? denied(`There were headers present in the request which were not signed: ${unsigned.join(', ')}`) : null;
}
const mismatch: SignatureCheck = { ok: false, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };

/** `20261123T182550Z` → its instant; null when malformed. */
function parseAmzDate(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function headerText(headers: StorageRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

interface Scope {
  accessKeyId: string;
  region: string;
  service: string;
  signedHeaders: string[];
}

/** `KEY/20261123/us-east-1/s3/aws4_request` and `host;content-length` → the signing scope; null when malformed. */
function parseScope(credential: string | undefined, signedHeaders: string | undefined): Scope | null {
  const parts = (credential ?? '').split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !signedHeaders) return null;
  return { accessKeyId: parts[0]!, region: parts[2]!, service: parts[3]!, signedHeaders: signedHeaders.split(';') };
}

/** The request the signer saw: only the headers it signed, the path as sent. */
function signedRequest(request: StorageRequest, scope: Scope, query: Record<string, string>, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extraHeaders };
  for (const name of scope.signedHeaders) headers[name] = headerText(request.headers, name) ?? '';
  return {
    method: request.method,
    protocol: request.url.protocol,
    hostname: request.url.hostname,
    port: request.url.port ? Number(request.url.port) : undefined,
    path: request.url.pathname,
    query,
    headers,
  };
}

function signerFor(scope: Scope, credentials: StorageCredentials): SignatureV4 {
  // S3 signs the path as sent, without encoding it a second time.
  return new SignatureV4({ credentials, region: scope.region, service: scope.service, sha256: NodeSha256, uriEscapePath: false });
}

async function checkPresigned(request: StorageRequest, credentials: StorageCredentials, now: Date): Promise<SignatureCheck> {
  const params = request.url.searchParams;
  const scope = parseScope(params.get('X-Amz-Credential') ?? undefined, params.get('X-Amz-SignedHeaders') ?? undefined);
  const signedAt = parseAmzDate(params.get('X-Amz-Date') ?? undefined);
  const expires = Number(params.get('X-Amz-Expires'));
  const given = params.get('X-Amz-Signature') ?? '';
  if (params.get('X-Amz-Algorithm') !== ALGORITHM || !scope || !signedAt || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
    return denied('Query-string authentication requires a valid AWS4-HMAC-SHA256 signature.');
  }
  if (!sameToken(scope.accessKeyId, credentials.accessKeyId)) return { ok: false, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  if (now.getTime() > signedAt.getTime() + expires * 1000) return denied('Request has expired');
  if (signedAt.getTime() - now.getTime() > CLOCK_SKEW_MS) return denied('Request is not yet valid');
  const refused = unsignedFields(request, scope.signedHeaders);
  if (refused) return refused;

  const query: Record<string, string> = {};
  for (const [name, value] of params) if (!PRESIGN_PARAMS.includes(name)) query[name] = value;
  // The SDK's presigner sends the payload hash as a header it hoists into the query: give it back as one.
  const hoisted: Record<string, string> = {};
  if (query[CONTENT_SHA256] !== undefined) {
    hoisted[CONTENT_SHA256] = query[CONTENT_SHA256];
    delete query[CONTENT_SHA256];
  }
  const expected = await signerFor(scope, credentials).presign(signedRequest(request, scope, query, hoisted), { signingDate: signedAt, expiresIn: expires });
  return sameToken(String(expected.query?.['X-Amz-Signature'] ?? ''), given) ? { ok: true } : mismatch;
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;

async function checkHeaderSigned(request: StorageRequest, credentials: StorageCredentials, now: Date): Promise<SignatureCheck> {
  const match = AUTHORIZATION.exec(headerText(request.headers, 'authorization') ?? '');
  const scope = parseScope(match?.[1], match?.[2]);
  const signedAt = parseAmzDate(headerText(request.headers, 'x-amz-date'));
  if (!match || !scope || !signedAt) return denied('The authorization header is malformed.');
  if (!sameToken(scope.accessKeyId, credentials.accessKeyId)) return { ok: false, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  if (Math.abs(now.getTime() - signedAt.getTime()) > CLOCK_SKEW_MS) return denied('The difference between the request time and the current time is too large.');
  const refused = unsignedFields(request, scope.signedHeaders);
  if (refused) return refused;

  const query = Object.fromEntries(request.url.searchParams);
  const signed = await signerFor(scope, credentials).sign(signedRequest(request, scope, query), { signingDate: signedAt });
  const expected = AUTHORIZATION.exec(String(signed.headers.authorization ?? ''))?.[3] ?? '';
  return sameToken(expected, match[3]!) ? { ok: true } : mismatch;
}

/** Whether `request` carries a valid, unexpired signature made with `credentials`. */
export function checkStorageSignature(request: StorageRequest, credentials: StorageCredentials, now = new Date()): Promise<SignatureCheck> {
  if (request.url.searchParams.has('X-Amz-Signature')) return checkPresigned(request, credentials, now);
  if (headerText(request.headers, 'authorization') !== undefined) return checkHeaderSigned(request, credentials, now);
  return Promise.resolve(denied('Anonymous access is not allowed.'));
}
