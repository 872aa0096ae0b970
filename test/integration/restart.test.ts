/** A second start on the same data folder finds the data of the first (`.local/` persists), and does not run again a job that took the app down. */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../functions/domain/messages';
import { MoonshineSpeechEngine } from '../../functions/engines/speech/local-moonshine';
import { getConfig } from '../../functions/lib/config';
import { createSession } from '../../functions/lib/sessions';
import type { LocalStack } from '../../infra/local/stack';
import { clipPath, CLIPS } from '../fixtures/real-speech';
import { Browser, settled, signedUpBrowser, userIdOf } from './http-client';
import { startTestStack, stopTestStack, storedKeys } from './local-stack';

let stack: LocalStack | undefined;
afterEach(() => stopTestStack(stack));

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

it('a job whose recording took the app down is failed at the next start with a message, not run again; the upload stays for a retry', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'transcribe-crash-'));
  // The engine is in the middle of the recording when the app ends.
  let inEngine!: () => void;
  const entered = new Promise<void>((resolve) => (inEngine = resolve));
  let ended!: (error: Error) => void;
  const start = jest.spyOn(MoonshineSpeechEngine.prototype, 'start').mockImplementation(
    () =>
      new Promise((_, reject) => {
        ended = reject;
        inEngine();
      }),
  );
  stack = await startTestStack(dataDir);
  let browser = await signedUpBrowser(stack, 'crash@example.com');
  const form = new FormData();
  form.append('file', new Blob([readFileSync(clipPath(CLIPS.jfk))]), 'crash.wav');
  form.append('use_ai_summary', 'false');
  const { body } = await browser.post('/api/transcribe', form);
  const id = body.id as string;
  await entered;
  // A crash leaves the workflow's records as they are now; a clean stop tidies them, so they are put back after it.
  const workflowDir = join(dataDir, 'workflow');
  const atCrash = mkdtempSync(join(tmpdir(), 'workflow-at-crash-'));
  cpSync(workflowDir, atCrash, { recursive: true });
  await stopTestStack(stack, { keepData: true });
  // The stopped run's step ends too (its timeout's timer with it).
  ended(new Error('The app ended.'));
  rmSync(workflowDir, { recursive: true });
  cpSync(atCrash, workflowDir, { recursive: true });
  start.mockClear();

  stack = await startTestStack(dataDir);
  const cookie = browser.sessionCookie;
  browser = new Browser(stack.url);
  browser.useCookie(cookie);
  expect(await settled(browser, id)).toMatchObject({ status: 'failed', error: MESSAGES.recordingNotProcessed });
  expect(start).not.toHaveBeenCalled();
  expect(await storedKeys(`users/${await userIdOf(browser)}/media/`)).toHaveLength(1);

  // The user tries again: the recording runs this time.
  start.mockRestore();
  expect((await browser.post(`/api/transcripts/${id}/retry`)).status).toBe(200);
  expect(await settled(browser, id)).toMatchObject({ status: 'complete' });
}, 120_000);
