/**
 * The local deployment is safe on a shared machine (issue 16, point 7): the data folder is the owner's
 * alone, storage answers only requests signed by the app, the other local servers only the app's own
 * requests (the run's token), and the outbox page is off unless asked for.
 */
import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../../functions/platform/aws-clients';
import { setting } from '../../functions/platform/config';
import { appClientSecret } from '../../functions/services/accounts/identity';
import { DOMAIN_HANDLERS } from '../../functions/api/handlers';
import { ORIGIN_VERIFY_HEADER } from '../../functions/domain/constants';
import { LOCAL_TABLE, LOCAL_UPLOADS_BUCKET, type LocalStack } from '../../infra/local/stack';
import { signedUpBrowser, transcribed, type Browser } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
beforeAll(async () => {
  // A folder others could read (as `mkdir .local` under a usual umask makes it).
  const dataDir = mkdtempSync(join(tmpdir(), 'transcribe-safety-'));
  chmodSync(dataDir, 0o755);
  stack = await startTestStack(dataDir);
});
afterAll(() => stopTestStack(stack));

it('keeps the data folder readable by its owner only', () => {
  expect(statSync(stack.dataDir).mode & 0o777).toBe(0o700);
});

it('serves no outbox page unless the setting is on', async () => {
  await signedUpBrowser(stack, 'quiet@example.com');
  const page = await fetch(`${stack.url}/_local/mail`);
  expect(page.status).toBe(404);
  expect(await page.text()).not.toContain('quiet@example.com');
});

const WAV = readFileSync(join(__dirname, '../fixtures/media/tone.wav'));
const keyOf = (url: string): string => decodeURIComponent(new URL(url).pathname.replace(`/storage/${LOCAL_UPLOADS_BUCKET}/`, ''));
async function stored(key: string): Promise<Buffer> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: LOCAL_UPLOADS_BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

it("refuses an upload URL edited to another user's key, and the other user's recording stays as it was", async () => {
  const ann = await signedUpBrowser(stack, 'ann-storage@example.com');
  const bob = await signedUpBrowser(stack, 'bob-storage@example.com');
  const annUpload = (await ann.post('/api/uploads', { filename: 'ann.wav', size: WAV.length })).body as { url: string };
  expect((await fetch(annUpload.url, { method: 'PUT', body: WAV })).status).toBe(200);

  const bobUpload = (await bob.post('/api/uploads', { filename: 'bob.wav', size: 4 })).body as { url: string };
  const edited = bobUpload.url.replace(new URL(bobUpload.url).pathname, new URL(annUpload.url).pathname);
  const overwrite = await fetch(edited, { method: 'PUT', body: 'evil' });
  expect(overwrite.status).toBe(403);
  expect(await overwrite.text()).toContain('SignatureDoesNotMatch');
  expect(await stored(keyOf(annUpload.url))).toEqual(WAV);
  // Bob's own link takes exactly the size he asked for, no more.
  expect((await fetch(bobUpload.url, { method: 'PUT', body: 'mine, and then some' })).status).toBe(403);
  expect((await fetch(bobUpload.url, { method: 'PUT', body: 'mine' })).status).toBe(200);
});

it('answers no unsigned or foreign-signed storage request, at its address or straight at the emulator', async () => {
  const ann = await signedUpBrowser(stack, 'cat-storage@example.com');
  const upload = (await ann.post('/api/uploads', { filename: 'cat.wav', size: WAV.length })).body as { url: string };
  expect((await fetch(upload.url, { method: 'PUT', body: WAV })).status).toBe(200);
  const key = keyOf(upload.url);

  // The well-known key the emulator's clients used before: anyone on the machine could sign with it.
  const outsider = new S3Client({ region: 'us-east-1', endpoint: stack.endpoints.s3, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const forged = await getSignedUrl(outsider, new GetObjectCommand({ Bucket: LOCAL_UPLOADS_BUCKET, Key: key }));
  for (const address of [`${stack.endpoints.s3}/${LOCAL_UPLOADS_BUCKET}/${key}`, forged, `${stack.endpoints.s3Emulator}/${LOCAL_UPLOADS_BUCKET}/${key}`]) {
    expect((await fetch(address)).status).toBe(403);
    expect((await fetch(address, { method: 'PUT', body: 'evil' })).status).toBe(403);
  }
  expect(await stored(key)).toEqual(WAV);
});

it("answers API requests only through the site: the gateway adds the origin secret (a client's own is replaced), a request around it is refused", async () => {
  const ann = await signedUpBrowser(stack, 'dan-origin@example.com');
  expect((await ann.call('GET', '/api/session', undefined, { [ORIGIN_VERIFY_HEADER]: 'a-guess' })).status).toBe(200);
  // Straight to the function, as a request to API Gateway's own address would arrive: no origin header.
  const around = await DOMAIN_HANDLERS.session({
    version: '2.0',
    routeKey: 'GET /api/session',
    rawPath: '/api/session',
    rawQueryString: '',
    headers: { host: 'abc123.execute-api.us-east-1.amazonaws.com' },
    requestContext: { http: { method: 'GET', path: '/api/session', sourceIp: '203.0.113.9' } },
  } as never);
  expect(around.statusCode).toBe(403);
});

it("the app client has a secret, as in AWS, and sign-in works with each call's SECRET_HASH", async () => {
  expect(await appClientSecret()).toMatch(/^\S{20,}$/);
  const erin = await signedUpBrowser(stack, 'erin-secret@example.com');
  await erin.post('/logout', {});
  expect((await erin.post('/api/login', { email: 'erin-secret@example.com', password: 'Sunny-Day-42' })).status).toBe(200);
});

/** What any program on the machine can send: the emulators' own SDK clients, with any key. */
const OUTSIDER = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const REFUSED = { name: 'AccessDeniedException', $metadata: expect.objectContaining({ httpStatusCode: 403 }) };

/** Each local server but storage (tested above) and the browser-facing Google stand-in, asked straight and without the run's token. */
async function expectRefusedStraight(victim: string): Promise<void> {
  await expect(new DynamoDBClient({ ...OUTSIDER, endpoint: stack.endpoints.dynamodb }).send(new ScanCommand({ TableName: LOCAL_TABLE }))).rejects.toMatchObject(REFUSED);
  const takeover = new AdminSetUserPasswordCommand({ UserPoolId: setting('USER_POOL_ID'), Username: victim, Password: 'Taken-Over-99', Permanent: true });
  await expect(new CognitoIdentityProviderClient({ ...OUTSIDER, endpoint: stack.endpoints.cognito }).send(takeover)).rejects.toMatchObject(REFUSED);
  const run = new StartExecutionCommand({ stateMachineArn: setting('STATE_MACHINE_ARN'), input: JSON.stringify({ transcriptId: 'someone-elses' }) });
  await expect(new SFNClient({ ...OUTSIDER, endpoint: stack.endpoints.sfn }).send(run)).rejects.toMatchObject(REFUSED);
  // The endpoint cognito-local calls its trigger at: a reset mail's text, with a reset link stored, for anyone.
  const trigger = await fetch(`${stack.endpoints.lambda}/2015-03-31/functions/custom-message/invocations`, {
    method: 'POST',
    body: JSON.stringify({ triggerSource: 'CustomMessage_ForgotPassword', userName: victim, request: { userAttributes: { email: victim }, codeParameter: '123456' }, response: {} }),
  });
  expect(trigger.status).toBe(403);
  // A token of the right shape is no better than none.
  const guessed = await fetch(stack.endpoints.dynamodb, { method: 'POST', headers: { 'x-amz-target': 'DynamoDB_20120810.ListTables', 'content-type': 'application/x-amz-json-1.0', 'x-local-token': 'A'.repeat(43) }, body: '{}' });
  expect([guessed.status, await guessed.json()]).toEqual([403, expect.objectContaining({ __type: 'AccessDeniedException' })]);
}

/** The app itself works: its owner signs in with her own password (not the one tried above), and a recording is transcribed. */
async function expectAppWorks(browser: Browser, email: string): Promise<void> {
  await browser.post('/logout', {});
  expect((await browser.post('/api/login', { email, password: 'Taken-Over-99' })).status).toBe(401);
  expect((await browser.post('/api/login', { email, password: 'Sunny-Day-42' })).status).toBe(200);
  await transcribed(browser, WAV, 'tone.wav');
}

it("answers no request straight at the database, Cognito, Step Functions or the trigger endpoint without the run's token; the app's own still work", async () => {
  const email = 'fay-direct@example.com';
  const fay = await signedUpBrowser(stack, email);
  await expectRefusedStraight(email);
  await expectAppWorks(fay, email);
});

it('keeps them closed after a supervised restart of the emulators', async () => {
  const email = 'gus-restart@example.com';
  const gus = await signedUpBrowser(stack, email);
  const before = stack.emulatorPids();
  for (const pid of [before.dynamodb, before.cognito]) process.kill(pid!, 'SIGKILL');
  const answers = (address: string) => fetch(address).then(() => true, () => false);
  const restarted = async () => {
    const now = stack.emulatorPids();
    return now.dynamodb !== before.dynamodb && now.cognito !== before.cognito && (await answers(stack.endpoints.dynamodb)) && (await answers(stack.endpoints.cognito));
  };
  for (let attempt = 0; attempt < 150 && !(await restarted()); attempt++) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await restarted()).toBe(true);
  await expectRefusedStraight(email);
  await expectAppWorks(gus, email);
});
