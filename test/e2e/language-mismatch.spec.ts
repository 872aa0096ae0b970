/**
 * The notice of a transcript whose speech may not be in its language (issue 27), at 1280 px and 390 px, light
 * and dark: the label, the language list and the button on one row at 1280 px, below the message; the list's
 * text in the page's colour, not the notice's, every choice whole; Auto first, as on the Transcribe tab; a focus ring of at least
 * 3:1 against the notice, as every field's on the page; the support chat's button clear of the list and the button at 390 px; no axe
 * violation. The transcript answer and the capabilities (English, Spanish, French) are replaced (page.route).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { WORKSPACE_TEXTS } from '../../web/src/features/transcripts/texts';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { newAccount, signUpVerified } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { focusRingContrast } from './support/contrast';
import { transcriptAnswer } from './support/transcripts';

const ID = 'mmmmmmmm0001';
const W = WORKSPACE_TEXTS;

async function serveDoubtedTranscript(page: Page): Promise<void> {
  const answer = transcriptAnswer({ id: ID, filename: 'Entrevista.wav', text: 'The people of the place.', language_mismatch: true, word_timings: [{ words: [{ word: 'The', start: 0, end: 300 }] }] });
  await page.route(`**/api/transcripts/${ID}`, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: answer }) : route.fallback()));
  await page.route('**/api/capabilities', async (route) => {
    const real = (await (await route.fetch()).json()) as { transcription: { languages: string[] } };
    await route.fulfill({ json: { ...real, transcription: { ...real.transcription, languages: ['English', 'Spanish', 'French'] } } });
  });
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** How much of its longest option's text a list cuts off, in pixels (0: every option shows whole, whichever is chosen). */
const cutOff = (select: Locator) =>
  select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return Math.max(0, ...Array.from(element.options, (option) => Math.ceil(context.measureText(option.text).width - room)));
  });

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`the language notice at ${width} px (${colorScheme}): one row under the message, page-coloured list with Auto first, a visible focus ring, clear of the chat button`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme, viewport: { width, height: 844 } });
      const page = await context.newPage();
      await signUpVerified(page.request, newAccount(`mismatch${width}${colorScheme}`));
      await serveDoubtedTranscript(page);
      await page.goto(`/transcript/${ID}`);
      const message = page.getByText(W.languageMismatch('English'));
      // The first page of a run waits for the app's first build of its bundle in the browser's cache.
      await expect(message).toBeVisible({ timeout: 20_000 });
      const label = page.getByText(W.transcribeAgainIn, { exact: true });
      const select = page.getByLabel(W.transcribeAgainIn);
      const button = page.getByRole('button', { name: W.transcribeAgain });
      await expect(select.locator('option')).toHaveText([TRANSCRIPTS_TEXTS.autoLanguage, 'French', 'Spanish']);
      await expect(select).toHaveValue('fr');
      // "Auto (find the language)" whole, not "Auto (find the language" under the arrow.
      expect(await cutOff(select)).toBe(0);

      // The row starts below the message, with room between them.
      expect((await box(label)).y).toBeGreaterThanOrEqual((await box(message)).y + (await box(message)).height + 4);
      if (width === 1280) {
        // Label, list and button side by side, the list as wide as its longest language, not the page.
        const [labelBox, selectBox, buttonBox] = [await box(label), await box(select), await box(button)];
        const middle = (item: { y: number; height: number }) => item.y + item.height / 2;
        expect(Math.abs(middle(labelBox) - middle(selectBox))).toBeLessThan(4);
        expect(Math.abs(middle(buttonBox) - middle(selectBox))).toBeLessThan(4);
        expect(selectBox.width).toBeLessThan(320);
      }

      const colours = await select.evaluate((element) => {
        const notice = element.closest('.alert')!;
        return { text: getComputedStyle(element).color, page: getComputedStyle(document.body).color, notice: getComputedStyle(notice).color };
      });
      expect(colours.text).toBe(colours.page);
      expect(colours.text).not.toBe(colours.notice);

      await select.focus();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowDown');
      // The ring's outer colour against the notice it is drawn on.
      await expect.poll(() => focusRingContrast(select)).toBeGreaterThanOrEqual(3);

      // The support chat's button (fixed, bottom right) covers neither the list nor the button, wherever the row is scrolled.
      const toggle = page.locator('.support__toggle');
      await expect(toggle).toBeVisible();
      for (const place of ['start', 'end'] as const) {
        await button.evaluate((element, block) => element.scrollIntoView({ block }), place);
        const chat = await box(toggle);
        for (const item of [await box(select), await box(button)]) {
          const overlaps = item.x < chat.x + chat.width && chat.x < item.x + item.width && item.y < chat.y + chat.height && chat.y < item.y + item.height;
          expect({ place, overlaps }).toEqual({ place, overlaps: false });
        }
      }
      await expectNoAxeViolations(page, '.alert--info');

      // Every field's ring is the site's (issue 28 follow-up): the header's project list and tags, 3:1 or more on the page.
      await page.getByRole('button', { name: W.editDetails }).click();
      // By keyboard, as the ring is shown for it: from the tags back to the project list, then forward again.
      await page.getByLabel(W.tagsLabel).focus();
      for (const [key, field] of [['Shift+Tab', page.getByLabel(TRANSCRIPTS_TEXTS.projectLabel)], ['Tab', page.getByLabel(W.tagsLabel)]] as const) {
        await page.keyboard.press(key);
        await expect(field).toBeFocused();
        // Polled: the ring fades in (a transition).
        await expect.poll(() => focusRingContrast(field)).toBeGreaterThanOrEqual(3);
      }
      await context.close();
    });
  }
}
