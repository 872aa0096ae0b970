import { useState, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { useDeleteAll } from '../api/delete-all';

const T = TEXTS.transcripts;
const L = TEXTS.library;

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
 * 'Delete All' (SPEC.md section 2): it names and moves every transcript, not only the loaded pages, so the
 * rest is asked for before the confirmation opens. The outcome is a toast; the focus goes to `headingRef`.
 */
export function useDeleteAllFlow(list: LoadablePages, headingRef: RefObject<HTMLHeadingElement | null>) {
  const [confirming, setConfirming] = useState(false);
  const [loadingAll, setLoadingAll] = useState(false);
  const mutation = useDeleteAll();

  const ask = async () => {
    setLoadingAll(true);
    try {
      if (await loadRest(list)) setConfirming(true);
      else toast.error(L.loadMoreFailed);
    } finally {
      setLoadingAll(false);
    }
  };

  const confirm = async () => {
    try {
      const { failed, errors } = await mutation.mutateAsync();
      if (errors.some(isUnauthorized)) return; // the shared rule is on its way to /login
      if (failed.length > 0) toast.error(T.deleteAllFailed);
      else toast.success(L.deleteAllDone);
    } finally {
      setConfirming(false);
      headingRef.current?.focus();
    }
  };

  return { confirming, busy: mutation.isPending || loadingAll, deleting: mutation.isPending, ask, confirm, cancel: () => setConfirming(false) };
}
