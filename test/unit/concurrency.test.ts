import { concurrencyLimit } from '../../functions/domain/concurrency';

it('runs at most `limit` tasks at once, the rest in order, and frees a turn when a task fails', async () => {
  const limited = concurrencyLimit(2);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (id: number, fail = false) => () =>
    new Promise<number>((resolve, reject) => {
      running += 1;
      most = Math.max(most, running);
      setTimeout(() => {
        running -= 1;
        order.push(id);
        if (fail) reject(new Error(`task ${id}`));
        else resolve(id);
      }, 10);
    });
  const results = await Promise.allSettled([1, 2, 3, 4, 5].map((id) => limited(task(id, id === 2))));
  expect(most).toBe(2);
  expect(order).toEqual([1, 2, 3, 4, 5]);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
});

describe('fairLimit', () => {
  it("takes waiting tasks in turn from each key's queue: one key's long queue doesn't hold back another's task", async () => {
    const { fairLimit } = await import('../../functions/domain/concurrency');
    const fair = fairLimit(1);
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        gates.push(resolve);
      });
    const done = [
      ...['a1', 'a2', 'a3', 'a4'].map((name) => fair('alice', task(name))),
      fair('bob', task('b1')),
      fair('alice', task('a5')),
      fair('carol', task('c1')),
    ];
    // Each task ends when let go: one at a time, in the order they were started.
    for (let step = 0; step < 7; step++) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()!();
    }
    await Promise.all(done);
    // Alice was served (a1) while Bob and Carol waited: they go before her next task (issue 16's fairness).
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4', 'a5']);
  });
});
