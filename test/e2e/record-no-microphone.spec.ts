/**
 * Issue 15, point 1: a computer with no microphone. This browser has no fake device (unlike
 * record.spec.ts) and the machine has no sound input, so Chromium finds none although the site may
 * use one: the page says so and offers the file picker instead.
 */
import { expect, test } from '@playwright/test';
import { RECORDER_TEXTS, TRANSCRIBE_TEXTS } from '../../web/src/features/transcribe/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

const R = RECORDER_TEXTS;

test.use({ permissions: ['microphone'] });

test('no microphone: the page says so, and Choose a file instead goes to the picker', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpVerified(page.request, newAccount('no-microphone'));
  await page.goto('/dashboard');
  // A developer's computer with a real microphone can't show this case; CI's machines have none.
  const inputs = await page.evaluate(async () => (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'audioinput').length);
  test.skip(inputs > 0, 'this machine has a microphone');
  await page.getByRole('button', { name: R.record, exact: true }).click();
  const problem = page.getByRole('alert').filter({ hasText: R.problems['no-microphone'] });
  await expect(problem).toBeVisible();
  await expectNoAxeViolations(page);
  await problem.getByRole('button', { name: R.chooseInstead }).click();
  await expect(page.getByLabel(TRANSCRIBE_TEXTS.file)).toBeFocused();
});
