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
