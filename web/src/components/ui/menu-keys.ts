/**
 * Where Up/Down (one step) and Home/End move the focus in a list of `count` items, from `index`:
 * round its ends (`wrap`, a menu) or stopping at them (`stop`, the library's rows); undefined for other
 * keys and an empty list. Pure; unit-tested.
 */
export function focusTarget(key: string, index: number, count: number, ends: 'wrap' | 'stop'): number | undefined {
  if (count === 0) return undefined;
  const step = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0;
  if (step !== 0) return ends === 'wrap' ? (index + step + count) % count : Math.min(count - 1, Math.max(0, index + step));
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
