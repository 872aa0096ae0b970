/**
 * No single request stops the service (issue 16, point 1): hostile input on every upload and storage
 * route, and straight at the storage emulator, then the app must still answer and still store files.
 */
import { readFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { MAX_UPLOAD_BYTES, MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES, PART_URLS_PER_REQUEST } from '../../functions/domain/constants';
import { s3Client } from '../../functions/platform/aws-clients';
import { setting } from '../../functions/platform/config';
import { bodyKey } from '../../functions/storage/media-store';
import { Browser, signedUpBrowser, userIdOf } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack();
let user: Browser;
const WAV = readFileSync(join(__dirname, '../fixtures/media/tone.wav'));
const MULTIPART_SIZE = MULTIPART_THRESHOLD_BYTES + 1;

beforeAll(async () => {
  user = await signedUpBrowser(stack, 'hostile@example.com');
});

interface MultipartUpload {
  upload_id: string;
  parts: { part_number: number; url: string }[];
}

async function startMultipart(): Promise<MultipartUpload> {
  const answer = await user.post('/api/uploads', { filename: 'big.wav', size: MULTIPART_SIZE });
  expect(answer.status).toBe(200);
  return answer.body as unknown as MultipartUpload;
}

/** PUTs each part (a real WAV first, padding after) and returns their ETags. */
async function sendParts(upload: MultipartUpload): Promise<{ part_number: number; etag: string }[]> {
  const sent = [];
  for (const part of upload.parts) {
    const size = part.part_number < upload.parts.length ? MULTIPART_PART_BYTES : MULTIPART_SIZE - MULTIPART_PART_BYTES * (upload.parts.length - 1);
    const body = new Uint8Array(size);
    if (part.part_number === 1) body.set(WAV.subarray(0, Math.min(WAV.length, size)));
    const res = await fetch(part.url, { method: 'PUT', body });
    expect(res.status).toBe(200);
    sent.push({ part_number: part.part_number, etag: res.headers.get('etag')! });
  }
  return sent;
}

async function transcribeStatus(): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([WAV]), 'after.wav');
  form.append('use_ai_summary', 'false');
  return (await user.post('/api/transcribe', form)).status;
}

async function expectStillServing(): Promise<void> {
  expect((await user.get('/api/session')).status).toBe(200);
  expect(await transcribeStatus()).toBe(200);
}

it("a large upload's later part URLs are signed when asked for (its own parts only), and work; hostile asks are refused", async () => {
  // 2 GB: 128 parts, of which the ticket signs the first PART_URLS_PER_REQUEST.
  const ticket = (await user.post('/api/uploads', { filename: 'long.wav', size: MAX_UPLOAD_BYTES })).body as unknown as MultipartUpload & { part_count: number };
  expect([ticket.part_count, ticket.parts.map((part) => part.part_number)]).toEqual([128, Array.from({ length: PART_URLS_PER_REQUEST }, (_, i) => i + 1)]);
  const later = await user.post(`/api/uploads/${ticket.upload_id}/parts`, { part_numbers: [17, 128] });
  expect(later.status).toBe(200);
  const parts = later.body.parts as { part_number: number; url: string }[];
  expect(parts.map((part) => [part.part_number, new URL(part.url).searchParams.get('partNumber')])).toEqual([[17, '17'], [128, '128']]);
  // Each part URL takes exactly its part's length (the last of 2 GB is a full 16 MB part).
  expect((await fetch(parts[1]!.url, { method: 'PUT', body: new Uint8Array(1024) })).status).toBe(403);
  const put = await fetch(parts[1]!.url, { method: 'PUT', body: new Uint8Array(MULTIPART_PART_BYTES) });
  expect([put.status, put.headers.get('etag')]).toEqual([200, expect.stringMatching(/^"?[0-9a-f]{32}"?$/)]);

  const other = await signedUpBrowser(stack, 'other-uploader@example.com');
  const single = (await user.post('/api/uploads', { filename: 'short.wav', size: 1000 })).body.upload_id as string;
  for (const [who, path, body, status] of [
    [user, `/api/uploads/${ticket.upload_id}/parts`, { part_numbers: [129] }, 400],
    [user, `/api/uploads/${ticket.upload_id}/parts`, { part_numbers: Array.from({ length: PART_URLS_PER_REQUEST + 1 }, (_, i) => i + 1) }, 400],
    [user, `/api/uploads/${ticket.upload_id}/parts`, { part_numbers: [0] }, 400],
    [user, `/api/uploads/${single}/parts`, { part_numbers: [1] }, 404],
    [other, `/api/uploads/${ticket.upload_id}/parts`, { part_numbers: [17] }, 404],
  ] as const) {
    const answer = await (who as Browser).post(path, body);
    expect([path, answer.status, answer.body]).toEqual([path, status, { error: expect.any(String) }]);
  }
});

it('completing a multipart upload whose parts were never sent is a 400 with a message, and the app keeps serving', async () => {
  const upload = await startMultipart();
  const answer = await user.post(`/api/uploads/${upload.upload_id}/complete`, { parts: upload.parts.map((part) => ({ part_number: part.part_number, etag: '"0123456789abcdef0123456789abcdef"' })) });
  expect(answer).toMatchObject({ status: 400, body: { error: expect.any(String) } });
  await expectStillServing();
});

it('listing a part that does not exist, a wrong ETag or a missing part is a 400; the real parts still complete, and completing twice answers as the first time', async () => {
  const upload = await startMultipart();
  const parts = await sendParts(upload);
  for (const wrong of [
    [...parts, { part_number: 99, etag: parts[0]!.etag }],
    [{ ...parts[0]!, etag: '"ffffffffffffffffffffffffffffffff"' }, ...parts.slice(1)],
    parts.slice(1),
  ]) {
    const answer = await user.post(`/api/uploads/${upload.upload_id}/complete`, { parts: wrong });
    expect(answer).toMatchObject({ status: 400, body: { error: expect.any(String) } });
  }
  const first = await user.post(`/api/uploads/${upload.upload_id}/complete`, { parts });
  expect(first).toMatchObject({ status: 200, body: { upload_id: upload.upload_id, kind: 'audio' } });
  const again = await user.post(`/api/uploads/${upload.upload_id}/complete`, { parts });
  expect(again).toEqual({ ...first, setCookie: [] });
  await expectStillServing();
});

it('hostile input on every upload and storage route never ends the app', async () => {
  const bodies: unknown[] = [
    { filename: 'x.wav', size: -1 },
    { filename: 'x.wav', size: 1e300 },
    { filename: '../../etc/passwd', size: 10 },
    { filename: 'a\u0000b', size: 10 },
    { filename: 'x'.repeat(5000), size: 10 },
    { parts: [{ part_number: 0, etag: '' }] },
    { parts: 'all' },
    { upload_id: '../../../../etc' },
    { upload_id: 'aaaaaaaaaaaaaaaa' },
  ];
  const upload = await startMultipart();
  for (const body of bodies) {
    for (const path of ['/api/uploads', `/api/uploads/${upload.upload_id}/complete`, '/api/uploads/aaaaaaaaaaaa/complete', '/api/transcribe']) {
      const answer = await user.post(path, body);
      expect(answer.status).toBeLessThan(500);
      if (answer.status >= 400) expect(answer.body).toEqual({ error: expect.any(String) });
    }
  }
  for (const path of ['/uploads/aaaaaaaaaaaa.wav', '/uploads/..%2F..%2Fx', `/uploads/${upload.upload_id}.wav`]) {
    expect((await user.get(path)).status).toBe(404);
  }
  await expectStillServing();
});

it('a hostile request sent to storage, or straight to its emulator, does not end the app, and storage keeps working', async () => {
  const upload = await startMultipart();
  const multipartId = new URL(upload.parts[0]!.url).searchParams.get('uploadId');
  const completeXml = '<CompleteMultipartUpload><Part><PartNumber>7</PartNumber><ETag>"x"</ETag></Part></CompleteMultipartUpload>';
  for (const storage of [stack.endpoints.s3, stack.endpoints.s3Emulator]) {
    const bucketUrl = `${storage}/transcribe-app-uploads`;
    await fetch(`${bucketUrl}/anything?uploadId=0123456789abcdef0123456789abcdef`, { method: 'POST', body: completeXml }).catch(() => undefined);
    await fetch(`${bucketUrl}/anything?uploadId=${multipartId}`, { method: 'POST', body: completeXml }).catch(() => undefined);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await expectStillServing();
  expect((await user.get('/api/transcripts')).status).toBe(200);
});

/** A request sent as written (its target not normalised by a client), with its answer's status and headers. */
function rawRequest(method: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const app = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: app.hostname, port: app.port, method, path: target, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(method === 'PUT' ? 'x' : undefined);
  });
}

it('the storage proxy sends nothing to another host, whatever the path, and answers preflights itself', async () => {
  // A listener on this machine, as another local service would be: it must see no request (and so no token).
  const reached: string[] = [];
  const trap = createServer((req, res) => void (reached.push(`${req.method} ${req.url}`), res.end('trapped')));
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(trap.address() as { port: number }).port}`;
  try {
    const targets = [
      `/storage//${host}/x`,
      `/storage/\\${host}/x`,
      `/storage/\\/${host}/x`,
      `/storage/%2F%2F${host}/x`,
      `/storage/%5C%5C${host}/x`,
      `/storage/a/..//${host}/x`,
      `/storage/a/%2e%2e//${host}/x`,
      `http://${host}/storage/x`,
      `//${host}/storage/x`,
    ];
    const answers: [string, string, number][] = [];
    for (const method of ['OPTIONS', 'GET', 'PUT']) {
      for (const target of targets) answers.push([method, target, (await rawRequest(method, target, { origin: stack.url, 'access-control-request-method': 'PUT' })).status]);
    }
    expect(reached).toEqual([]);
    expect(answers.filter(([, , status]) => status !== 400)).toEqual([]);
    // A Host header that is no host name is a 400 too, not a 500.
    expect((await rawRequest('GET', '/storage/transcribe-app-uploads/x', { host: 'a b' })).status).toBe(400);
  } finally {
    await new Promise((resolve) => trap.close(resolve));
  }
  // A preflight is answered by the proxy, storage stopped or not: from the app's origin only.
  const restart = await stack.stopS3();
  try {
    const preflight = { 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' };
    const allowed = await rawRequest('OPTIONS', '/storage/transcribe-app-uploads/users/u/x.wav', { origin: stack.url, ...preflight });
    expect([allowed.status, allowed.headers['access-control-allow-origin'], allowed.headers['access-control-allow-methods']]).toEqual([200, stack.url, 'GET, PUT, HEAD']);
    expect(allowed.headers['access-control-expose-headers']).toBe('ETag');
    expect((await rawRequest('OPTIONS', '/storage/transcribe-app-uploads/x', { origin: 'https://elsewhere.example', ...preflight })).status).toBe(403);
  } finally {
    await restart();
  }
});

it("re-sending one's own upload link with headers it did not sign (a copy of another user's object) is refused, and nothing is copied", async () => {
  const victim = await signedUpBrowser(stack, 'copy-victim@example.com');
  const secretKey = bodyKey(await userIdOf(victim), 'secret');
  const Bucket = setting('UPLOADS_BUCKET');
  await s3Client().send(new PutObjectCommand({ Bucket, Key: secretKey, Body: '{"text":"the victim\'s words"}' }));
  const ticket = (await user.post('/api/uploads', { filename: 'copy.wav', size: 4 })).body as { upload_id: string; url: string };
  const ownKey = `${decodeURIComponent(new URL(ticket.url).pathname).replace(`/storage/${Bucket}/`, '')}`;
  for (const headers of [
    { 'x-amz-copy-source': `/${Bucket}/${secretKey}` },
    { 'x-amz-copy-source': `${Bucket}/${secretKey}`, 'x-amz-metadata-directive': 'REPLACE' },
    { 'x-amz-meta-note': 'unsigned' },
    { 'x-amz-acl': 'public-read' },
  ] as Record<string, string>[]) {
    const answer = await fetch(ticket.url, { method: 'PUT', headers, body: 'RIFF' });
    expect([headers, answer.status]).toEqual([headers, 403]);
  }
  const stored = await s3Client().send(new GetObjectCommand({ Bucket, Key: ownKey })).then((object) => object.Body!.transformToString(), () => null);
  expect(stored).toBeNull();
  // The link as signed still works.
  expect((await fetch(ticket.url, { method: 'PUT', body: 'RIFF' })).status).toBe(200);
});

it("files stored and removed in one folder at once (two jobs' engine files) keep storage running", async () => {
  // Storing a file creates its folder, and removing a folder's last file removes the folder: a store that
  // found its folder gone between the two steps ended the storage emulator.
  const storagePid = stack.emulatorPids().s3;
  const Bucket = setting('UPLOADS_BUCKET');
  const key = (i: number) => `engine/race/${i}.json`;
  await s3Client().send(new PutObjectCommand({ Bucket, Key: key(0), Body: '{}' }));
  for (let i = 1; i <= 100; i++) {
    await Promise.all([s3Client().send(new DeleteObjectCommand({ Bucket, Key: key(i - 1) })), s3Client().send(new PutObjectCommand({ Bucket, Key: key(i), Body: '{}' }))]);
  }
  expect(stack.emulatorPids().s3).toBe(storagePid);
  const listed = await s3Client().send(new ListObjectsV2Command({ Bucket, Prefix: 'engine/race/' }));
  expect(listed.Contents?.map((object) => object.Key)).toEqual([key(100)]);
});

it('an emulator that dies is restarted on its address, and the app answers again with its data', async () => {
  const before = stack.emulatorPids();
  for (const pid of [before.s3, before.dynamodb, before.cognito]) process.kill(pid!, 'SIGKILL');
  // Meanwhile the app answers 503 (retry); it waits for the restarts, up to half a minute on this shared machine.
  let status = 0;
  for (let attempt = 0; attempt < 150 && status !== 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = (await user.get('/api/session')).status === 200 ? await transcribeStatus() : 503;
  }
  expect(status).toBe(200);
  const after = stack.emulatorPids();
  expect([after.s3, after.dynamodb, after.cognito]).not.toContain(undefined);
  expect(after.s3).not.toBe(before.s3);
  await expectStillServing();
  expect(((await user.get('/api/transcripts')).body as unknown as unknown[]).length).toBeGreaterThan(0);
});
