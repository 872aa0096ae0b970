/**
 * Uploads never transcribed are removed after a day, so are the engine files of a job that died before its
 * cleanup, and work folders a stopped app left behind (issue 16 point 6, issue 13 point 9), on the real local
 * stack: what the bucket's lifecycle rules do in AWS (infra/constructs/storage.ts), the local sweep does at
 * start and daily; the test moves its clock.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectTaggingCommand } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/platform/aws-clients';
import { s3Client } from '../../functions/platform/aws-clients';
import { getConfig, setting } from '../../functions/platform/config';
import { MESSAGES } from '../../functions/domain/messages';
import { putJson, speechAudioKey, transcribeOutputKey } from '../../functions/storage/media-store';
import { engineFilesPrefix } from '../../functions/storage/user-data';
import { LOCAL_UPLOADS_BUCKET, type LocalStack } from '../../infra/local/stack';
import { Browser, checkedFetch, settled, signedUpBrowser, userIdOf } from './http-client';
import { startTestStack, stopTestStack, storedKeys } from './local-stack';

let stack: LocalStack;
let user: Browser;
let userId: string;
const WAV = readFileSync(join(__dirname, '../fixtures/media/tone.wav'));
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  stack = await startTestStack();
  user = await signedUpBrowser(stack, 'sweep@example.com');
  userId = await userIdOf(user);
});
afterAll(() => stopTestStack(stack));

const mediaKeys = async () => (await storedKeys(`users/${userId}/media/`)).sort();
const keyOf = (uploadId: string) => `users/${userId}/media/${uploadId}`;
const tagsOf = async (uploadId: string) => (await s3Client().send(new GetObjectTaggingCommand({ Bucket: setting('UPLOADS_BUCKET'), Key: keyOf(uploadId) }))).TagSet;

/** A single-PUT upload of the test recording, completed or not; its id. */
async function uploaded({ complete }: { complete: boolean }): Promise<string> {
  const ticket = await user.post('/api/uploads', { filename: 'tone.wav', size: WAV.length });
  expect((await fetch(ticket.body.url as string, { method: 'PUT', body: WAV })).status).toBe(200);
  if (complete) expect((await user.post(`/api/uploads/${ticket.body.upload_id}/complete`, {})).status).toBe(200);
  return ticket.body.upload_id as string;
}

const unfinishedUploads = () => readdirSync(join(stack.dataDir, 's3', LOCAL_UPLOADS_BUCKET, '._S3rver_uploads'));

it('an upload never transcribed is gone a day later, with the parts of one never completed; a transcribed one stays', async () => {
  const sentOnly = await uploaded({ complete: false });
  const completed = await uploaded({ complete: true });
  const transcribed = await uploaded({ complete: true });
  const started = await user.post('/api/transcribe', { upload_id: transcribed, language: 'English', use_ai_summary: false });
  expect(started.status).toBe(200);
  expect(await settled(user, transcribed)).toMatchObject({ status: 'complete' });
  // A multipart upload that was started and never finished.
  const big = await user.post('/api/uploads', { filename: 'long.wav', size: 40 * 1024 ** 2 });
  expect(big.body.parts).toBeDefined();
  expect(unfinishedUploads()).toHaveLength(1);

  const pending = [{ Key: 'scribely-state', Value: 'pending' }];
  expect(await tagsOf(sentOnly)).toEqual(pending);
  expect(await tagsOf(completed)).toEqual(pending);
  expect(await tagsOf(transcribed)).toEqual([]);

  // Within the day, everything stays.
  expect(await stack.sweep(new Date(Date.now() + 23 * HOUR_MS))).toMatchObject({ uploads: 0, unfinishedUploads: 0 });
  expect(await mediaKeys()).toEqual([sentOnly, completed, transcribed].map(keyOf).sort());

  expect(await stack.sweep(new Date(Date.now() + 25 * HOUR_MS))).toMatchObject({ uploads: 2, unfinishedUploads: 1 });
  expect(await mediaKeys()).toEqual([keyOf(transcribed)]);
  expect(unfinishedUploads()).toEqual([]);
  // The transcript and its recording are untouched; the swept upload can no longer be transcribed.
  const transcript = await user.get(`/api/transcripts/${transcribed}`);
  expect(transcript.body).toMatchObject({ status: 'complete' });
  expect((await checkedFetch(`${stack.url}${transcript.body.audio_url as string}`, { headers: { cookie: user.sessionCookie }, redirect: 'follow' })).status).toBe(200);
  expect(await user.post('/api/transcribe', { upload_id: completed, language: 'English' })).toMatchObject({ status: 404, body: { error: MESSAGES.uploadNotFound } });
});

it("a job's engine files left behind go a day after they were written, as the ExpireEngineFiles rule does in AWS; the user's own files stay", async () => {
  const userFiles = await storedKeys(`users/${userId}/`);
  expect(userFiles.length).toBeGreaterThan(0);
  const left = [transcribeOutputKey(userId, 'died'), speechAudioKey(userId, 'died')];
  await Promise.all(left.map((key) => putJson(key, {})));

  // A job may still be reading them within the day (no run lasts more than six hours).
  expect(await stack.sweep(new Date(Date.now() + 23 * HOUR_MS))).toMatchObject({ engineFiles: 0 });
  expect((await storedKeys(engineFilesPrefix(userId))).sort()).toEqual([...left].sort());

  expect(await stack.sweep(new Date(Date.now() + 25 * HOUR_MS))).toMatchObject({ engineFiles: 2 });
  expect(await storedKeys(engineFilesPrefix(userId))).toEqual([]);
  expect(await storedKeys(`users/${userId}/`)).toEqual(userFiles);
});

/** The table's items whose `expiresAt` is before `seconds` (what DynamoDB's time to live would delete). */
async function expiredBefore(seconds: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: getConfig().TABLE_NAME, FilterExpression: 'expiresAt < :t', ExpressionAttributeValues: { ':t': seconds }, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

it('table items past their expiry are deleted, as time to live does in AWS; live ones stay', async () => {
  const later = new Date(Date.now() + 25 * HOUR_MS);
  const laterSeconds = Math.floor(later.getTime() / 1000);
  // A failed login counts its attempt in counters that end with their window: past their expiry by then.
  expect((await user.post('/api/login', { email: 'nobody-sweep@example.com', password: 'Wrong-password-1' })).status).toBe(401);
  const expired = await expiredBefore(laterSeconds);
  expect(expired.length).toBeGreaterThan(0);
  expect(await stack.sweep(later)).toMatchObject({ expiredRecords: expired.length });
  expect(await expiredBefore(laterSeconds)).toEqual([]);
  // The session (a week) and the transcripts (no expiry) are still there.
  const list = await user.get('/api/transcripts');
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(1);
});

it('work folders a stopped app left behind are removed; one of a running job stays', async () => {
  const workDir = join(stack.dataDir, 'work');
  const stale = join(workDir, 'speech-stale');
  const current = join(workDir, 'speech-current');
  mkdirSync(stale, { recursive: true });
  mkdirSync(current, { recursive: true });
  const twoDaysAgo = new Date(Date.now() - 48 * HOUR_MS);
  utimesSync(stale, twoDaysAgo, twoDaysAgo);
  expect(await stack.sweep(new Date())).toMatchObject({ workFolders: 1 });
  expect(existsSync(stale)).toBe(false);
  expect(existsSync(current)).toBe(true);
});

it('at start, every work folder is a stopped app\'s and goes', async () => {
  const leftover = join(stack.dataDir, 'work', 'apertium-left');
  mkdirSync(leftover, { recursive: true });
  const dataDir = stack.dataDir;
  await stack.stop();
  stack = await startTestStack(dataDir);
  expect(existsSync(leftover)).toBe(false);
});
