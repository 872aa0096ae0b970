import { useCallback, useEffect, useRef } from 'react';

interface AwaitedItem {
  /** Which item (of the selector's matches in the container) takes the focus once it is there. */
  index: number;
  /** What had the focus when it was asked for (the button pressed). */
  from: Element | null;
}

/**
 * 'Show more' and a next page's 'Try again' bring items after the ones shown, and their button then sits
 * below the new items or is gone (the focus falls to the page): a keyboard user's next Tab would skip every
 * new item. `awaitItem(index)`, called on the press, gives the focus to the item at `index` (of `selector`
 * in `containerRef`) as soon as it is rendered, which may be after its page came; unless the user has put
 * the focus elsewhere meanwhile.
 */
export function useFocusNewItem<T extends HTMLElement>(selector: string) {
  const containerRef = useRef<T>(null);
  const awaited = useRef<AwaitedItem | null>(null);

  // After every render: the awaited item may have just come.
  useEffect(() => {
    const wanted = awaited.current;
    const item = wanted && containerRef.current?.querySelectorAll<HTMLElement>(selector)[wanted.index];
    if (!wanted || !item) return;
    awaited.current = null;
    const active = document.activeElement;
    if (active === wanted.from || active === null || active === document.body) item.focus();
  });

  const awaitItem = useCallback((index: number) => {
    awaited.current = { index, from: document.activeElement };
  }, []);

  return { containerRef, awaitItem };
}
