/**
 * A list that is ONE tab stop (roving tabindex): only the current item has tabIndex 0. Arrow keys move
 * by item (Left/Right) or by group (Up/Down), Home/End go to the ends. The key mapping is pure and unit-tested.
 */
import { useCallback, useRef, type KeyboardEvent, type RefObject } from 'react';

/** The item a key moves to from `index`, or undefined for keys the list does not handle. */
export function rovingTarget(key: string, index: number, count: number, groupStep: (index: number, direction: 1 | -1) => number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return Math.min(count - 1, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return groupStep(index, 1);
    case 'ArrowUp':
      return groupStep(index, -1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** `itemRefs[i]` is item i's element (with `data-index`); `reset` puts the tab stop back on the first item. */
export function useRovingTabStop(itemRefs: RefObject<(HTMLElement | null)[]>, count: number, groupStep: (index: number, direction: 1 | -1) => number) {
  const tabStop = useRef(0);

  const moveTabStop = useCallback(
    (index: number) => {
      const previous = itemRefs.current[tabStop.current];
      const next = itemRefs.current[index];
      if (!next) return;
      if (previous && previous !== next) previous.tabIndex = -1;
      next.tabIndex = 0;
      tabStop.current = index;
    },
    [itemRefs],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!item) return;
    const next = rovingTarget(event.key, Number(item.dataset.index), count, groupStep);
    if (next === undefined) return;
    event.preventDefault();
    moveTabStop(next);
    itemRefs.current[next]?.focus();
  };

  const reset = useCallback(() => {
    tabStop.current = 0;
  }, []);

  return { moveTabStop, onKeyDown, reset };
}
