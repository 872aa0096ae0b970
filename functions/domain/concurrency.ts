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
 * robin), so one key's long queue can't hold back another key's task (fair use between users, issue 16).
 * A waiting task's `onPosition` hears its place in line whenever it changes (issue 15's queue_position).
 */
export function fairLimit(limit: number): <T>(key: string, task: () => Promise<T>, onPosition?: OnPosition) => Promise<T> {
  let active = 0;
  // Insertion order is the rotation: a key that was served goes to the back.
  const queues = new Map<string, Waiter[]>();
  /** The order tasks will start in: the first of each queue in rotation order, then the second of each, ... */
  const lineOrder = (): Waiter[] => {
    const lists = [...queues.values()];
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
    const first = queues.entries().next();
    if (first.done) return;
    const [key, waiting] = first.value;
    queues.delete(key);
    const waiter = waiting.shift()!;
    if (waiting.length > 0) queues.set(key, waiting);
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
    } else active += 1;
    try {
      return await task();
    } finally {
      next();
    }
  };
}
