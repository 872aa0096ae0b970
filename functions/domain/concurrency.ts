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

/**
 * Runs at most `limit` tasks at once; waiting tasks are taken in turn from each key's queue (round
 * robin), so one key's long queue can't hold back another key's task (fair use between users, issue 16).
 */
export function fairLimit(limit: number): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  let active = 0;
  // Insertion order is the rotation: a key that was served goes to the back.
  const queues = new Map<string, (() => void)[]>();
  const next = () => {
    active -= 1;
    const first = queues.entries().next();
    if (first.done) return;
    const [key, waiting] = first.value;
    queues.delete(key);
    const start = waiting.shift()!;
    if (waiting.length > 0) queues.set(key, waiting);
    active += 1;
    start();
  };
  return async (key, task) => {
    if (active >= limit) await new Promise<void>((resolve) => queues.set(key, [...(queues.get(key) ?? []), resolve]));
    else active += 1;
    try {
      return await task();
    } finally {
      next();
    }
  };
}
