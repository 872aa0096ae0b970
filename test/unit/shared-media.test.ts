/** A shared link's recording address (functions/storage/shared-media.ts): opaque, short-lived, and opened only as sealed. */
import { createHmac } from 'node:crypto';
import { resetConfig } from '../../functions/platform/config';
import { mediaKey, sharedPlaybackUrl } from '../../functions/storage/media-store';
import { openSharedMedia, sealSharedMedia } from '../../functions/storage/shared-media';
import { sharedMediaFunctionCode } from '../../infra/shared-media-edge';

const SECRET = 'the-storage-secret-of-this-data-folder';
const MEDIA = { bucket: 'uploads', key: 'users/0b6c7d1e-owner/media/TranscriptId123', contentType: 'audio/wav' };
const NOW = Date.UTC(2026, 10, 27, 12);

it('opens to the sealed file until it expires, and names neither id', () => {
  const token = sealSharedMedia(SECRET, MEDIA, NOW + 60_000);
  expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  for (const part of ['users', 'owner', 'TranscriptId123', 'media']) expect(token).not.toContain(part);
  expect(openSharedMedia(SECRET, token, NOW + 59_000)).toEqual(MEDIA);
  expect(openSharedMedia(SECRET, token, NOW + 60_000)).toBeNull();
  // Sealed twice, two different addresses: one can't be matched to another of the same file.
  expect(sealSharedMedia(SECRET, MEDIA, NOW + 60_000)).not.toBe(token);
});

it('refuses an edited address, one sealed with another secret, and anything malformed', () => {
  const token = sealSharedMedia(SECRET, MEDIA, NOW + 60_000);
  const bytes = Buffer.from(token, 'base64url');
  for (const index of [0, 15, 16, 20, bytes.length - 17, bytes.length - 1]) {
    const edited = Buffer.from(bytes);
    edited[index]! ^= 1;
    expect(openSharedMedia(SECRET, edited.toString('base64url'), NOW)).toBeNull();
  }
  expect(openSharedMedia('another-secret-of-another-folder', token, NOW)).toBeNull();
  for (const malformed of ['', 'x', '../x', `${token}.`, 'A'.repeat(200)]) expect(openSharedMedia(SECRET, malformed, NOW)).toBeNull();
});

describe('in AWS: the address is the site\'s, opened by the CloudFront Function (infra/shared-media-edge.ts)', () => {
  const ORIGIN_SECRET = 'the-origin-secret-cloudfront-shows-the-api-48chars';
  const OWNER = '0b6c7d1e-5f4a-4b3c-9d2e-1f0a9b8c7d6e';
  const KEY = mediaKey(OWNER, 'Tr4nscr1pt_Id-0123456789');
  const S3_HOST = '.s3.eu-west-1.amazonaws.com';
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
  });

  /** The function's code as CloudFront runs it, in Node: `cloudfront` and `crypto` given in place of the imports. */
  function edge(secret = ORIGIN_SECRET) {
    const origins: unknown[] = [];
    const code = sharedMediaFunctionCode(secret, S3_HOST).replace("import cf from 'cloudfront';", '').replace("import crypto from 'crypto';", '');
    const handler = new Function('cf', 'crypto', `${code}; return handler;`)({ updateRequestOrigin: (origin: unknown) => origins.push(origin) }, { createHmac }) as (event: unknown) => Record<string, unknown>;
    const request = (uri: string, method = 'GET') => handler({ request: { method, uri, headers: { range: { value: 'bytes=0-99' } }, querystring: { 'response-content-type': { value: 'text/html' }, versionId: { value: 'x' } }, cookies: { sid: { value: 's' } } } });
    return { request, origins };
  }

  it("redirects to <public origin>/_shared/<sealed>, naming neither the owner nor the transcript", async () => {
    process.env = { ...saved, APP_MODE: 'aws', TABLE_NAME: 't', UPLOADS_BUCKET: 'stack-uploads-1a2b', APP_ORIGINS: 'https://app.example.com', ORIGIN_VERIFY_SECRET: ORIGIN_SECRET, AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' };
    delete process.env.LOCAL_SECRET_ACCESS_KEY;
    delete process.env.S3_ENDPOINT;
    delete process.env.S3_PUBLIC_ENDPOINT;
    resetConfig();
    const address = await sharedPlaybackUrl(KEY, 'audio/mpeg', 60);
    expect(address).toMatch(/^https:\/\/app\.example\.com\/_shared\/[A-Za-z0-9_-]+$/);
    for (const part of [OWNER, 'Tr4nscr1pt_Id-0123456789', 'users', 'media', 'amazonaws']) expect(address).not.toContain(part);

    // The edge opens it: that one key, from the uploads bucket through origin access control, with the sealed type.
    const { request, origins } = edge();
    const path = new URL(address).pathname;
    expect(request(path)).toEqual({ method: 'GET', uri: `/${KEY}`, headers: { range: { value: 'bytes=0-99' } }, querystring: { 'response-content-type': { value: 'audio/mpeg' } }, cookies: {} });
    expect(origins).toEqual([{ domainName: `stack-uploads-1a2b${S3_HOST}`, originAccessControlConfig: { enabled: true, signingBehavior: 'always', signingProtocol: 'sigv4', originType: 's3' } }]);
    expect(request(path, 'HEAD').uri).toBe(`/${KEY}`);
  });

  it('the edge refuses an edited, expired, foreign or malformed address, and other methods, before any origin', () => {
    const { request, origins } = edge();
    const refused = { statusCode: 403, statusDescription: 'Forbidden', headers: { 'cache-control': { value: 'no-store' } } };
    const token = sealSharedMedia(ORIGIN_SECRET, { ...MEDIA, bucket: 'stack-uploads-1a2b', key: KEY }, Date.now() + 60_000);
    expect(request(`/_shared/${token}`).uri).toBe(`/${KEY}`);
    const bytes = Buffer.from(token, 'base64url');
    for (const index of [0, 15, 16, 30, bytes.length - 17, bytes.length - 1]) {
      const edited = Buffer.from(bytes);
      edited[index]! ^= 1;
      expect(request(`/_shared/${edited.toString('base64url')}`)).toEqual(refused);
    }
    expect(request(`/_shared/${sealSharedMedia(ORIGIN_SECRET, { ...MEDIA, key: KEY }, Date.now() - 1)}`)).toEqual(refused);
    expect(request(`/_shared/${sealSharedMedia('another-secret-of-another-stack-0123456789abcdef', { ...MEDIA, key: KEY }, Date.now() + 60_000)}`)).toEqual(refused);
    // Sealed by us but not a recording's key (a transcript body): refused all the same.
    expect(request(`/_shared/${sealSharedMedia(ORIGIN_SECRET, { ...MEDIA, key: `users/${OWNER}/transcripts/t.json` }, Date.now() + 60_000)}`)).toEqual(refused);
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) expect(request(`/_shared/${token}`, method)).toEqual(refused);
    for (const malformed of ['/_shared/', '/_shared/x', `/_shared/${token}.`, `/_shared/${token}/x`, `/other/${token}`, `/_shared/${'A'.repeat(400)}`]) expect(request(malformed)).toEqual(refused);
    expect(origins).toHaveLength(1);
  });
});
