/**
 * Toasts (issue 15, with docs/product.md#screens-and-routes, #constants-and-limits): one region, at most three, newest on top, each with a
 * close button; errors stay until closed, the rest close after the screen's time (top-right 3 s, sign-up
 * and verify bottom-center 4 s); none stays over a form's buttons, at phone and desktop widths.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../../functions/domain/messages';
import { SIGNUP_TEXTS } from '../../web/src/features/auth/texts';
import { PROFILE_TEXTS } from '../../web/src/features/profile/texts';
import { newAccount, signUpVerified } from './support/accounts';

const region = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const toasts = (page: Page) => region(page).getByRole('alert');

/** A button is not covered when the point at its centre hits the button itself. */
async function expectUncovered(button: Locator): Promise<void> {
  await expect
    .poll(async () =>
      button.evaluate((node) => {
        const rect = node.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return hit !== null && node.contains(hit);
      }),
    )
    .toBe(true);
}

/** The auto-close time a toast runs on, or null when it stays until closed. */
const autoCloseOf = (toast: Locator) =>
  toast.evaluate((node) => {
    const wrap = node.querySelector('.Toastify__progress-bar--wrp');
    if (!wrap || wrap.getAttribute('data-hidden') === 'true') return null;
    return (node.querySelector<HTMLElement>('[role="progressbar"]')?.style.animationDuration ?? null) || null;
  });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]) {
  test.describe(`toasts at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('sign-up errors: at most three, newest on top, they stay until closed, and the form buttons stay clear', async ({ page }) => {
      await page.goto('/signup');
      const submit = page.getByRole('button', { name: SIGNUP_TEXTS.submit });
      await submit.click();
      await submit.click();
      await page.getByLabel(SIGNUP_TEXTS.name).fill('Ada');
      await page.getByLabel(SIGNUP_TEXTS.email, { exact: true }).fill('ada@example.com');
      await page.getByLabel(SIGNUP_TEXTS.password, { exact: true }).fill('Secret-42a');
      await page.getByLabel(SIGNUP_TEXTS.confirmPassword).fill('Secret-42b');
      await submit.click();
      await page.getByLabel(SIGNUP_TEXTS.confirmPassword).fill('Secret-42a');
      await submit.click();

      await expect(region(page)).toHaveCount(1);
      await expect(toasts(page)).toHaveCount(3);
      await expect(toasts(page).first()).toContainText(SIGNUP_TEXTS.termsRequired);
      await expect(toasts(page).nth(1)).toContainText(SIGNUP_TEXTS.passwordMismatch);
      // Newest on top, once they have finished entering.
      await expect.poll(async () => Promise.all([0, 1, 2].map(async (i) => Math.round((await toasts(page).nth(i).boundingBox())!.y))).then((ys) => ys[0]! < ys[1]! && ys[1]! < ys[2]!)).toBe(true);
      for (let i = 0; i < 3; i++) expect(await autoCloseOf(toasts(page).nth(i))).toBeNull();
      for (const button of [submit, page.getByRole('link', { name: /Google/ })]) await expectUncovered(button);

      // The oldest went when the fourth came; each closes with its button.
      await expect(toasts(page).filter({ hasText: SIGNUP_TEXTS.requiredFields })).toHaveCount(1);
      await toasts(page).first().getByRole('button', { name: 'close' }).click();
      await expect(toasts(page)).toHaveCount(2);
      await expect(toasts(page).filter({ hasText: SIGNUP_TEXTS.termsRequired })).toHaveCount(0);
      for (let i = 0; i < 2; i++) await toasts(page).first().getByRole('button', { name: 'close' }).click();
      await expect(toasts(page)).toHaveCount(0);
    });

    test("a success ends the errors before it: the sign-up's errors do not follow the user to the Verify page", async ({ page }) => {
      await page.goto('/signup');
      const submit = page.getByRole('button', { name: SIGNUP_TEXTS.submit });
      await submit.click();
      await page.getByLabel(SIGNUP_TEXTS.name).fill('Ada');
      const { email } = newAccount('toasts-over');
      await page.getByLabel(SIGNUP_TEXTS.email, { exact: true }).fill(email);
      await page.getByLabel(SIGNUP_TEXTS.password, { exact: true }).fill('Secret-42a');
      await page.getByLabel(SIGNUP_TEXTS.confirmPassword).fill('Secret-42b');
      await submit.click();
      await expect(toasts(page)).toHaveCount(2);

      await page.getByLabel(SIGNUP_TEXTS.confirmPassword).fill('Secret-42a');
      await page.getByLabel(new RegExp(SIGNUP_TEXTS.termsPrefix)).check();
      await submit.click();
      await expect(toasts(page).filter({ hasText: MESSAGES.codeSent(email) })).toHaveCount(1);
      await expect(toasts(page)).toHaveCount(1);
      await expect(page).toHaveURL(/\/verify/);
      await expect(toasts(page).filter({ hasText: SIGNUP_TEXTS.passwordMismatch })).toHaveCount(0);
    });

    test('a success toast is at the top right below the top bar and closes after 3 s; Save Changes stays clear', async ({ page }) => {
      await signUpVerified(page.request, newAccount('toasts'));
      await page.goto('/profile');
      const save = page.getByRole('button', { name: PROFILE_TEXTS.save });
      for (let i = 0; i < 4; i++) await save.click();
      const newest = toasts(page).filter({ hasText: PROFILE_TEXTS.saved }).first();
      await expect(newest).toBeVisible();
      expect(await toasts(page).count()).toBeLessThanOrEqual(3);
      expect(await autoCloseOf(newest)).toBe('3000ms');
      const box = (await newest.boundingBox())!;
      const bar = (await page.getByRole('banner').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(Math.min(bar.y + bar.height, 64) - 1);
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
      await expectUncovered(save);
    });
  });
}
