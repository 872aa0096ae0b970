/**
 * "One mail of a kind a minute" per address (issue 16) holds across the turn of a minute: a fixed window
 * let a second mail go a second after the first when they fell either side of :00. The counters are an
 * in-memory stand-in of functions/data/counters.ts (the table's conditional writes are tested in
 * test/integration/attempt-limits.test.ts); the clock is Jest's.
 */
import type { CounterKey } from '../../functions/data/counters';

const counters = new Map<string, number>();
const id = (counter: CounterKey) => JSON.stringify(counter);
jest.mock('../../functions/data/counters', () => ({
  addOneUnder: async (counter: CounterKey, _expiresAt: number, limit: number) => {
    const count = counters.get(id(counter)) ?? 0;
    if (count >= limit) return false;
    counters.set(id(counter), count + 1);
    return true;
  },
  claimGap: async (counter: CounterKey, now: number, gapSeconds: number) => {
    const last = counters.get(id(counter));
    if (last !== undefined && now - last < gapSeconds) return gapSeconds - (now - last);
    counters.set(id(counter), now);
    return 0;
  },
}));

import { mayMail } from '../../functions/services/accounts/mail-limits';

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'table', UPLOADS_BUCKET: 'bucket', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', APP_ORIGINS: 'https://app.example.com' });
});
beforeEach(() => {
  counters.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

it('a second reset mail a second later, across the turn of the minute, is not sent; one a minute after the first is', async () => {
  jest.setSystemTime(new Date('2026-11-23T22:58:59.500Z'));
  expect(await mayMail('reset', 'ann@example.com', '203.0.113.7')).toBe(true);
  jest.setSystemTime(new Date('2026-11-23T22:59:00.500Z'));
  expect(await mayMail('reset', 'ann@example.com', '203.0.113.7')).toBe(false);
  // Another kind, or another address, is not held back.
  expect(await mayMail('code', 'ann@example.com', '203.0.113.7')).toBe(true);
  expect(await mayMail('reset', 'bob@example.com', '203.0.113.7')).toBe(true);
  jest.setSystemTime(new Date('2026-11-23T22:59:59.500Z'));
  expect(await mayMail('reset', 'ann@example.com', '203.0.113.7')).toBe(true);
});
