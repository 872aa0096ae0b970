/** A second start on the same data folder finds the data of the first (`.local/` persists), and runs a job that took the app down again only once. */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../functions/domain/messages';
import { MoonshineSpeechEngine } from '../../functions/engines/speech/local-moonshine';
import { getConfig } from '../../functions/platform/config';
import { sessionCookie } from '../../functions/http/cookies';
import { createSession } from '../../functions/services/accounts/sessions';
import type { LocalStack } from '../../infra/local/stack';
import { clipPath, CLIPS } from '../fixtures/real-speech';
import { Browser, checkedFetch, settled, signedUpBrowser, userIdOf } from './http-client';
import { startTestStack, stopTestStack, storedKeys } from './local-stack';

let stack: LocalStack | undefined;
afterEach(() => stopTestStack(stack));

it('keeps sessions, the user pool and workflow records across a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'transcribe-restart-'));
  stack = await startTestStack(dataDir);
  const poolId = getConfig().USER_POOL_ID;
  const cookie = sessionCookie(await createSession({ userId: 'user-r', email: 'r@example.com', firstLogin: false })).split(';')[0]!;
  const execution = stack.workflow.start({ userId: 'user-r', transcriptId: 'missing-transcript' });
  await stack.workflow.settled(execution.executionArn);
  await stopTestStack(stack, { keepData: true });

  stack = await startTestStack(dataDir);
  expect(getConfig().USER_POOL_ID).toBe(poolId);
  const res = await checkedFetch(`${stack.url}/api/session`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ email: 'r@example.com', user: 'user-r' });
  expect(stack.workflow.describe(execution.executionArn)?.status).toBe('FAILED');
});

/** The engine hangs in the middle of every recording, as one the app dies on would; `entered` resolves once it is there. */
function hangingEngine() {
  let inEngine!: () => void;
  let ended: ((error: Error) => void) | undefined;
  const hang = { entered: new Promise<void>((resolve) => (inEngine = resolve)), end: () => ended?.(new Error('The app ended.')) };
  const start = jest.spyOn(MoonshineSpeechEngine.prototype, 'start').mockImplementation(
    () =>
      new Promise((_, reject) => {
        ended = reject;
        inEngine();
      }),
  );
  const rearm = () => (hang.entered = new Promise<void>((resolve) => (inEngine = resolve)));
  return { hang, start, rearm };
}

/** Ends the app while the engine is in the recording: a crash leaves the workflow's records as they are then (a clean stop tidies them, so they are put back after it). */
async function crashInEngine(dataDir: string, hang: { entered: Promise<void>; end: () => void }): Promise<void> {
  await hang.entered;
  const workflowDir = join(dataDir, 'workflow');
  const atCrash = mkdtempSync(join(tmpdir(), 'workflow-at-crash-'));
  cpSync(workflowDir, atCrash, { recursive: true });
  await stopTestStack(stack, { keepData: true });
  // The stopped run's step ends too (its timeout's timer with it).
  hang.end();
  rmSync(workflowDir, { recursive: true });
  cpSync(atCrash, workflowDir, { recursive: true });
}

it('a job whose recording took the app down runs again once after a restart, and the second time is failed with a message, not run again; the upload stays for a retry', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'transcribe-crash-'));
  const { hang, start, rearm } = hangingEngine();
  stack = await startTestStack(dataDir);
  const owner = await signedUpBrowser(stack, 'crash@example.com');
  const cookie = owner.sessionCookie;
  const form = new FormData();
  form.append('file', new Blob([readFileSync(clipPath(CLIPS.jfk))]), 'crash.wav');
  form.append('use_ai_summary', 'false');
  const { body } = await owner.post('/api/transcribe', form);
  const id = body.id as string;
  await crashInEngine(dataDir, hang);

  // The first restart tries the recording again (the app may have ended for another reason)...
  rearm();
  start.mockClear();
  stack = await startTestStack(dataDir);
  await crashInEngine(dataDir, hang);
  expect(start).toHaveBeenCalledTimes(1);

  // ...the second does not: the job fails with the message.
  start.mockClear();
  stack = await startTestStack(dataDir);
  const browser = new Browser(stack.url);
  browser.useCookie(cookie);
  expect(await settled(browser, id)).toMatchObject({ status: 'failed', error: MESSAGES.recordingNotProcessed });
  expect(start).not.toHaveBeenCalled();
  expect(await storedKeys(`users/${await userIdOf(browser)}/media/`)).toHaveLength(1);

  // The user tries again: the recording runs this time.
  start.mockRestore();
  expect((await browser.post(`/api/transcripts/${id}/retry`)).status).toBe(200);
  expect(await settled(browser, id)).toMatchObject({ status: 'complete' });
}, 180_000);
