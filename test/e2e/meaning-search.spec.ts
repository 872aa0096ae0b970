/**
 * Search by meaning in the library (issue 30): a result found by meaning is marked "Similar meaning" beside
 * those found by their words, and opens at its moment; axe-clean at phone and desktop widths. The search
 * answer is hand-made (the local encoder may not be installed where this runs).
 */
import { expect, test } from '@playwright/test';
import type { SearchAnswer } from '../../functions/contract';
import { SEARCH_TEXTS } from '../../web/src/features/library/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

const W = SEARCH_TEXTS;
const found: SearchAnswer = {
  results: [
    { id: 'meaningword01', filename: 'Budget call.m4a', created_at: '2026-11-23T10:30:00Z', topic: '', snippet: 'We cut the <mark>advertising</mark> spend', start_ms: 12_000, match: 'words' },
    { id: 'meaningmean01', filename: 'Team meeting.m4a', created_at: '2026-11-22T10:30:00Z', topic: '', snippet: 'Finance cut our marketing budget by twenty percent …', start_ms: 125_000, match: 'meaning' },
  ],
};

for (const width of [1280, 390]) {
  test(`library search at ${width} px marks a match by meaning, axe-clean`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpVerified(page.request, newAccount(`meaning${width}`));
    await page.route(/\/api\/search\?/, (route) => route.fulfill({ json: found }));
    await page.goto('/dashboard?tab=transcribed');
    await page.getByRole('searchbox', { name: W.searchLabel }).fill('advertising money');
    await page.keyboard.press('Enter');
    const results = page.getByRole('list', { name: W.resultsLabel }).getByRole('listitem');
    await expect(results).toHaveCount(2);
    await expect(results.nth(0).getByText(W.meaningMatch)).toHaveCount(0);
    const byMeaning = results.nth(1);
    await expect(byMeaning.getByText(W.meaningMatch, { exact: true })).toBeVisible();
    await expect(byMeaning.getByText(W.meaningMatch, { exact: true })).toHaveAttribute('title', W.meaningMatchHint);
    await expect(byMeaning.getByRole('link')).toHaveAttribute('href', '/transcript/meaningmean01?t=125');
    await expectNoAxeViolations(page);
  });
}
