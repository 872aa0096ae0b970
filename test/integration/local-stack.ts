/** The real local stack for an integration test file (in-process, on a free port and a fresh data folder), and its helpers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client } from '../../functions/platform/aws-clients';
import { setting } from '../../functions/platform/config';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../infra/local/stack';

/** A port nothing listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startTestStack(dataDir = mkdtempSync(join(tmpdir(), 'transcribe-it-')), options: Pick<LocalStackOptions, 'mailPage' | 'engines' | 'googleAccounts' | 'publicUrl' | 'trustedProxy'> = {}): Promise<LocalStack> {
  // Every test signs up from this machine: a file's sign-ups would pass the per-address hour (signup-limits.test.ts sets its own).
  process.env.SIGNUP_LIMIT_PER_ADDRESS ??= '100000';
  return startLocalStack({ port: await freePort(), dataDir, ...options });
}

/**
 * The stack of a test file: started before its tests, stopped after them. The object is filled in when it
 * has started, so the tests read it as the LocalStack it is.
 */
export function useTestStack(options: Parameters<typeof startTestStack>[1] = {}): LocalStack {
  const stack = {} as LocalStack;
  beforeAll(async () => {
    Object.assign(stack, await startTestStack(undefined, options));
  });
  // A stack that failed to start has nothing to stop.
  afterAll(() => stopTestStack('stop' in stack ? stack : undefined));
  return stack;
}

export async function stopTestStack(stack: LocalStack | undefined, { keepData = false } = {}): Promise<void> {
  if (!stack) return;
  await stack.stop();
  if (!keepData) rmSync(stack.dataDir, { recursive: true, force: true });
}

/** The keys the running stack's uploads bucket holds under `prefix` (`users/<id>/`: all of a user's files). */
export async function storedKeys(prefix: string): Promise<string[]> {
  const listed = await s3Client().send(new ListObjectsV2Command({ Bucket: setting('UPLOADS_BUCKET'), Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

/**
 * Moves the Date clock on by `seconds`, and keeps it running from there (only Date is faked: sockets and the
 * emulators' timers keep real time). A frozen clock would stamp a burst of mails with one time, so their order
 * would be lost.
 */
export function advance(seconds: number): void {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'], now: Date.now() + seconds * 1000, advanceTimers: true });
}

/** Moves the Date clock to just past the start of the next fixed window of `seconds`, so a burst counted from here stays in one window whatever the real time. */
export function startNextWindow(seconds: number): void {
  advance(seconds - ((Date.now() / 1000) % seconds) + 1);
}

/** Waits for every text job (issue 31: a long text's summary or translation) started so far to end. */
export async function textJobsSettled(stack: LocalStack): Promise<void> {
  const arn = stack.workflow.otherMachineArns['text-jobs'];
  await Promise.all(stack.workflow.executions().filter((execution) => execution.stateMachineArn === arn).map((execution) => stack.workflow.settled(execution.executionArn)));
}
