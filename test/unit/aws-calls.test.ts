/** The SDK clients refuse a call that functions/aws-calls.ts does not list for the running function. */
import { GetItemCommand, DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { TranslateClient, TranslateTextCommand } from '@aws-sdk/client-translate';
import { iamActionOf } from '../../functions/aws-calls';
import { checkedClient, UndeclaredAwsCallError } from '../../functions/platform/aws-clients';
import { runAsFunction } from '../../functions/platform/call-scope';

const settings = { region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'k', secretAccessKey: 's' } };

/** A client whose calls stop before the network, answering an empty output. */
function offline<C extends DynamoDBClient | S3Client | TranslateClient>(client: C): C {
  (client.middlewareStack as DynamoDBClient['middlewareStack']).add(() => async () => ({ output: { $metadata: {} } as never, response: {} }), { step: 'build', name: 'offline' });
  return checkedClient(client);
}

test('a declared call goes through; an undeclared one fails before it leaves, naming the function and the action', async () => {
  const dynamo = offline(new DynamoDBClient(settings));
  await expect(runAsFunction('profile', () => dynamo.send(new GetItemCommand({ TableName: 't', Key: {} })))).resolves.toBeDefined();
  await expect(runAsFunction('profile', () => dynamo.send(new QueryCommand({ TableName: 't', IndexName: 'gsi1' })))).rejects.toThrow(
    new UndeclaredAwsCallError('The profile function calls dynamodb:Query on a resource not listed for it in functions/aws-calls.ts: add the call there and its grant in infra/.'),
  );
  const translate = offline(new TranslateClient(settings));
  await expect(runAsFunction('translation', () => translate.send(new TranslateTextCommand({ Text: 'hi', SourceLanguageCode: 'en', TargetLanguageCode: 'es' })))).resolves.toBeDefined();
  await expect(runAsFunction('support', () => translate.send(new TranslateTextCommand({ Text: 'hi', SourceLanguageCode: 'en', TargetLanguageCode: 'es' })))).rejects.toThrow(UndeclaredAwsCallError);
});

test('the resource counts: an index not listed, or an object outside users/, is refused', async () => {
  const dynamo = offline(new DynamoDBClient(settings));
  await expect(runAsFunction('tags', () => dynamo.send(new QueryCommand({ TableName: 't', IndexName: 'gsi1' })))).resolves.toBeDefined();
  await expect(runAsFunction('tags', () => dynamo.send(new QueryCommand({ TableName: 't', IndexName: 'gsi2' })))).rejects.toThrow(UndeclaredAwsCallError);
  const s3 = offline(new S3Client({ ...settings, forcePathStyle: true }));
  await expect(runAsFunction('workflow', () => s3.send(new HeadObjectCommand({ Bucket: 'b', Key: 'users/u/media/m' })))).resolves.toBeDefined();
  await expect(runAsFunction('workflow', () => s3.send(new HeadObjectCommand({ Bucket: 'b', Key: 'other/m' })))).rejects.toThrow(UndeclaredAwsCallError);
});

test("a job's engine files are a resource of their own: the workflow's and account deletion's, not the other functions'", async () => {
  const s3 = offline(new S3Client({ ...settings, forcePathStyle: true }));
  await expect(runAsFunction('workflow', () => s3.send(new HeadObjectCommand({ Bucket: 'b', Key: 'engine/u/t.json' })))).resolves.toBeDefined();
  await expect(runAsFunction('transcripts', () => s3.send(new HeadObjectCommand({ Bucket: 'b', Key: 'engine/u/t.json' })))).rejects.toThrow(UndeclaredAwsCallError);
  await expect(runAsFunction('accounts', () => s3.send(new DeleteObjectsCommand({ Bucket: 'b', Delete: { Objects: [{ Key: 'engine/u/t.json' }, { Key: 'engine/u/t.flac' }] } })))).resolves.toBeDefined();
  // A batch of both kinds is neither resource (account deletion sends one per prefix).
  await expect(runAsFunction('accounts', () => s3.send(new DeleteObjectsCommand({ Bucket: 'b', Delete: { Objects: [{ Key: 'users/u/media/m' }, { Key: 'engine/u/t.json' }] } })))).rejects.toThrow(UndeclaredAwsCallError);
});

test('presigned URLs are checked too (the role that signs is the one IAM evaluates)', async () => {
  // Presigning makes no request: no need to stop one.
  const s3 = checkedClient(new S3Client({ ...settings, forcePathStyle: true }));
  await expect(runAsFunction('transcripts', () => getSignedUrl(s3, new GetObjectCommand({ Bucket: 'b', Key: 'users/u/media/m' })))).resolves.toMatch(/^http/);
  await expect(runAsFunction('profile', () => getSignedUrl(s3, new GetObjectCommand({ Bucket: 'b', Key: 'users/u/media/m' })))).rejects.toThrow(UndeclaredAwsCallError);
});

test('the media function (ffmpeg on untrusted uploads) makes no call at all: not even reading or signing the upload it converts', async () => {
  const s3 = offline(new S3Client({ ...settings, forcePathStyle: true }));
  await expect(runAsFunction('media', () => s3.send(new GetObjectCommand({ Bucket: 'b', Key: 'users/u/media/m' })))).rejects.toThrow(UndeclaredAwsCallError);
  await expect(runAsFunction('media', () => offline(new DynamoDBClient(settings)).send(new GetItemCommand({ TableName: 't', Key: {} })))).rejects.toThrow(UndeclaredAwsCallError);
  // Signing makes no request: the steps' function signs its links, the media function can't.
  const signer = checkedClient(new S3Client({ ...settings, forcePathStyle: true }));
  await expect(runAsFunction('media', () => getSignedUrl(signer, new GetObjectCommand({ Bucket: 'b', Key: 'users/u/media/m' })))).rejects.toThrow(UndeclaredAwsCallError);
  await expect(runAsFunction('workflow', () => getSignedUrl(signer, new GetObjectCommand({ Bucket: 'b', Key: 'users/u/media/m' })))).resolves.toMatch(/^http/);
});

test('SDK operations map to the IAM actions that authorise them', () => {
  expect(iamActionOf('S3Client', 'HeadObjectCommand')).toBe('s3:GetObject');
  expect(iamActionOf('S3Client', 'UploadPartCommand')).toBe('s3:PutObject');
  expect(iamActionOf('S3Client', 'ListObjectsV2Command')).toBe('s3:ListBucket');
  expect(iamActionOf('BedrockRuntimeClient', 'ConverseCommand')).toBe('bedrock:InvokeModel');
  expect(iamActionOf('SFNClient', 'SendTaskSuccessCommand')).toBe('states:SendTaskSuccess');
  expect(iamActionOf('LambdaClient', 'InvokeCommand')).toBe('lambda:InvokeFunction');
  expect(iamActionOf('DynamoDBClient', 'BatchWriteItemCommand')).toBe('dynamodb:BatchWriteItem');
});
