/**
 * The local app's turns per caller (issue 16): one busy client can't starve the others. A caller alone may
 * have ALONE_IN_FLIGHT API requests in progress at once (a slow translation does not hold up the page's
 * other calls); while anyone else has called within SHARED_MS, each caller has one, so a flood of one
 * caller's requests overlaps another's request with one of its own at most, not two (measured in
 * `npm run bench -- lists`). The rest wait their turn, in order. And a caller whose requests queue up (a
 * flood) starts its next one only once no request of a caller without a queue is in progress: another
 * user's request then shares the app with the flood's request already running at most, never with one
 * started while it runs. It waits at most MAX_YIELD_MS for that, so many light callers can't starve it.
 */

/** In progress at once for a caller who is alone, and for each while others call too. */
const ALONE_IN_FLIGHT = 2;
const SHARED_IN_FLIGHT = 1;
/** Others who called within this long count as calling now (a page polls every 5 s). */
const SHARED_MS = 10_000;
/** The longest a caller with a queue lets callers without one go first. */
const MAX_YIELD_MS = 100;

export interface CallerTurns {
  /** Runs `task` in `key`'s turn. */
  inTurn<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves once no task runs or waits (the app stops its emulators only after that). */
  drained(): Promise<void>;
}

interface Queue {
  running: number;
  waiting: (() => void)[];
  /** Since when it has let light callers go first (undefined: it isn't). */
  yieldingSince?: number | undefined;
}

/** Runs `task` in `ms` (a timer that doesn't keep the process alive). */
type Schedule = (task: () => void, ms: number) => void;
const timer: Schedule = (task, ms) => setTimeout(task, ms).unref();

export function callerTurns(now: () => number = Date.now, schedule: Schedule = timer): CallerTurns {
  /** The callers with a task running or waiting (dropped when they have none). */
  const queues = new Map<string, Queue>();
  /** Of those, the ones with a task waiting: all a pass walks, so callers without a queue cost it nothing. */
  const waitingQueues = new Map<string, Queue>();
  /** When each caller last called, kept for SHARED_MS, in the order they called (oldest first). */
  const lastCalled = new Map<string, number>();
  const onDrained: (() => void)[] = [];
  /** A pass is due once a yielding caller's time is up (a light request can run long: a translation). */
  let passDue = false;

  /**
   * Forgets who last called over SHARED_MS ago: the callers left are the ones calling now. Oldest first, it
   * stops at the first caller still calling, so it costs the callers forgotten, not those calling (a clock
   * set back keeps a caller longer, never forgets one too soon).
   */
  const forgetQuiet = (): void => {
    const since = now() - SHARED_MS;
    for (const [caller, at] of lastCalled) {
      if (at >= since) return;
      lastCalled.delete(caller);
    }
  };
  /** Once forgetQuiet ran, in constant time: while anyone else calls, each has SHARED_IN_FLIGHT. */
  const limitOf = (key: string): number => (lastCalled.size > (lastCalled.has(key) ? 1 : 0) ? SHARED_IN_FLIGHT : ALONE_IN_FLIGHT);
  const passAt = (at: number): void => {
    if (passDue) return;
    passDue = true;
    schedule(() => {
      passDue = false;
      startWaiting();
    }, Math.max(0, at - now()));
  };
  /**
   * Whether a request of a caller without a queue is in progress (as the pass began: its own starts don't
   * count): a caller in `queues` with nothing waiting has a task running.
   */
  const lightRunning = (): boolean => queues.size > waitingQueues.size;
  /**
   * Starts waiting tasks wherever their caller's limit now allows, unless they yield to a light caller's
   * request. It walks only the callers with a queue: a pass costs those, whatever the number of others.
   */
  const startWaiting = (): void => {
    forgetQuiet();
    const light = lightRunning();
    for (const [key, queue] of waitingQueues) {
      const limit = limitOf(key);
      if (queue.running >= limit) {
        // Held by its own limit, it isn't yielding: once a turn frees, it yields its full time again.
        queue.yieldingSince = undefined;
        continue;
      }
      if (light) {
        queue.yieldingSince ??= now();
        if (now() - queue.yieldingSince < MAX_YIELD_MS) {
          passAt(queue.yieldingSince + MAX_YIELD_MS);
          continue;
        }
      }
      queue.yieldingSince = undefined;
      while (queue.waiting.length > 0 && queue.running < limit) {
        queue.running += 1;
        queue.waiting.shift()!();
      }
      if (queue.waiting.length === 0) waitingQueues.delete(key);
    }
  };

  return {
    async inTurn(key, task) {
      // Moved to the end: lastCalled stays in calling order.
      lastCalled.delete(key);
      lastCalled.set(key, now());
      const queue = queues.get(key) ?? { running: 0, waiting: [] };
      queues.set(key, queue);
      forgetQuiet();
      if (queue.waiting.length === 0 && queue.running < limitOf(key)) queue.running += 1;
      else {
        waitingQueues.set(key, queue);
        await new Promise<void>((start) => queue.waiting.push(start));
      }
      try {
        return await task();
      } finally {
        queue.running -= 1;
        if (queue.running === 0 && queue.waiting.length === 0) queues.delete(key);
        startWaiting();
        if (queues.size === 0) for (const done of onDrained.splice(0)) done();
      }
    },
    drained: () => (queues.size === 0 ? Promise.resolve() : new Promise((done) => onDrained.push(done))),
  };
}
