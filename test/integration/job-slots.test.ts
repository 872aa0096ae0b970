/**
 * The per-user cap on speech jobs running at once (issue 16, point 4), on the real local stack with the cap
 * at 1 and a one-second wait between asks: a user's second job waits for its slot (stage 'queued', its
 * place in line) until the first one's speech is done, while another user's job goes ahead of it; and
 * parallel claims of one user's last slot can't both win (a conditional write on the slots' item).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeSlot, takeSlot } from '../../functions/services/usage/job-slots';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures, SPOKEN_SENTENCES, type SpokenFixtures } from '../fixtures/spoken';
import { signedUpBrowser, type Browser } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

const SETTINGS = { JOBS_PER_USER: '1', JOB_SLOT_WAIT_SECONDS: '1' };

let stack: LocalStack;
let short: SpokenFixtures;
let long: SpokenFixtures;
let ann: Browser;
let bob: Browser;

beforeAll(async () => {
  Object.assign(process.env, SETTINGS);
  [stack, short, long] = await Promise.all([
    startTestStack(),
    makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'slots-short-'))),
    makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'slots-long-')), [...SPOKEN_SENTENCES, ...SPOKEN_SENTENCES, ...SPOKEN_SENTENCES]),
  ]);
  [ann, bob] = await Promise.all([signedUpBrowser(stack, 'ann-slots@example.com'), signedUpBrowser(stack, 'bob-slots@example.com')]);
});
afterAll(async () => {
  await stopTestStack(stack);
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
});

async function transcribe(browser: Browser, path: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), 'call.wav');
  form.append('language', 'en');
  form.append('use_ai_summary', 'false');
  const answer = await browser.post('/api/transcribe', form);
  expect(answer.status).toBe(200);
  return answer.body.id as string;
}

type Seen = { at: number; stage: string | null; queue_position: number | null; status: string };

/** Every 100 ms, how each job stands, until `until` holds for all of them. */
async function watchAll(jobs: Record<string, [Browser, string]>, seen: Record<string, Seen[]>, until: (view: Seen) => boolean): Promise<void> {
  for (let round = 0; round < 3000; round++) {
    const views = await Promise.all(
      Object.entries(jobs).map(async ([name, [browser, id]]) => {
        const { body } = await browser.get(`/api/transcripts/${id}`);
        const view = { at: Date.now(), stage: body.stage as string | null, queue_position: body.queue_position as number | null, status: body.status as string };
        (seen[name] ??= []).push(view);
        return view;
      }),
    );
    if (views.every(until)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The jobs never got there: ${JSON.stringify(seen)}`);
}

const firstAt = (views: Seen[], stage: string): number => views.find((view) => view.stage === stage)?.at ?? Number.POSITIVE_INFINITY;
const lastAt = (views: Seen[], stage: string): number => views.filter((view) => view.stage === stage).at(-1)?.at ?? Number.NEGATIVE_INFINITY;

it("with a cap of one job, a user's second job waits for the first one's speech to end while another user's job goes ahead", async () => {
  const seen: Record<string, Seen[]> = {};
  const first = await transcribe(ann, long.wav);
  await watchAll({ first: [ann, first] }, seen, (view) => view.stage === 'transcribing' || view.status !== 'processing');
  const second = await transcribe(ann, short.wav);
  const other = await transcribe(bob, short.wav);
  const jobs: Record<string, [Browser, string]> = { first: [ann, first], second: [ann, second], other: [bob, other] };
  await watchAll(jobs, seen, (view) => view.status !== 'processing');

  for (const name of ['first', 'second', 'other']) expect(seen[name]!.at(-1)).toMatchObject({ status: 'complete' });
  // While the first job was transcribing, the second waited for its slot, first in its user's line.
  const whileFirstRan = seen.second!.filter((view) => view.at < lastAt(seen.first!, 'transcribing'));
  expect(whileFirstRan.length).toBeGreaterThan(0);
  expect(whileFirstRan.filter((view) => view.status === 'processing').every((view) => view.stage !== 'transcribing')).toBe(true);
  expect(whileFirstRan).toEqual(expect.arrayContaining([expect.objectContaining({ stage: 'queued', queue_position: 1 })]));
  // The second's speech started only after the first's ended, and after the other user's, which did not wait.
  expect(firstAt(seen.second!, 'transcribing')).toBeGreaterThan(lastAt(seen.first!, 'transcribing'));
  expect(firstAt(seen.other!, 'transcribing')).toBeLessThan(firstAt(seen.second!, 'transcribing'));
  // The time in each state is known once the execution has ended, a moment after its transcript is complete.
  const stateMsOf = async (id: string) => {
    const { executionArn } = stack.workflow.executions().find((execution) => JSON.parse(execution.input).transcriptId === id)!;
    return (await stack.workflow.settled(executionArn)).stateMs ?? {};
  };
  // The second waited in the admission line, before its workflow started (issue 31: waiting costs no execution
  // time): no execution waited for a slot.
  for (const id of [first, second, other]) expect((await stateMsOf(id)).WaitForSlot).toBeUndefined();
  // Three real speech jobs one after another: on a busy machine they take more than the default minute.
}, 240_000);

it("parallel claims of a user's one slot: exactly one wins, the others get distinct places in line; the freed slot goes to the first in line", async () => {
  const jobs = Array.from({ length: 6 }, (_, i) => `transcript-race-${i}`);
  const claims = await Promise.all(jobs.map((job) => takeSlot('racer', job, 60)));
  expect(claims.filter((claim) => claim.acquired)).toHaveLength(1);
  expect(claims.filter((claim) => !claim.acquired).map((claim) => claim.position).sort()).toEqual([1, 2, 3, 4, 5]);
  const holder = jobs[claims.findIndex((claim) => claim.acquired)]!;
  const next = jobs[claims.findIndex((claim) => claim.position === 1)]!;
  await freeSlot('racer', holder);
  const others = jobs.filter((job) => job !== holder && job !== next);
  expect((await Promise.all(others.map((job) => takeSlot('racer', job, 60)))).some((claim) => claim.acquired)).toBe(false);
  expect(await takeSlot('racer', next, 60)).toEqual({ acquired: true, position: 0 });
});

it("a batch of one user's jobs asking at once (55 files sent together) all get an answer, none fails, and the line settles into one place each", async () => {
  const jobs = Array.from({ length: 55 }, (_, i) => `transcript-batch-${i}`);
  const first = await Promise.all(jobs.map((job) => takeSlot('batcher', job, 60)));
  expect(first.filter((claim) => claim.acquired)).toHaveLength(1);
  // The next round of asks (every JOB_SLOT_WAIT_SECONDS), all at once: the holder keeps its slot, the
  // others hold one distinct place each (the line is ordered by when each first asked).
  const again = await Promise.all(jobs.map((job) => takeSlot('batcher', job, 60)));
  expect(again.findIndex((claim) => claim.acquired)).toBe(first.findIndex((claim) => claim.acquired));
  expect(again.filter((claim) => !claim.acquired).map((claim) => claim.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
}, 120_000);
