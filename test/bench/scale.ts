/**
 * Issue 31 point 1 at scale, simulated on its own clock: a week of 10,000 transcriptions a working day (a Monday
 * peak, office hours, a long-tailed mix of lengths) from 1,000 users, through THE SAME admission code the starter
 * runs (functions/domain/admission.ts), against Transcribe limited to 250 concurrent jobs and Bedrock to its tokens
 * per minute; then one user uploading 100 hours at once. Asserts nothing: it reports jobs failed for capacity (a
 * start past the quota would fail), the waits, the longest execution against Step Functions' 6-hour limit, and the
 * summaries left out for throttling.
 *
 * The model's figures, stated: Transcribe takes a third of the recording's length plus a minute (AWS states no
 * figure; batch jobs commonly finish in 25-50 % of real time); PrepareMedia 30 s, plus 2 s a minute of audio when
 * it converts (one in five recordings); the summary reads 200 tokens a minute of speech and writes 500, against
 * 400,000 tokens a minute (a Haiku-class model's default quota in a region is of that order; check yours), retried as
 * the state machine does (EngineBusy: 5 s doubling, 6 tries, full jitter) and then left out, the job completed
 * without it. The starter runs on each arrival, each run's end and every minute, as deployed.
 */
import { admit, type QueuedJob, type RunningJob } from '../../functions/domain/admission';
import { defaultSetting } from '../../functions/platform/config';
import { atMost, info, percentile, round, type Figure } from './figures';
import { seededRandom } from '../fixtures/seeded-random';

const DAY = 24 * 3600;
const TRANSCRIBE_QUOTA = 250;
/** The deployed defaults: transcriptions at once in the deployment, and per user. */
const [CAPACITY, PER_USER] = [defaultSetting('TRANSCRIBE_CONCURRENCY'), defaultSetting('JOBS_PER_USER')];
const EXECUTION_LIMIT_HOURS = 6;
const BEDROCK_TOKENS_PER_MINUTE = 400_000;
const SUMMARY_TRIES = 6;
const SWEEP_SECONDS = 60;


interface Job {
  id: string;
  user: string;
  arrival: number;
  audioSeconds: number;
  converts: boolean;
}

/** Log-normal around a 20-minute median (σ 0.9: one in a hundred over 2 h 40 min), within the app's 4 hours. */
function audioLength(rand: () => number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return Math.min(4 * 3600, Math.max(30, 20 * 60 * Math.exp(0.9 * normal)));
}

/** How busy an hour of a weekday is: office hours with peaks mid-morning and mid-afternoon, a little at night. */
const HOURLY = [0.2, 0.1, 0.1, 0.1, 0.2, 0.4, 0.8, 1.5, 3, 5, 6.5, 6, 4.5, 5, 6.5, 6, 5, 3.5, 2, 1.2, 0.9, 0.7, 0.5, 0.3];
/** Monday the busiest; the weekend light. The weekdays average 10,000 jobs. */
const DAILY_JOBS = [11_500, 10_500, 10_000, 9_500, 8_500, 2_000, 1_500];

/**
 * A user drawn with a long tail over 1,000 users (weight 1/(rank + 50)): the busiest sends about 0.7 % of the jobs
 * (some 70 a day), the median user about 7.
 */
function userOf(rand: () => number): string {
  return `user-${Math.min(999, Math.floor(50 * 21 ** rand() - 50))}`;
}

function weekOfJobs(rand: () => number): Job[] {
  const jobs: Job[] = [];
  const weight = HOURLY.reduce((sum, value) => sum + value, 0);
  DAILY_JOBS.forEach((count, day) => {
    HOURLY.forEach((share, hour) => {
      const inHour = Math.round((count * share) / weight);
      for (let n = 0; n < inHour; n++) {
        jobs.push({ id: `j${jobs.length}`, user: userOf(rand), arrival: day * DAY + hour * 3600 + rand() * 3600, audioSeconds: audioLength(rand), converts: rand() < 0.2 });
      }
    });
  });
  return jobs;
}

/** The 100 hours one user uploads at once on Monday at 10:00: a hundred one-hour recordings. */
function burstOfJobs(rand: () => number): Job[] {
  return Array.from({ length: 100 }, (_, n) => ({ id: `burst${n}`, user: 'burst-user', arrival: 10 * 3600 + n, audioSeconds: 3600, converts: rand() < 0.2 }));
}

const prepareSeconds = (job: Job): number => 30 + (job.converts ? (2 * job.audioSeconds) / 60 : 0);
const transcribeSeconds = (job: Job): number => job.audioSeconds / 3 + 60;
const summaryTokens = (job: Job): number => (200 * job.audioSeconds) / 60 + 500;

/** Bedrock's tokens-per-minute quota as a bucket refilled continuously. */
function tokenBucket(perMinute: number) {
  let tokens = perMinute;
  let at = 0;
  return (now: number, need: number): boolean => {
    tokens = Math.min(perMinute, tokens + ((now - at) * perMinute) / 60);
    at = now;
    if (tokens < need) return false;
    tokens -= need;
    return true;
  };
}

interface Outcome {
  waits: Map<string, number>;
  executions: number[];
  maxRunning: number;
  overQuota: number;
  summariesLeftOut: number;
}

type SimEvent = { at: number; kind: 'arrive' | 'summarize' | 'end' | 'sweep'; job?: Job; attempt?: number };

/** The simulation's pending events, earliest first (a binary heap). */
class Events {
  private readonly heap: SimEvent[] = [];
  get size(): number {
    return this.heap.length;
  }
  push(event: SimEvent): void {
    const heap = this.heap;
    heap.push(event);
    for (let at = heap.length - 1; at > 0; ) {
      const parent = (at - 1) >> 1;
      if (heap[parent]!.at <= heap[at]!.at) break;
      [heap[parent], heap[at]] = [heap[at]!, heap[parent]!];
      at = parent;
    }
  }
  pop(): SimEvent {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let at = 0; ; ) {
        const left = 2 * at + 1;
        const right = left + 1;
        let least = at;
        if (left < heap.length && heap[left]!.at < heap[least]!.at) least = left;
        if (right < heap.length && heap[right]!.at < heap[least]!.at) least = right;
        if (least === at) break;
        [heap[least], heap[at]] = [heap[at]!, heap[least]!];
        at = least;
      }
    }
    return top;
  }
}

/** Runs the jobs through admission, event by event, on the simulation's clock. */
function simulate(jobs: Job[], rand: () => number, capacity: number, quota: number): Outcome {
  const events = new Events();
  for (const job of jobs) events.push({ at: job.arrival, kind: 'arrive', job });
  events.push({ at: 0, kind: 'sweep' });
  const bedrock = tokenBucket(BEDROCK_TOKENS_PER_MINUTE);
  const byId = new Map(jobs.map((job) => [job.id, job]));
  let queue: QueuedJob[] = [];
  let running: RunningJob[] = [];
  const outcome: Outcome = { waits: new Map(), executions: [], maxRunning: 0, overQuota: 0, summariesLeftOut: 0 };

  const startedAt = new Map<string, number>();
  /** The summary after the transcription, at its time: tried as the state machine retries EngineBusy, else left out. */
  const summarize = (job: Job, now: number, attempt: number) => {
    if (bedrock(now, summaryTokens(job))) events.push({ at: now + 5 + summaryTokens(job) / 2000, kind: 'end', job });
    else if (attempt + 1 < SUMMARY_TRIES) events.push({ at: now + rand() * 5 * 2 ** attempt, kind: 'summarize', job, attempt: attempt + 1 });
    else {
      outcome.summariesLeftOut += 1;
      events.push({ at: now, kind: 'end', job });
    }
  };

  let arrivals = jobs.length;
  while (events.size > 0) {
    const event = events.pop();
    const now = event.at;
    if (event.kind === 'arrive') {
      queue.push({ job: event.job!.id, user: event.job!.user, since: now });
      arrivals -= 1;
    }
    if (event.kind === 'summarize') {
      summarize(event.job!, now, event.attempt ?? 0);
      continue;
    }
    if (event.kind === 'end') {
      running = running.filter((entry) => entry.job !== event.job!.id);
      outcome.executions.push(now - startedAt.get(event.job!.id)!);
    }
    // The sweep every minute, while anything is to come.
    if (event.kind === 'sweep' && (arrivals > 0 || queue.length > 0 || running.length > 0)) events.push({ at: now + SWEEP_SECONDS, kind: 'sweep' });
    // Full, with no lease ending (none outlives its run here), admit answers nothing: not asked, to keep the week quick.
    if (running.length >= capacity) continue;
    const taken = admit(queue, running, now, { capacity, perUser: PER_USER });
    if (taken.length === 0) continue;
    queue = queue.filter((entry) => !taken.includes(entry));
    for (const entry of taken) {
      const job = byId.get(entry.job)!;
      outcome.waits.set(job.id, now - entry.since);
      // The place is held from the start to the run's end (the starter hears the end), as deployed.
      startedAt.set(job.id, now);
      running.push({ job: job.id, user: job.user, until: now + 6 * 3600 + 15 * 60 });
      events.push({ at: now + prepareSeconds(job) + transcribeSeconds(job), kind: 'summarize', job, attempt: 0 });
    }
    outcome.maxRunning = Math.max(outcome.maxRunning, running.length);
    if (running.length > quota) outcome.overQuota += 1;
  }
  return outcome;
}

const minutes = (seconds: number): number => round(seconds / 60, 1);

/** After raising Transcribe's quota to 500 (Service Quotas), transcribeConcurrency 450: what the setting buys. */
const RAISED_CAPACITY = 450;
const RAISED_QUOTA = 500;

export function measureScale(): Figure[] {
  const rand = seededRandom(31);
  const week = weekOfJobs(rand);
  const burst = burstOfJobs(rand);
  const started = Date.now();
  const run = (capacity: number, quota: number) => {
    const outcome = simulate([...week, ...burst], seededRandom(7), capacity, quota);
    const waits = week.map((job) => outcome.waits.get(job.id) ?? Infinity);
    return { outcome, waits, monday: week.filter((job) => job.arrival < DAY).map((job) => outcome.waits.get(job.id) ?? Infinity) };
  };
  const { outcome, waits, monday } = run(CAPACITY, TRANSCRIBE_QUOTA);
  const raised = run(RAISED_CAPACITY, RAISED_QUOTA);
  const simulatedMs = Date.now() - started;
  const burstWaits = burst.map((job) => outcome.waits.get(job.id) ?? Infinity);
  const lengths = week.map((job) => job.audioSeconds);
  const unstarted = (wait: number[]) => wait.filter((value) => !Number.isFinite(value)).length;
  return [
    info('scale', 'jobs in the simulated week (10,000 a working day, Monday peak; a 100-hour burst on top)', week.length + burst.length, 'jobs'),
    info('scale', 'recording length: median (log-normal, p99 in the unit)', minutes(percentile(lengths, 0.5)), `min (p99 ${minutes(percentile(lengths, 0.99))} min)`),
    atMost('scale', `jobs failed for capacity (started past the Transcribe quota, or never started)`, outcome.overQuota + unstarted(waits) + raised.outcome.overQuota + unstarted(raised.waits), 'jobs', 0),
    info('scale', `most runs at once (transcribeConcurrency ${CAPACITY}, quota ${TRANSCRIBE_QUOTA})`, outcome.maxRunning, 'runs'),
    info('scale', 'wait before a run starts: p95 over the week', minutes(percentile(waits, 0.95)), 'min'),
    info('scale', 'wait before a run starts: p95 on Monday', minutes(percentile(monday, 0.95)), 'min'),
    info('scale', 'wait before a run starts: max over the week', minutes(Math.max(...waits)), 'min'),
    info('scale', `with the quota raised to 500 and transcribeConcurrency ${RAISED_CAPACITY}: p95 wait on Monday`, minutes(percentile(raised.monday, 0.95)), `min (max ${minutes(Math.max(...raised.waits))} min, ${raised.outcome.maxRunning} runs at once)`),
    atMost('scale', 'longest execution (waiting is outside it), against the 6-hour limit', round(Math.max(...outcome.executions, ...raised.outcome.executions) / 3600, 2), 'h', EXECUTION_LIMIT_HOURS),
    atMost('scale', `summaries left out for Bedrock throttling (${BEDROCK_TOKENS_PER_MINUTE / 1000}k tokens a minute)`, outcome.summariesLeftOut + raised.outcome.summariesLeftOut, 'jobs', 0),
    info('scale', '100 hours uploaded at once by one user (jobsPerUser 2): the last one-hour job waits', round(Math.max(...burstWaits) / 3600, 1), 'h'),
    info('scale', 'the simulation itself (the same admission code on a fake clock, both capacities)', round(simulatedMs / 1000, 1), 's'),
  ];
}
