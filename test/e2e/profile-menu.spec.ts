/** The profile menu of the top bar: every theme choice inside its panel, nothing sideways, at 390 and 1280 px. */
import { expect, test } from '@playwright/test';
import { DASHBOARD_TEXTS } from '../../web/src/config/texts';
import { newAccount, signUpVerified } from './support/accounts';

for (const width of [1280, 390]) {
  test(`at ${width} px the open menu holds its three theme choices and the page does not scroll sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpVerified(page.request, newAccount(`menu${width}`));
    await page.goto('/dashboard');
    await page.locator('.profile-menu__button').click();
    const panel = page.locator('.profile-menu__panel');
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    for (const choice of Object.values(DASHBOARD_TEXTS.themeChoices)) {
      const radio = (await page.getByRole('radio', { name: choice }).boundingBox())!;
      expect(radio.x).toBeGreaterThanOrEqual(box.x);
      expect(radio.x + radio.width).toBeLessThanOrEqual(box.x + box.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}
