/**
 * Local storage's signature check against requests the real SDK signs: presigned URLs as the
 * browser gets them and header-signed calls as the app makes them. Edited, expired, unsigned or
 * foreign-key requests are refused.
 */
import { CopyObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkStorageSignature, type StorageRequest } from '../../infra/local/storage-signature';

const ENDPOINT = 'http://127.0.0.1:3999/storage';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'the-secret-of-this-data-folder' };
const SIGNED_AT = new Date('2026-11-23T18:00:00Z');

function clientWith(secretAccessKey: string, capture?: (request: StorageRequest) => void): S3Client {
  return new S3Client({
    region: 'us-east-1',
    endpoint: ENDPOINT,
    forcePathStyle: true,
    credentials: { ...credentials, secretAccessKey },
    systemClockOffset: SIGNED_AT.getTime() - Date.now(),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // Captures the signed request instead of sending it.
    requestHandler: {
      handle: async (request: { method: string; protocol: string; hostname: string; port?: number; path: string; query: Record<string, string>; headers: Record<string, string> }) => {
        const url = new URL(`${request.protocol}//${request.hostname}:${request.port}${request.path}`);
        for (const [name, value] of Object.entries(request.query)) url.searchParams.set(name, value);
        capture?.({ method: request.method, url, headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value])) });
        throw new Error('captured');
      },
    } as never,
  });
}

const client = clientWith(credentials.secretAccessKey);
const signing = { expiresIn: 600, signingDate: SIGNED_AT };
const asRequest = (url: string, method = 'PUT', headers: StorageRequest['headers'] = {}): StorageRequest => ({ method, url: new URL(url), headers: { host: new URL(url).host, ...headers } });
const soon = new Date(SIGNED_AT.getTime() + 60_000);

describe('presigned URLs', () => {
  it('accepts an upload URL as signed, with its signed content length, until it expires', async () => {
    const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: 'uploads', Key: 'users/u1/uploads/a b ü.wav', ContentLength: 10 }), signing);
    expect(await checkStorageSignature(asRequest(url, 'PUT', { 'content-length': '10' }), credentials, soon)).toEqual({ ok: true });
    expect(await checkStorageSignature(asRequest(url, 'PUT', { 'content-length': '11' }), credentials, soon)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(await checkStorageSignature(asRequest(url, 'PUT', { 'content-length': '10' }), credentials, new Date(SIGNED_AT.getTime() + 601_000))).toMatchObject({ ok: false, code: 'AccessDenied', message: 'Request has expired' });
  });

  it("refuses a URL whose key, part, method or expiry was edited (another user's recording stays safe)", async () => {
    const url = await getSignedUrl(client, new UploadPartCommand({ Bucket: 'uploads', Key: 'users/u1/uploads/x.wav', UploadId: 'abc', PartNumber: 2 }), signing);
    expect(await checkStorageSignature(asRequest(url), credentials, soon)).toEqual({ ok: true });
    for (const edited of [url.replace('users/u1/', 'users/u2/'), url.replace('partNumber=2', 'partNumber=3'), url.replace('X-Amz-Expires=600', 'X-Amz-Expires=6000')]) {
      expect(edited).not.toBe(url);
      expect(await checkStorageSignature(asRequest(edited), credentials, soon)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    }
    expect(await checkStorageSignature(asRequest(url, 'DELETE'), credentials, soon)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });

  it('refuses x-amz headers the URL did not sign, a copy even when signed, and a query parameter given twice', async () => {
    const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: 'uploads', Key: 'users/u1/uploads/x.wav', ContentLength: 4 }), signing);
    expect(await checkStorageSignature(asRequest(url, 'PUT', { 'content-length': '4' }), credentials, soon)).toEqual({ ok: true });
    for (const headers of [
      { 'x-amz-copy-source': '/uploads/users/u2/transcripts/t.json' },
      { 'X-Amz-Copy-Source-Range': 'bytes=0-9' },
      { 'x-amz-metadata-directive': 'REPLACE' },
      { 'x-amz-meta-note': 'x' },
      { 'x-amz-acl': 'public-read' },
    ]) {
      expect(await checkStorageSignature(asRequest(url, 'PUT', { 'content-length': '4', ...headers }), credentials, soon)).toMatchObject({ ok: false, code: 'AccessDenied' });
    }
    const part = await getSignedUrl(client, new UploadPartCommand({ Bucket: 'uploads', Key: 'users/u1/uploads/x.wav', UploadId: 'mine', PartNumber: 2 }), signing);
    // The check would read the last uploadId, the storage server may take the first.
    expect(await checkStorageSignature(asRequest(part.replace('?', '?uploadId=theirs&')), credentials, soon)).toMatchObject({ ok: false, code: 'AccessDenied' });
    // Also in another case: the signer leaves any x-amz-signature out of what it signs, and the storage server reads names in any case.
    const signature = new URL(url).searchParams.get('X-Amz-Signature')!;
    expect(await checkStorageSignature(asRequest(`${url}&x-amz-signature=${signature}`, 'PUT', { 'content-length': '4' }), credentials, soon)).toMatchObject({ ok: false, code: 'AccessDenied' });
    const copy = await getSignedUrl(client, new CopyObjectCommand({ Bucket: 'uploads', Key: 'users/u1/x.json', CopySource: 'uploads/users/u2/t.json' }), signing);
    expect(await checkStorageSignature(asRequest(copy), credentials, soon)).toMatchObject({ ok: false, code: 'AccessDenied', message: 'Copying objects is not allowed.' });
  });

  it('refuses a URL signed with another secret, or with another key id', async () => {
    const forged = await getSignedUrl(clientWith('S3RVER'), new GetObjectCommand({ Bucket: 'uploads', Key: 'users/u2/uploads/x.wav' }), { signingDate: SIGNED_AT });
    expect(await checkStorageSignature(asRequest(forged, 'GET'), credentials, soon)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'uploads', Key: 'users/u1/uploads/x.wav' }), signing);
    expect(await checkStorageSignature(asRequest(url, 'GET'), { ...credentials, accessKeyId: 'OTHER' }, soon)).toMatchObject({ ok: false, code: 'InvalidAccessKeyId' });
  });
});

describe('header-signed requests', () => {
  async function signedBy(secret: string): Promise<StorageRequest> {
    let captured: StorageRequest | undefined;
    await clientWith(secret, (request) => (captured = request)).send(new PutObjectCommand({ Bucket: 'uploads', Key: 'users/u1/out.json', Body: '{}' })).catch(() => undefined);
    return captured!;
  }

  it('accepts the SDK call as signed, near its date only', async () => {
    const request = await signedBy(credentials.secretAccessKey);
    expect(await checkStorageSignature(request, credentials, soon)).toEqual({ ok: true });
    expect(await checkStorageSignature(request, credentials, new Date(SIGNED_AT.getTime() + 16 * 60_000))).toMatchObject({ ok: false, code: 'AccessDenied' });
  });

  it('refuses a call with an x-amz header added after signing, or asking for a copy', async () => {
    const request = await signedBy(credentials.secretAccessKey);
    for (const added of [{ 'x-amz-copy-source': '/uploads/users/u2/t.json' }, { 'x-amz-tagging': 'a=b' }]) {
      expect(await checkStorageSignature({ ...request, headers: { ...request.headers, ...added } }, credentials, soon)).toMatchObject({ ok: false, code: 'AccessDenied' });
    }
  });

  it('refuses an edited path or a call signed with another secret', async () => {
    const request = await signedBy(credentials.secretAccessKey);
    const moved = { ...request, url: new URL(request.url.href.replace('users/u1/', 'users/u2/')) };
    expect(await checkStorageSignature(moved, credentials, soon)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(await checkStorageSignature(await signedBy('S3RVER'), credentials, soon)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });
});

it('refuses an unsigned request', async () => {
  expect(await checkStorageSignature(asRequest(`${ENDPOINT}/uploads/users/u1/x.wav`, 'GET'), credentials, soon)).toMatchObject({ ok: false, code: 'AccessDenied' });
});
