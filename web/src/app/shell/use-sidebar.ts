import { useCallback, useEffect, useState } from 'react';
import { SIDEBAR_COLLAPSED_KEY } from '@web/config/constants';

/** At this width and above the sidebar sits beside the content; below it opens over the content. */
export const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

const isWide = () => typeof window !== 'undefined' && window.matchMedia(WIDE_SCREEN_QUERY).matches;

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, collapsed ? '1' : '0');
  } catch {
    // Storage may be unavailable (private mode): the choice then lasts for this screen only.
  }
}

/**
 * The collapsible sidebar's state. Wide screens: expanded (labels) or collapsed (icons only),
 * remembered. Narrow screens (phones): closed, or open over the content until a choice is made.
 */
export function useSidebar() {
  const [wide, setWide] = useState(isWide);
  const [expanded, setExpanded] = useState(() => (isWide() ? !readCollapsed() : false));

  useEffect(() => {
    const query = window.matchMedia(WIDE_SCREEN_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      setWide(event.matches);
      setExpanded(event.matches ? !readCollapsed() : false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const toggle = useCallback(() => {
    setExpanded((current) => {
      if (wide) writeCollapsed(current);
      return !current;
    });
  }, [wide]);

  /** Closes the sidebar when it lies over the content (narrow screens); wide screens keep their choice. */
  const closeOverlay = useCallback(() => {
    if (!wide) setExpanded(false);
  }, [wide]);

  return { wide, expanded, toggle, closeOverlay, overlayOpen: !wide && expanded };
}
