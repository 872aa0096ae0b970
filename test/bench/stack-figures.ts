/**
 * On the running local stack: workflow overhead and state transitions per job, and the API under load
 * from a second process (autocannon) on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { db } from '../../functions/data/db';
import { LIST_PAGE_SIZE } from '../../web/src/config/constants';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures } from '../fixtures/spoken';
import { threeMinutes } from './speech';
import { signedUpBrowser, type Browser } from '../integration/http-client';
import { atMost, info, percentile, round, type Figure } from './figures';

const run = promisify(execFile);
const JOBS = 3;
const LIST_SIZE = 200;
const CONNECTIONS = 32;
const REQUESTS = 3000;

/** Real jobs through the API: total time minus the engines' own (speech, summary), and the states entered. */
async function measureWorkflow(stack: LocalStack, browser: Browser): Promise<{ figures: Figure[]; transcriptId: string }> {
  const fixtures = await makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'bench-flow-')));
  const overheads: number[] = [];
  const transitions: number[] = [];
  let transcriptId = '';
  for (let job = 0; job < JOBS; job++) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(fixtures.wav)]), 'bench.wav');
    transcriptId = (await browser.post('/api/transcribe', form)).body.id as string;
    const ended = await stack.workflow.settled(`${stack.workflow.stateMachineArn.replace(':stateMachine:', ':execution:')}:${transcriptId}`);
    if (ended.status !== 'SUCCEEDED') throw new Error(`Benchmark job failed: ${ended.cause}`);
    const engineMs = (ended.stateMs?.StartTranscription ?? 0) + (ended.stateMs?.Summarize ?? 0);
    overheads.push(ended.stopDate! - ended.startDate - engineMs);
    transitions.push(ended.transitions ?? 0);
  }
  return {
    transcriptId,
    figures: [atMost('workflow', 'overhead per job (total − engines)', round(percentile(overheads, 0.5) / 1000), 's', 1), atMost('workflow', 'state transitions per job', Math.max(...transitions), '', 12)],
  };
}

/**
 * A three-minute real-speech recording through the whole app: from the end of the upload (the workflow's
 * start) to complete, as a fraction of its length; and how the app answers meanwhile: its thread's longest
 * stall (the stack runs in this process) and another user's session check, asked every 50 ms.
 */
async function measureLongJob(stack: LocalStack, browser: Browser): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-long-'));
  const wav = join(dir, 'three-minutes.wav');
  const mp3 = join(dir, 'three-minutes.mp3');
  threeMinutes(wav);
  // The form upload takes at most 4 MB: an MP3 of it, as a user would have.
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', '-b:a', '64k', mp3]);
  const seconds = Number((await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp3])).stdout);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(mp3)]), 'three minutes.mp3');
  form.append('diarization', 'true');
  const other = await signedUpBrowser(stack, `bench-meanwhile-${Date.now()}@example.com`);
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const transcriptId = (await browser.post('/api/transcribe', form)).body.id as string;
  let running = true;
  const ended = stack.workflow.settled(`${stack.workflow.stateMachineArn.replace(':stateMachine:', ':execution:')}:${transcriptId}`).finally(() => (running = false));
  const answers: number[] = [];
  while (running) {
    const asked = performance.now();
    await other.get('/api/session');
    answers.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  stalls.disable();
  const { status, cause, stopDate, startDate } = await ended;
  if (status !== 'SUCCEEDED') throw new Error(`Benchmark job failed: ${cause}`);
  return [
    info('speech', 'three-minute real-speech job through the app (MP3, speakers on)', round(seconds, 1), 's'),
    atMost('speech', 'that job, upload done → complete, as a fraction of its length', round((stopDate! - startDate) / 1000 / seconds), '×', 0.1),
    atMost('api', "the app thread's longest stall while that job runs", Math.round(stalls.max / 1e6), 'ms', 250),
    info('api', "another user's session check while that job runs (every 50 ms): p99", Math.round(percentile(answers, 0.99)), 'ms'),
    atMost('api', "another user's session check while that job runs: slowest", Math.round(Math.max(...answers)), 'ms', 500),
  ];
}

/** Fills the user's list to LIST_SIZE transcripts (items written directly: the list reads items only). */
async function fillList(userId: string, template: Record<string, unknown>): Promise<void> {
  const { data } = await db().entities.transcript.query.byUser({ userId, state: 'active' }).go({ pages: 'all' });
  for (let index = data.length; index < LIST_SIZE; index++) {
    const createdAt = new Date(Date.now() - index * 60_000).toISOString();
    await db()
      .entities.transcript.create({ ...template, transcriptId: `bench${String(index).padStart(12, '0')}`, createdAt } as never)
      .go();
  }
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** Load from a second process: a number of requests, or `{ seconds }` of them. */
export async function load(url: string, cookie: string, connections = CONNECTIONS, amount: number | { seconds: number } = REQUESTS): Promise<AutocannonResult> {
  const bin = require.resolve('autocannon/autocannon.js');
  const size = typeof amount === 'number' ? ['-a', String(amount)] : ['-d', String(amount.seconds)];
  const { stdout } = await run(process.execPath, [bin, '-c', String(connections), ...size, '-j', '-H', `cookie=${cookie}`, url], { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as AutocannonResult;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  return result;
}

/** CPU time of a process so far (user + system), in ms, from /proc (Linux, where the bench runs). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * CPU per request of the app's process (this one: the stack runs in it) and of the table emulator's, over
 * REQUESTS requests one at a time from autocannon: unlike a p99, other work on the machine hardly moves it.
 */
async function cpuPerRequest(stack: LocalStack, url: string, cookie: string): Promise<{ app: number; table: number }> {
  const tablePid = stack.emulatorPids().dynamodb!;
  const [app, table] = [process.cpuUsage(), processCpuMs(tablePid)];
  await load(url, cookie, 1, REQUESTS / 10);
  const used = process.cpuUsage(app);
  return { app: (used.user + used.system) / 1000 / (REQUESTS / 10), table: (processCpuMs(tablePid) - table) / (REQUESTS / 10) };
}

/** Rounds of each comparison, quiet and loaded runs side by side: on a shared machine one p99 alone is mostly noise. */
const ROUNDS = 3;
const SECONDS = 6;

/**
 * Lists against the cheapest signed-in route: the page's p99 over the session check's, both at 32
 * concurrent, from a user alone on the app (target ≤ 3×); then another user's session check (one caller)
 * while the list is hammered, over the same check on a quiet app (target ≤ 2×). Each figure is the median
 * of ROUNDS rounds, and each round measures both sides of its ratio one after the other, so a burst of
 * other work on the machine lands in one round rather than on one side of every ratio. The first ratio's
 * rounds all come before the other user calls at all: the gateway gives a caller alone two requests at
 * once and one while others call (infra/local/caller-turns.ts), and each ratio is measured in one regime.
 */
export async function measureListCost(stack: LocalStack, browser: Browser): Promise<Figure[]> {
  const sessionUrl = `${stack.url}/api/session`;
  const pageUrl = `${stack.url}/api/transcripts?limit=${LIST_PAGE_SIZE}`;
  const rounds: { session: number; page: number; quiet: number; underLoad: number }[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const session = await load(sessionUrl, browser.sessionCookie, CONNECTIONS, { seconds: SECONDS });
    const page = await load(pageUrl, browser.sessionCookie, CONNECTIONS, { seconds: SECONDS });
    rounds.push({ session: session.latency.p99, page: page.latency.p99, quiet: 0, underLoad: 0 });
  }
  const [sessionCpu, pageCpu] = [await cpuPerRequest(stack, sessionUrl, browser.sessionCookie), await cpuPerRequest(stack, pageUrl, browser.sessionCookie)];
  const other = await signedUpBrowser(stack, `bench-other-${Date.now()}@example.com`);
  for (const round of rounds) {
    round.quiet = (await load(sessionUrl, other.sessionCookie, 1, { seconds: SECONDS })).latency.p99;
    // The hammer starts first and outlasts the measured run.
    const hammer = load(pageUrl, browser.sessionCookie, CONNECTIONS, { seconds: SECONDS + 2 });
    round.underLoad = (await load(sessionUrl, other.sessionCookie, 1, { seconds: SECONDS })).latency.p99;
    await hammer;
  }
  const of = (key: keyof (typeof rounds)[number]) => percentile(rounds.map((round) => round[key]), 0.5);
  const ratio = (over: keyof (typeof rounds)[number], under: keyof (typeof rounds)[number]) => round(percentile(rounds.map((one) => one[over] / Math.max(1, one[under])), 0.5), 2);
  return [
    info('api', `GET /api/transcripts?limit=${LIST_PAGE_SIZE} (of ${LIST_SIZE}) p99 at ${CONNECTIONS} concurrent (median of ${ROUNDS} rounds)`, of('page'), 'ms'),
    info('api', `GET /api/session p99 at ${CONNECTIONS} concurrent, same rounds`, of('session'), 'ms'),
    atMost('api', `list page p99 / session p99 (both ${CONNECTIONS} concurrent)`, ratio('page', 'session'), '×', 3),
    info('api', `GET /api/session CPU per request, app + table emulator (${REQUESTS / 10} one at a time)`, round(sessionCpu.app + sessionCpu.table, 2), 'ms'),
    info('api', 'list page CPU per request, app + table emulator (same way)', round(pageCpu.app + pageCpu.table, 2), 'ms'),
    info('api', 'list page CPU per request in the table emulator alone', round(pageCpu.table, 2), 'ms'),
    info('api', 'list page CPU / session CPU', round((pageCpu.app + pageCpu.table) / (sessionCpu.app + sessionCpu.table), 2), '×'),
    info('api', "another user's session check p99, quiet", of('quiet'), 'ms'),
    info('api', "another user's session check p99, while the list page is hammered", of('underLoad'), 'ms'),
    atMost('api', "another user's session p99 under list load / quiet", ratio('underLoad', 'quiet'), '×', 2),
  ];
}

export async function measureStack(stack: LocalStack): Promise<Figure[]> {
  const browser = await signedUpBrowser(stack, `bench-${Date.now()}@example.com`);
  const { figures, transcriptId } = await measureWorkflow(stack, browser);
  figures.push(...(await measureLongJob(stack, browser)));
  const userId = (await browser.get('/api/session')).body.user as string;
  const { data: template } = await db().entities.transcript.get({ userId, transcriptId }).go();
  await fillList(userId, template as Record<string, unknown>);

  for (const [name, path, p99Target] of [
    ['GET /api/session', '/api/session', undefined],
    [`GET /api/transcripts (${LIST_SIZE} items)`, '/api/transcripts', 50],
    ['GET /api/transcripts/{id}', `/api/transcripts/${transcriptId}`, undefined],
  ] as const) {
    const result = await load(`${stack.url}${path}`, browser.sessionCookie);
    figures.push(
      info('api', `${name} requests/s at ${CONNECTIONS} concurrent`, round(result.requests.average, 0), 'req/s'),
      info('api', `${name} p50`, result.latency.p50, 'ms'),
      p99Target === undefined ? info('api', `${name} p99`, result.latency.p99, 'ms') : atMost('api', `${name} p99`, result.latency.p99, 'ms', p99Target),
    );
  }
  return figures;
}

/** A finished transcript as the list reads it, for filling a list without running jobs (`npm run bench -- lists`). */
export function syntheticTranscript(userId: string): Record<string, unknown> {
  return {
    userId,
    filename: 'bench meeting.mp3',
    mediaKey: `uploads/${userId}/bench.mp3`,
    mediaType: 'audio/mpeg',
    mediaExtension: 'mp3',
    size: 1_000_000,
    language: 'en',
    status: 'complete',
    topic: 'Quarterly planning',
    summary: 'The team agreed the plan for the quarter, the budget and who does what. '.repeat(4),
    preview: 'Good morning everyone, thanks for joining. Today we look at the plan for the quarter and the budget. '.repeat(2),
    durationMs: 600_000,
  };
}

/** The list steps alone (`npm run bench -- lists`): one user with LIST_SIZE transcripts written to the table, no jobs. */
export async function measureLists(stack: LocalStack): Promise<Figure[]> {
  const browser = await signedUpBrowser(stack, `bench-lists-${Date.now()}@example.com`);
  const userId = (await browser.get('/api/session')).body.user as string;
  await fillList(userId, syntheticTranscript(userId));
  return measureListCost(stack, browser);
}
