/** Account-wide admission (issue 31 point 1): capacity, the per-user cap, fairness between users and order, on a fake clock. */
import { admit, linePositions, queueAge, type QueuedJob, type RunningJob } from '../../functions/domain/admission';

const queued = (user: string, count: number, since: number): QueuedJob[] => Array.from({ length: count }, (_, n) => ({ job: `${user}-${n + 1}`, user, since: since + n }));
const running = (user: string, count: number, until = 10_000): RunningJob[] => Array.from({ length: count }, (_, n) => ({ job: `${user}-run-${n + 1}`, user, until }));
const jobs = (entries: QueuedJob[]) => entries.map((entry) => entry.job);

it('never admits past the capacity, counting what already runs', () => {
  const queue = [...queued('a', 5, 100), ...queued('b', 5, 100), ...queued('c', 5, 100)];
  expect(admit(queue, [], 200, { capacity: 4, perUser: 10 })).toHaveLength(4);
  expect(admit(queue, running('x', 3), 200, { capacity: 4, perUser: 10 })).toHaveLength(1);
  expect(admit(queue, running('x', 4), 200, { capacity: 4, perUser: 10 })).toEqual([]);
});

it("keeps each user under the per-user cap, so one user's batch leaves room for the others", () => {
  const queue = [...queued('batch', 100, 100), ...queued('b', 1, 500)];
  const taken = admit(queue, running('batch', 1), 600, { capacity: 250, perUser: 2 });
  expect(jobs(taken)).toEqual(['b-1', 'batch-1']);
});

it('serves the user with fewest jobs running first, then the one waiting longest, a user\'s own jobs in the order they came', () => {
  const queue = [...queued('a', 3, 100), ...queued('b', 2, 50), ...queued('c', 1, 300)];
  // a already runs one: b (waiting longest) and c (none running) go before a's first; then round robin.
  expect(jobs(admit(queue, running('a', 1), 400, { capacity: 6, perUser: 3 }))).toEqual(['b-1', 'c-1', 'a-1', 'b-2', 'a-2']);
  expect([...linePositions(queue, running('a', 1), 400)]).toEqual([['b-1', 1], ['c-1', 2], ['a-1', 3], ['b-2', 4], ['a-2', 5], ['a-3', 6]]);
});

it('a running job whose lease ended no longer holds its place (a lost end costs at most the lease)', () => {
  const queue = queued('b', 1, 100);
  const stale = running('a', 1, 1000);
  expect(admit(queue, stale, 999, { capacity: 1, perUser: 2 })).toEqual([]);
  expect(jobs(admit(queue, stale, 1000, { capacity: 1, perUser: 2 }))).toEqual(['b-1']);
});

it('on a fake clock, every job of two users starts in turn and none waits past the jobs ahead of it', () => {
  let now = 0;
  let queue = [...queued('a', 4, 0), ...queued('b', 2, 1)];
  let live: RunningJob[] = [];
  const started: string[] = [];
  // Each job runs 10 s; the starter runs every second, as the sweep would.
  while (queue.length > 0 || live.length > 0) {
    live = live.filter((entry) => entry.until > now);
    const taken = admit(queue.filter((entry) => entry.since <= now), live, now, { capacity: 2, perUser: 1 });
    started.push(...taken.map((entry) => `${entry.job}@${now}`));
    live = [...live, ...taken.map((entry) => ({ job: entry.job, user: entry.user, until: now + 10 }))];
    queue = queue.filter((entry) => !taken.includes(entry));
    now += 1;
  }
  expect(started).toEqual(['a-1@0', 'b-1@1', 'a-2@10', 'b-2@11', 'a-3@20', 'a-4@30']);
});

it("the queue's age is the oldest wait for capacity: a job held back by its own user's cap does not count", () => {
  expect(queueAge([], [], 500, 2)).toBe(0);
  expect(queueAge([...queued('a', 2, 100), ...queued('b', 1, 50)], [], 500, 2)).toBe(450);
  expect(queueAge([...queued('a', 2, 100), ...queued('b', 1, 50)], running('b', 2), 500, 2)).toBe(400);
});
