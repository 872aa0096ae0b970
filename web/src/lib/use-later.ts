import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs a callback after a delay (the redirect after a success message), unless the screen is gone by
 * then: its timer is cleared on unmount, so nothing navigates from a page already left.
 */
export function useLater(): (callback: () => void, ms: number) => void {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback((callback: () => void, ms: number) => {
    timer.current = window.setTimeout(callback, ms);
  }, []);
}
