/**
 * The page a signed-out visitor asked for (a link to /transcript/{id}), remembered while they sign in, so that
 * the dashboard (and /welcome) can offer it back: a notice with a link to it (features/auth/components/
 * return-notice.tsx). /post-login itself redirects only as docs/product.md#screens-and-routes says (/welcome, /dashboard or
 * /login). It is kept in the tab's sessionStorage, not in the URL: docs/product.md#screens-and-routes sends the visitor to plain
 * /login and the login to plain /post-login. The tab's storage also outlives the round trip to Google's
 * sign-in page, whose callback ends on /post-login too.
 *
 * One key holding `{ path, at }`. Only a path of this site is remembered or followed (safeReturnPath, checked
 * again on reading: the storage is the origin's, not ours alone), and only for REMEMBER_FOR_MS: a visitor
 * who signs in much later has moved on. Works on any `Storage` (a fake one in tests); a browser that refuses
 * storage simply remembers nothing and no notice is shown.
 */
import { safeReturnPath } from '@domain/return-path';
import { tabFromLocation, tabLabel } from '@web/config/dashboard-tabs';
import { paths } from '@web/config/paths';
import { RETURN_NOTICE_TEXTS } from '@web/config/texts';
import { webStorage } from '@web/lib/web-storage';

export const RETURN_PATH_KEY = 'login.returnPath';
export const REMEMBER_FOR_MS = 10 * 60 * 1000;

interface RememberedPath {
  path: string;
  /** Date.now() when it was remembered. */
  at: number;
}

/** A remembered page as read: its path, and the Date.now() after which it is ignored. */
export interface ReturnPath {
  path: string;
  until: number;
}

/**
 * Remembers `path` (path, query and hash) for the next login in this tab, in place of any earlier one.
 * The dashboard is where a login goes anyway: it only forgets the earlier one, as does a path not of this site.
 */
export function rememberReturnPath(path: string, storage: Storage | undefined = tabStorage()): void {
  const safe = safeReturnPath(path);
  if (safe === undefined || safe === paths.dashboard) {
    forgetReturnPath(storage);
    return;
  }
  const value: RememberedPath = { path: safe, at: Date.now() };
  try {
    storage?.setItem(RETURN_PATH_KEY, JSON.stringify(value));
  } catch {
    // Full or refused: the login goes to the dashboard.
  }
}

/** The remembered path, if there is one of this site remembered less than REMEMBER_FOR_MS ago. */
export function readReturnPath(storage: Storage | undefined = tabStorage()): ReturnPath | undefined {
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(RETURN_PATH_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (!isRememberedPath(value)) return undefined;
  const age = Date.now() - value.at;
  const path = age >= 0 && age <= REMEMBER_FOR_MS ? safeReturnPath(value.path) : undefined;
  return path === undefined ? undefined : { path, until: value.at + REMEMBER_FOR_MS };
}

/** Forgets it: the notice's link was followed or the notice dismissed, or a logout left it behind. */
export function forgetReturnPath(storage: Storage | undefined = tabStorage()): void {
  try {
    storage?.removeItem(RETURN_PATH_KEY);
  } catch {
    // Refused: nothing was kept either.
  }
}

/** The notice's link, naming the kind of page: the transcript, the profile, a dashboard tab, else just "it". */
export function returnLinkText(path: string): string {
  const T = RETURN_NOTICE_TEXTS.open;
  // Any base: only the path and query of this path of the site are read.
  const { pathname, search } = new URL(path, 'https://app.invalid');
  if (pathname.startsWith('/transcript/')) return T.transcript;
  if (pathname === paths.profile) return T.profile;
  if (pathname === paths.dashboard) return T.tab(tabLabel(tabFromLocation(pathname, search)));
  return T.page;
}

function isRememberedPath(value: unknown): value is RememberedPath {
  if (typeof value !== 'object' || value === null) return false;
  const { path, at } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof at === 'number' && Number.isFinite(at);
}

const tabStorage = (): Storage | undefined => webStorage('sessionStorage');
