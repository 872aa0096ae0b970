import { useState, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { useDeleteAll } from '../api/delete-all';

const T = TEXTS.transcripts;
const L = TEXTS.library;

/** A paged query whose next page can be asked for and tells how that went (a `useInfiniteQuery` result fits). */
interface LoadablePages {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ hasNextPage: boolean; isFetchNextPageError: boolean; fetchNextPage: LoadablePages['fetchNextPage'] }>;
}

/** Asks for the pages not loaded yet, one after another. False when one of them failed. */
export async function loadRest(list: LoadablePages): Promise<boolean> {
  let result: LoadablePages = list;
  while (result.hasNextPage) {
    const next = await result.fetchNextPage();
    if (next.isFetchNextPageError) return false;
    result = next;
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
