import { useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { LIBRARY_TEXTS } from '../texts';
import { isUnauthorized } from '@web/lib/api-client';
import { cachedActiveItems, useDeleteAll } from '../api/delete-all';
import { arrange, isFiltering, type Arrangement } from '../arrange';

const T = LIBRARY_TEXTS;
const L = LIBRARY_TEXTS;

/** Where asking for a next page left the list (a query result fits; a restarted list's result has the same fields). */
interface PageStep {
  isError: boolean;
  hasNextPage?: boolean;
  fetchNextPage?: () => Promise<PageStep>;
}

/** A paged list whose next page can be asked for. */
interface LoadablePages {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<PageStep>;
}

/** Asks for the pages not loaded yet, one after another. False when one of them failed. */
export async function loadRest(list: LoadablePages): Promise<boolean> {
  let step: PageStep = { isError: false, ...list };
  while (step.hasNextPage && step.fetchNextPage) {
    step = await step.fetchNextPage();
    if (step.isError) return false;
  }
  return true;
}

/**
 * 'Delete All' (docs/product.md#screens-and-routes). It acts on what the list says: without a filter every active transcript,
 * with one the transcripts the filter shows. Either way on every page, not only the loaded ones, so the rest
 * is asked for before the confirmation opens; the transcripts it names then are the ones it moves. The
 * outcome is a toast. Closing the confirmation gives the focus back to the button that asked (`ask`'s
 * `trigger`: being busy while the pages came, it lost the focus), deleting gives it to `headingRef`.
 */
export function useDeleteAllFlow(list: LoadablePages, headingRef: RefObject<HTMLHeadingElement | null>, arrangement: Arrangement) {
  const queryClient = useQueryClient();
  /** The ids the open confirmation names; null while it is closed. */
  const [targets, setTargets] = useState<string[] | null>(null);
  const [loadingAll, setLoadingAll] = useState(false);
  const mutation = useDeleteAll();
  const filtered = isFiltering(arrangement);
  /** The confirmation's returnFocusTo. */
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const ask = async (trigger: HTMLElement) => {
    returnFocusTo.current = trigger;
    setLoadingAll(true);
    try {
      if (await loadRest(list)) setTargets(arrange(cachedActiveItems(queryClient), arrangement).map((item) => item.id));
      else toast.error(L.loadMoreFailed);
    } finally {
      setLoadingAll(false);
    }
  };

  const confirm = async () => {
    if (!targets) return;
    try {
      const { failed, errors } = await mutation.mutateAsync(targets);
      if (errors.some(isUnauthorized)) return; // the shared rule is on its way to /login
      if (failed.length > 0) toast.error(T.deleteAllFailed);
      else toast.success(filtered ? L.deleteShownDone(targets.length) : L.deleteAllDone);
    } finally {
      // Not the button: it may be disabled now (the list is empty).
      returnFocusTo.current = headingRef.current;
      setTargets(null);
    }
  };

  return {
    confirming: targets !== null,
    /** How many the confirmation names, and whether a filter chose them. */
    count: targets?.length ?? 0,
    filtered,
    busy: mutation.isPending || loadingAll,
    returnFocusTo,
    deleting: mutation.isPending,
    ask,
    confirm,
    cancel: () => setTargets(null),
  };
}
