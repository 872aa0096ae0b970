/**
 * The app shell's own texts: the not-found, session-expired and welcome screens. Shared words are in
 * `@web/config/texts`; like it, this module has no browser or React imports (tests read it).
 */

/** docs/product.md#screens-and-routes: the not-found screen. */
export const NOT_FOUND_TEXTS = {
  title: '404 - Page Not Found',
  message: 'Sorry, the page you are looking for does not exist.',
} as const;

/** docs/product.md#roles / 8: the shared 401 rule. */
export const SESSION_TEXTS = {
  expired: 'Session expired. Please login again.',
} as const;

/** docs/product.md#screens-and-routes (welcome). */
export const WELCOME_TEXTS = {
  greeting: (name: string) => `Welcome, ${name}!`,
  fallbackName: 'there',
  text: 'Your account is ready. Upload your first recording to get a transcript, a summary and a topic.',
} as const;
