/** Issue 30 point 3: a stored summary template made before a later correction of the text is marked outdated in the view. */
import { summariesView } from '../../functions/domain/summary-templates';

const minutes = { lines: ['Decided: ship on Friday.'], createdAt: '2026-11-28T04:00:00.000Z' };

test('a template made before the last correction is outdated; one made after, or with no correction, is not', () => {
  expect(summariesView({ meeting_minutes: minutes }, '2026-11-28T05:00:00.000Z')).toEqual({ meeting_minutes: { lines: minutes.lines, created_at: minutes.createdAt, outdated: true } });
  expect(summariesView({ meeting_minutes: minutes }, '2026-11-28T03:00:00.000Z').meeting_minutes!.outdated).toBe(false);
  expect(summariesView({ meeting_minutes: minutes }, undefined).meeting_minutes!.outdated).toBe(false);
  expect(summariesView({ meeting_minutes: minutes }, '').meeting_minutes!.outdated).toBe(false);
});
