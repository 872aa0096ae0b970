/**
 * Where a sign-in returns to (`/login?next=/transcript/abc`): a page opened signed out is shown after the
 * login instead of the dashboard. Only a path on this site is followed, never another site's address: the
 * value comes from a link anyone can write. Shared by the web app and the server; no Node.js imports.
 */

/** The query parameter that carries the path. */
export const RETURN_PARAM = 'next';

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

/** `path` carrying where to go after signing in (`/login?next=...`, `/login?error=x&next=...`); `path` itself without one. */
export const withReturn = (path: string, next: string | undefined): string =>
  next === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(next)}`;
