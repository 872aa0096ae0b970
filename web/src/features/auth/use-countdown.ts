import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `until` (a Date.now() time), never below 0. */
const secondsLeft = (until: number): number => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * A countdown in whole seconds ("Send a new code in 42 s"). It counts from the clock, not from ticks,
 * so a throttled background tab still shows the right number when it wakes.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (until === 0) return undefined;
    setSeconds(secondsLeft(until));
    const tick = window.setInterval(() => {
      const left = secondsLeft(until);
      setSeconds(left);
      if (left === 0) window.clearInterval(tick);
    }, 1000);
    return () => window.clearInterval(tick);
  }, [until]);
  const start = useCallback((from: number) => setUntil(Date.now() + from * 1000), []);
  return { seconds, start };
}
