/**
 * Issue 30 on a shared link's page: the summary templates the owner made are tabs beside the key points, as on
 * the owner's page (the same tabs, keyboard included), read-only: an outdated one says so without offering to make
 * it again. An answer without `summaries` (an older server) shows the key points alone. The shared answer is served
 * by the test (page.route); axe-clean at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { expectNoAxeViolations } from './support/axe';
import { sharedTranscriptAnswer } from './support/transcripts';

const T = TRANSCRIPTS_TEXTS;
const TOKEN = 'a'.repeat(43);
const KEY_POINT = 'The slides are due on Friday.';
const ACTION = "Ann: I'll send the slides by Friday. (due by Friday)";
const MINUTE = 'Decision: the launch moves to March.';

test("a shared page shows the owner's summary templates as read-only tabs", async ({ page }) => {
  await page.route(`**/api/shared/${TOKEN}`, (route) =>
    route.fulfill({
      json: sharedTranscriptAnswer({
        summary: KEY_POINT,
        key_points: [{ text: KEY_POINT, start_ms: null }],
        summaries: {
          action_items: { lines: [ACTION], created_at: '2026-11-28T03:00:00Z', outdated: false },
          meeting_minutes: { lines: [MINUTE], created_at: '2026-11-28T02:00:00Z', outdated: true },
        },
      }),
    }),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/s/${TOKEN}`);
  const tabs = page.getByRole('tablist', { name: T.summaryTabs });
  await expect(tabs.getByRole('tab')).toHaveText([T.keyPointsLabel, 'Meeting minutes', 'Action items'].map((name) => new RegExp(`^${name}$`)));
  await expect(tabs.getByRole('tab', { name: T.keyPointsLabel })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(KEY_POINT);

  await tabs.getByRole('tab', { name: T.keyPointsLabel }).focus();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Action items' })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toContainText(ACTION);
  await expectNoAxeViolations(page);

  await tabs.getByRole('tab', { name: 'Meeting minutes' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(MINUTE);
  await expect(page.getByRole('tabpanel')).toContainText(T.templateOutdated);
  // Read-only: nothing offers to make it again.
  await expect(page.getByRole('button', { name: T.redoTemplate('Meeting minutes') })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
});

test('an answer without summaries (an older server) shows the key points alone', async ({ page }) => {
  const { summaries: _, ...older } = sharedTranscriptAnswer({ summary: KEY_POINT, key_points: [{ text: KEY_POINT, start_ms: null }] });
  await page.route(`**/api/shared/${TOKEN}`, (route) => route.fulfill({ json: older }));
  await page.goto(`/s/${TOKEN}`);
  await expect(page.getByText(KEY_POINT)).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
});
