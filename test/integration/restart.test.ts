/** A second start on the same data folder finds the data of the first (`.local/` persists). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getConfig } from '../../functions/lib/config';
import { createSession } from '../../functions/lib/sessions';
import type { LocalStack } from '../../infra/local/stack';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack | undefined;
afterAll(() => stopTestStack(stack));

it('keeps sessions, the user pool and workflow records across a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'transcribe-restart-'));
  stack = await startTestStack(dataDir);
  const poolId = getConfig().USER_POOL_ID;
  const cookie = (await createSession({ userId: 'user-r', email: 'r@example.com', firstLogin: false })).split(';')[0]!;
  const execution = stack.workflow.start({ userId: 'user-r', transcriptId: 'missing-transcript' });
  await stack.workflow.settled(execution.executionArn);
  await stopTestStack(stack, { keepData: true });

  stack = await startTestStack(dataDir);
  expect(getConfig().USER_POOL_ID).toBe(poolId);
  const res = await fetch(`${stack.url}/api/session`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ email: 'r@example.com', user: 'user-r' });
  expect(stack.workflow.describe(execution.executionArn)?.status).toBe('FAILED');
});
