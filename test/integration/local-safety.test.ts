/**
 * The local deployment is safe on a shared machine (issue 16, point 7): the data folder is the owner's
 * alone, and the outbox page is off unless asked for.
 */
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStack } from '../../infra/local/stack';
import { signedUpBrowser } from './http-client';
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
