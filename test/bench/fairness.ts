/**
 * Fair use between users (issue 16): one user queues several long jobs, another then sends a short one;
 * the short job's wait (its time through the app under that queue less its time alone) against one long
 * job's time. Fair: it waits for at most the long job already running (round robin between users and the
 * per-user cap), not for the whole queue — the figure was a 5 s job waiting 374 s behind sixteen.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionRecord } from '../../infra/local/workflow-runner';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures, SPOKEN_SENTENCES } from '../fixtures/spoken';
import { signedUpBrowser, type Browser } from '../integration/http-client';
import { atMost, info, round, type Figure } from './figures';

const LONG_JOBS = 6;
/** Each long recording: the sentences six times over. */
const LONG_REPEATS = 6;

async function submit(browser: Browser, path: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), 'fairness.wav');
  form.append('use_ai_summary', 'false');
  const answer = await browser.post('/api/transcribe', form);
  if (answer.status !== 200) throw new Error(`Benchmark upload refused: ${JSON.stringify(answer.body)}`);
  return answer.body.id as string;
}

async function ended(stack: LocalStack, transcriptId: string): Promise<ExecutionRecord> {
  const record = await stack.workflow.settled(`${stack.workflow.stateMachineArn.replace(':stateMachine:', ':execution:')}:${transcriptId}`);
  if (record.status !== 'SUCCEEDED') throw new Error(`Benchmark job failed: ${record.cause}`);
  return record;
}

const seconds = (record: ExecutionRecord): number => (record.stopDate! - record.startDate) / 1000;

export async function measureFairness(stack: LocalStack): Promise<Figure[]> {
  const [short, long] = await Promise.all([
    makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'bench-fair-short-'))),
    makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'bench-fair-long-')), Array.from({ length: LONG_REPEATS }, () => SPOKEN_SENTENCES).flat()),
  ]);
  const [queuer, other] = await Promise.all([signedUpBrowser(stack, `bench-queue-${Date.now()}@example.com`), signedUpBrowser(stack, `bench-short-${Date.now()}@example.com`)]);
  // Alone first (the models are loaded by then): the short job's own time through the app.
  const alone = seconds(await ended(stack, await submit(other, short.wav)));

  const queued: string[] = [];
  for (let job = 0; job < LONG_JOBS; job++) queued.push(await submit(queuer, long.wav));
  // The other user comes once the first long job is in the engine.
  for (let poll = 0; (await queuer.get(`/api/transcripts/${queued[0]}`)).body.stage !== 'transcribing' && poll < 600; poll++) await new Promise((resolve) => setTimeout(resolve, 100));
  const underQueue = seconds(await ended(stack, await submit(other, short.wav)));
  const longRecords = await Promise.all(queued.map((id) => ended(stack, id)));
  const longJob = (longRecords[0]!.stateMs?.StartTranscription ?? 0) / 1000;
  const wait = Math.max(0, underQueue - alone);
  return [
    info('fairness', `a short job (${round(short.seconds, 1)} s of speech) alone, upload done → complete`, round(alone, 2), 's'),
    info('fairness', `one long job (${round(long.seconds, 1)} s of speech) in the engine`, round(longJob, 2), 's'),
    info('fairness', `the short job's wait behind another user's ${LONG_JOBS} long jobs`, round(wait, 2), 's'),
    info('fairness', `the queue's last long job, upload done → complete`, round(seconds(longRecords.at(-1)!), 2), 's'),
    atMost('fairness', "the short job's wait / one long job's time in the engine", round(wait / Math.max(0.001, longJob), 2), '×', 1),
  ];
}
