/**
 * Where a sign-in returns to: a page opened signed out (a link to `/transcript/abc`) is offered back after the
 * login, in a notice on the dashboard (web/src/lib/session/return-path.ts remembers it). Only a path on this site is
 * followed, never another site's address: the page comes from a link anyone can write, and what the tab
 * stores can be written by any script of the origin. No Node.js imports.
 */

/** Longer values are refused: a real path of this app is far shorter. */
const MAX_LENGTH = 2000;

/** Any base: only whether the value stays on it matters. */
const PROBE_ORIGIN = 'https://app.invalid';

/**
 * The path to return to, or undefined when `value` is not one: it must start with a single "/" and hold no
 * backslash, control character or space ("//evil", "/\evil" and "/\t/evil" all lead browsers to another
 * host; "http:", "javascript:" and "evil" are not paths), and it must resolve on the same origin.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : undefined;
  } catch {
    return undefined;
  }
}
