/**
 * Account-wide admission on the real local stack (issue 31 point 1): with TRANSCRIBE_CONCURRENCY at 1, a second
 * user's job waits in line without a workflow run (its status says queued, first in line), the sweep reports the
 * line's age on the test's clock, and the job's run starts once the first one has ended.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfig } from '../../functions/platform/config';
import { handler as admission } from '../../functions/workflow/admission';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures, SPOKEN_SENTENCES, type SpokenFixtures } from '../fixtures/spoken';
import { settled, signedUpBrowser, type Browser } from './http-client';
import { advance, startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let long: SpokenFixtures;
let ann: Browser;
let bob: Browser;

beforeAll(async () => {
  [stack, long] = await Promise.all([startTestStack(), makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'admission-')), [...SPOKEN_SENTENCES, ...SPOKEN_SENTENCES])]);
  [ann, bob] = await Promise.all([signedUpBrowser(stack, 'ann@example.com'), signedUpBrowser(stack, 'bob@example.com')]);
  process.env.TRANSCRIBE_CONCURRENCY = '1';
  resetConfig();
});
afterAll(async () => {
  delete process.env.TRANSCRIBE_CONCURRENCY;
  resetConfig();
  jest.useRealTimers();
  await stopTestStack(stack);
});

async function transcribe(browser: Browser): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(long.wav)]), 'call.wav');
  form.append('use_ai_summary', 'false');
  const answer = await browser.post('/api/transcribe', form);
  expect(answer.status).toBe(200);
  return answer.body;
}

const executionOf = (id: string) => stack.workflow.executions().find((record) => record.name === id);

it("with room for one job, another user's job waits queued without a run, then starts when the first ends", async () => {
  const first = await transcribe(ann);
  const second = await transcribe(bob);
  expect(second).toMatchObject({ status: 'processing', stage: 'queued', queue_position: 1 });
  expect(executionOf(second.id as string)).toBeUndefined();
  expect((await bob.get(`/api/transcripts/${second.id}`)).body).toMatchObject({ status: 'processing', stage: 'queued', queue_position: 1 });

  // Ten minutes on, the sweep finds the first run still running and the line's age, which the alarm reads.
  advance(600);
  const pass = await admission({ kind: 'sweep' });
  expect(pass).toMatchObject({ started: [], waiting: 1 });
  expect(pass.oldestWaitSeconds).toBeGreaterThanOrEqual(600);
  expect(executionOf(second.id as string)).toBeUndefined();

  expect(await settled(ann, first.id as string, { intervalMs: 200 })).toMatchObject({ status: 'complete' });
  expect(await settled(bob, second.id as string, { intervalMs: 200 })).toMatchObject({ status: 'complete' });
  expect(executionOf(second.id as string)!.startDate).toBeGreaterThanOrEqual(executionOf(first.id as string)!.stopDate!);
  // Two transcriptions of a long recording, one after the other, on the real speech engine (like job-slots.test).
}, 240_000);
