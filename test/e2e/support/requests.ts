/** Requests held back by the test, to see what the page shows while it waits for an answer. */
import type { Page, Route } from '@playwright/test';

interface Hold {
  /** Only requests of this method wait; the others go on at once. */
  method?: string;
  /** How each request goes on once released (by default to the real server). */
  answer?: (route: Route) => Promise<void>;
}

/** Holds every request `url` matches until the returned function is called. */
export async function holdRequests(page: Page, url: string | ((url: URL) => boolean), { method, answer = (route) => route.continue() }: Hold = {}): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await held;
    await answer(route);
  });
  return release;
}

/** Holds every upload (PUT) to the local object storage until the returned function is called. */
export const holdStorageUploads = (page: Page): Promise<() => void> => holdRequests(page, (url) => url.pathname.includes('/transcribe-app-uploads/'), { method: 'PUT' });
