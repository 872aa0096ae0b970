/** The per-user speech-job slots (issue 16): the cap, the order of the line, renewals, releases and leases. */
import { claimSlot, holdSlot, lastLeaseEnd, NO_SLOTS, releaseSlot, type SlotState } from '../../functions/domain/job-slots';

const options = (now: number, cap = 1) => ({ now, cap, holdSeconds: 600, waitSeconds: 60 });

/** Claims in turn, each against the state the one before left. */
function claimAll(jobs: string[], now: number, cap: number, state: SlotState = NO_SLOTS) {
  return jobs.reduce(
    ({ state: current, claims }, job) => {
      const claim = claimSlot(current, job, options(now, cap));
      return { state: claim.state, claims: [...claims, { job, acquired: claim.acquired, position: claim.position }] };
    },
    { state, claims: [] as { job: string; acquired: boolean; position: number }[] },
  );
}

it('takes up to the cap; the others wait in the order they asked, each told its place', () => {
  const { state, claims } = claimAll(['a', 'b', 'c', 'd'], 1000, 2);
  expect(claims).toEqual([
    { job: 'a', acquired: true, position: 0 },
    { job: 'b', acquired: true, position: 0 },
    { job: 'c', acquired: false, position: 1 },
    { job: 'd', acquired: false, position: 2 },
  ]);
  expect(state.holders).toEqual([{ job: 'a', until: 1600 }, { job: 'b', until: 1600 }]);
});

it('asking again is harmless: a holder keeps its slot, a waiter its place (its lease renewed once half of it has run)', () => {
  const { state } = claimAll(['a', 'b', 'c'], 1000, 1);
  expect(claimSlot(state, 'a', options(1010))).toMatchObject({ acquired: true, state: { holders: [{ job: 'a', until: 1610 }] } });
  // Most of its lease left: nothing changes, so the ask writes nothing (many waiters don't race for the item).
  const early = claimSlot(state, 'c', options(1010));
  expect(early).toEqual({ acquired: false, position: 2, state });
  const later = claimSlot(state, 'c', options(1040));
  expect(later).toMatchObject({ acquired: false, position: 2 });
  expect(later.state.waiting).toEqual([{ job: 'b', since: 1000, until: 1060 }, { job: 'c', since: 1000, until: 1100 }]);
});

it('a freed slot goes to the first in line, not to a later waiter who asks first', () => {
  const { state } = claimAll(['a', 'b', 'c'], 1000, 1);
  const freed = releaseSlot(state, 'a', 1005);
  expect(claimSlot(freed, 'c', options(1006))).toMatchObject({ acquired: false, position: 2 });
  expect(claimSlot(freed, 'b', options(1006))).toMatchObject({ acquired: true });
});

it('a lost release frees the slot when its lease ends; a waiter that stopped asking loses its place', () => {
  const { state } = claimAll(['a', 'b'], 1000, 1);
  expect(claimSlot(state, 'c', options(1599))).toMatchObject({ acquired: false, position: 1 });
  // At 1600 a's lease has ended and b (last asked at 1000, its place kept until 1060) stopped asking.
  expect(claimSlot(state, 'c', options(1600))).toMatchObject({ acquired: true, state: { holders: [{ job: 'c', until: 2200 }], waiting: [] } });
});

it('a running job keeps its slot whatever the cap; releasing twice or what was never held changes nothing', () => {
  const { state } = claimAll(['a', 'b'], 1000, 1);
  expect(holdSlot(state, 'b', 1010, 600)).toEqual({ holders: [{ job: 'a', until: 1600 }, { job: 'b', until: 1610 }], waiting: [] });
  const once = releaseSlot(state, 'a', 1010);
  expect(releaseSlot(once, 'a', 1010)).toEqual(once);
  expect(releaseSlot(NO_SLOTS, 'x', 1010)).toEqual(NO_SLOTS);
});

it('the item may expire once its last lease has ended', () => {
  const { state } = claimAll(['a', 'b'], 1000, 1);
  expect(lastLeaseEnd(state, 1000)).toBe(1600);
  expect(lastLeaseEnd(NO_SLOTS, 1000)).toBe(1000);
});
