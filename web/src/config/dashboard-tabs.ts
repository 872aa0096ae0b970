/**
 * The dashboard's tabs (docs/product.md#screens-and-routes) and their addresses. The active tab lives in the URL, so
 * Back, reload and links work: /profile is the dashboard with the Profile tab, /dashboard opens the
 * default tab (Transcribe File), /dashboard?tab=<id> any other. Pure; unit-tested.
 */
import { paths } from './paths';
import { DASHBOARD_TEXTS } from './texts';

export const DASHBOARD_TABS = ['profile', 'transcribe', 'transcribed', 'projects', 'tags'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DEFAULT_TAB: DashboardTab = 'transcribe';
export const TAB_QUERY_PARAM = 'tab';

export const tabLabel = (tab: DashboardTab): string => DASHBOARD_TEXTS.tabs[tab];

const isTab = (value: string | null): value is DashboardTab => value !== null && (DASHBOARD_TABS as readonly string[]).includes(value);

/** The address of a tab. */
export function tabHref(tab: DashboardTab): string {
  if (tab === 'profile') return paths.profile;
  if (tab === DEFAULT_TAB) return paths.dashboard;
  return `${paths.dashboard}?${TAB_QUERY_PARAM}=${tab}`;
}

/** The tab an address shows: /profile → Profile; /dashboard → its ?tab=, else the default. */
export function tabFromLocation(pathname: string, search: string): DashboardTab {
  if (pathname.replace(/\/+$/, '') === paths.profile) return 'profile';
  const requested = new URLSearchParams(search).get(TAB_QUERY_PARAM);
  return isTab(requested) ? requested : DEFAULT_TAB;
}
