/**
 * Account-wide admission of transcription jobs (issue 31 point 1): at most `capacity` jobs run at once in the
 * speech service (Transcribe's concurrent-job quota), at most `perUser` of one user's (issue 16's slots), and
 * a job's workflow starts only once it may run, so waiting costs no execution time or transitions. Between
 * users the line is round robin, the user with fewest jobs running first, then the one waiting longest; a
 * user's own jobs go in the order they came. Pure: the service stores the state (functions/services/
 * transcripts/admission.ts) and the bench's scale simulation drives the same functions on its own clock.
 */

/** A job waiting to start: `since` (epoch seconds) is when it came. */
export interface QueuedJob {
  job: string;
  user: string;
  since: number;
}

/** A job admitted and not yet ended; its lease (`until`) bounds what a lost end can cost. */
export interface RunningJob {
  job: string;
  user: string;
  until: number;
}

export interface AdmissionLimits {
  capacity: number;
  perUser: number;
}

/** The running jobs whose lease has not ended by `now`. */
export const liveJobs = (running: readonly RunningJob[], now: number): RunningJob[] => running.filter((entry) => entry.until > now);

const countBy = (jobs: readonly { user: string }[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const { user } of jobs) counts.set(user, (counts.get(user) ?? 0) + 1);
  return counts;
};

/**
 * Every queued job in the order it would start: round r holds each user's r-th job (its own jobs oldest
 * first); within a round, users with fewer jobs running come first, then the user whose oldest job came first.
 */
export function lineOrder(queue: readonly QueuedJob[], running: readonly RunningJob[]): QueuedJob[] {
  const byUser = new Map<string, QueuedJob[]>();
  for (const entry of [...queue].sort((a, b) => a.since - b.since || a.job.localeCompare(b.job))) {
    const jobs = byUser.get(entry.user);
    if (jobs) jobs.push(entry);
    else byUser.set(entry.user, [entry]);
  }
  const runningBy = countBy(running);
  const users = [...byUser.entries()].sort(([a, jobsA], [b, jobsB]) => (runningBy.get(a) ?? 0) - (runningBy.get(b) ?? 0) || jobsA[0]!.since - jobsB[0]!.since);
  const longest = Math.max(0, ...users.map(([, jobs]) => jobs.length));
  return Array.from({ length: longest }, (_, round) => users.flatMap(([, jobs]) => (round < jobs.length ? [jobs[round]!] : []))).flat();
}

/**
 * The jobs to start now: in line order, each whose user is under `perUser` (counting those just taken),
 * while the account is under `capacity`. Leases ended by `now` no longer count.
 */
export function admit(queue: readonly QueuedJob[], running: readonly RunningJob[], now: number, { capacity, perUser }: AdmissionLimits): QueuedJob[] {
  const live = liveJobs(running, now);
  const runningBy = countBy(live);
  const taken: QueuedJob[] = [];
  for (const entry of lineOrder(queue, live)) {
    if (live.length + taken.length >= capacity) break;
    const mine = runningBy.get(entry.user) ?? 0;
    if (mine >= perUser) continue;
    runningBy.set(entry.user, mine + 1);
    taken.push(entry);
  }
  return taken;
}

/** Each waiting job's place in line (1 starts next), as the transcript's status shows it. */
export function linePositions(queue: readonly QueuedJob[], running: readonly RunningJob[], now: number): Map<string, number> {
  return new Map(lineOrder(queue, liveJobs(running, now)).map((entry, index) => [entry.job, index + 1]));
}

/**
 * How long the oldest job held back by the account's capacity has waited (seconds; 0 with none): the queue's age the
 * operator's alarm reads. A job whose own user already runs `perUser` jobs waits by design (one user's batch), not
 * for capacity, and does not count.
 */
export function queueAge(queue: readonly QueuedJob[], running: readonly RunningJob[], now: number, perUser: number): number {
  const runningBy = countBy(liveJobs(running, now));
  return Math.max(0, ...queue.filter((entry) => (runningBy.get(entry.user) ?? 0) < perUser).map((entry) => now - entry.since));
}
