/** Requests held back by the test, to see what the page shows while it waits for an answer. */
import type { Page, Route } from '@playwright/test';

/**
 * Holds every request `url` matches until the returned function is called; then each goes on as `answer`
 * says (by default to the real server).
 */
export async function holdRequests(page: Page, url: string, answer: (route: Route) => Promise<void> = (route) => route.continue()): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await answer(route);
  });
  return release;
}
