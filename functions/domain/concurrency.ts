/** Runs at most `limit` tasks at once; the others wait their turn in order (a semaphore). Pure: the server and the web app share it. */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      next();
    }
  };
}

/** A waiting task's place in line: 1 starts next. */
export type OnPosition = (position: number) => void;

interface Waiter {
  start: () => void;
  onPosition?: OnPosition | undefined;
  position?: number;
}

/**
 * Runs at most `limit` tasks at once; waiting tasks are taken in turn from each key's queue (round
 * robin), the key served longest ago first, so one key's long queue can't hold back another key's task
 * (fair use between users, issue 16): a key whose task is running waits behind a key that has none.
 * A waiting task's `onPosition` hears its place in line whenever it changes (issue 15's queue_position).
 */
export function fairLimit(limit: number): <T>(key: string, task: () => Promise<T>, onPosition?: OnPosition) => Promise<T> {
  let active = 0;
  const queues = new Map<string, Waiter[]>();
  /** When each key's last task started (a count): the rotation serves the smallest first. */
  const lastServed = new Map<string, number>();
  let served = 0;
  const serve = (key: string) => lastServed.set(key, ++served);
  /** The queues in rotation order: the key served longest ago (or never) first; ties in the order they queued. */
  const rotation = (): [string, Waiter[]][] => [...queues.entries()].sort(([a], [b]) => (lastServed.get(a) ?? 0) - (lastServed.get(b) ?? 0));
  /** The order tasks will start in: the first of each queue in rotation order, then the second of each, ... */
  const lineOrder = (): Waiter[] => {
    const lists = rotation().map(([, list]) => list);
    const longest = Math.max(0, ...lists.map((list) => list.length));
    return Array.from({ length: longest }, (_, round) => lists.flatMap((list) => (round < list.length ? [list[round]!] : []))).flat();
  };
  const announce = () =>
    lineOrder().forEach((waiter, index) => {
      if (waiter.position === index + 1) return;
      waiter.position = index + 1;
      waiter.onPosition?.(index + 1);
    });
  const next = () => {
    active -= 1;
    const [first] = rotation();
    if (!first) {
      // Nobody waits: when nothing runs either, the history can go (the map keeps no key for ever).
      if (active === 0) lastServed.clear();
      return;
    }
    const [key, waiting] = first;
    const waiter = waiting.shift()!;
    if (waiting.length === 0) queues.delete(key);
    serve(key);
    active += 1;
    announce();
    waiter.start();
  };
  return async (key, task, onPosition) => {
    if (active >= limit) {
      await new Promise<void>((start) => {
        queues.set(key, [...(queues.get(key) ?? []), { start, onPosition }]);
        announce();
      });
    } else {
      active += 1;
      serve(key);
    }
    try {
      return await task();
    } finally {
      next();
    }
  };
}
