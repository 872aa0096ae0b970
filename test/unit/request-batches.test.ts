/**
 * The request limit's count is written in batches (functions/services/throttle.ts `takeBatched`): a key well
 * under its limit costs no write, every batch of its requests is one, near the limit each request is one
 * (so one instance never lets a request past it), and a key seen over it is refused from memory until its
 * window ends. The table is mocked: it sums what is added, as DynamoDB's ADD does.
 */
import { addAndCount } from '../../functions/data/counters';
import { batchOf, takeBatched, type ThrottleRule } from '../../functions/services/throttle';

jest.mock('../../functions/data/counters', () => ({ addAndCount: jest.fn() }));
const add = addAndCount as jest.MockedFunction<typeof addAndCount>;
const table = new Map<string, number>();

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
  table.clear();
  add.mockReset().mockImplementation(async (counter, _expiresAt, by) => {
    const id = `${counter.scope}/${counter.key}/${counter.window}`;
    table.set(id, (table.get(id) ?? 0) + by);
    return table.get(id)!;
  });
});
afterEach(() => jest.useRealTimers());

let scopes = 0;
/** A rule of its own per test: the instance's memory of a key outlives a test. */
const ruleOf = (limit: number): ThrottleRule => ({ scope: `test-${(scopes += 1)}`, limit, windowSeconds: 10 });

async function takeMany(rule: ThrottleRule, key: string, times: number): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let index = 0; index < times; index++) answers.push(await takeBatched(rule, key));
  return answers;
}

it('a batch is a twentieth of the limit, from 1 to 10', () => {
  expect([1, 6, 20, 39, 40, 200, 300, 1_000_000_000].map(batchOf)).toEqual([1, 1, 1, 1, 2, 10, 10, 10]);
});

it('a page polling every 5 s (2 requests a window) writes nothing; a busy key writes once per batch', async () => {
  const rule = ruleOf(200);
  expect(await takeMany(rule, 'poller', 2)).toEqual([true, true]);
  expect(add).not.toHaveBeenCalled();
  expect(await takeMany(rule, 'busy', 30)).toEqual(Array<boolean>(30).fill(true));
  expect(add.mock.calls.map(([, , by]) => by)).toEqual([10, 10, 10]);
});

it('near the limit every request is counted, and none passes it', async () => {
  const rule = ruleOf(200);
  const answers = await takeMany(rule, 'ann', 205);
  expect(answers.filter(Boolean)).toHaveLength(200);
  expect(answers.slice(200)).toEqual(Array<boolean>(5).fill(false));
  // 19 batches of 10 bring the count to 190; from there each request is one write, until one is refused.
  expect(add).toHaveBeenCalledTimes(19 + 11);
});

it('a key over the limit is refused from memory until its window ends, then counted afresh', async () => {
  const rule = ruleOf(6);
  expect(await takeMany(rule, 'flood', 8)).toEqual([true, true, true, true, true, true, false, false]);
  expect(add).toHaveBeenCalledTimes(7);
  jest.advanceTimersByTime(10_000);
  expect(await takeBatched(rule, 'flood')).toBe(true);
  expect(add).toHaveBeenLastCalledWith(expect.objectContaining({ window: Math.floor(Date.now() / 10_000) }), expect.any(Number), 1);
});

it("what other instances added counts: this instance refuses once the table's count is over the limit", async () => {
  const rule = ruleOf(6);
  await takeBatched(rule, 'shared');
  // Another instance adds five more: the next request here is the seventh in the table.
  const counter = add.mock.calls[0]![0];
  table.set(`${counter.scope}/${counter.key}/${counter.window}`, 6);
  expect(await takeBatched(rule, 'shared')).toBe(false);
});

it('one key over its limit leaves the others alone', async () => {
  const rule = ruleOf(2);
  await takeMany(rule, 'ann', 3);
  expect(await takeMany(rule, 'bob', 2)).toEqual([true, true]);
});
