/**
 * Arrow keys within a group that is one stop for Tab (issue 15): a menu's items, a list's rows. In the
 * group, Up/Down move the focus one item and Home/End to the first and last, round the ends (`wrap`,
 * a menu) or stopping at them (`stop`, rows). `selector` finds the group's items under `ref`, in order;
 * an item holding the focus, or holding what has it, is the current one.
 */
import { useCallback, useRef, type KeyboardEvent } from 'react';
import { focusTarget } from './menu-keys';

export function useRovingTabStop<C extends HTMLElement>(selector: string, ends: 'wrap' | 'stop') {
  const ref = useRef<C>(null);
  /** Moves the focus for an arrow, Home or End key and says so (true); leaves other keys alone. */
  const onKeyDown = useCallback(
    (event: KeyboardEvent<C>): boolean => {
      const items = [...(ref.current?.querySelectorAll<HTMLElement>(selector) ?? [])];
      const focused = document.activeElement;
      const current = items.findIndex((item) => item === focused || item.contains(focused));
      const next = focusTarget(event.key, Math.max(0, current), items.length, ends);
      if (next === undefined) return false;
      event.preventDefault();
      items[next]?.focus();
      return true;
    },
    [selector, ends],
  );
  return { ref, onKeyDown };
}
