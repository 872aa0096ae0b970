/**
 * Projects and tags are each one cached list (libraryKeys.projects, libraryKeys.tags). A call that
 * succeeds changes the cached list at once, so the screen does not wait, then the list is asked again.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { libraryKeys } from '@web/lib/library-keys';

type ListKey = typeof libraryKeys.projects | typeof libraryKeys.tags;

interface Item {
  id: string;
}

/** The list is asked again; with `withTranscripts`, so are the transcript lists and views that show its items. */
function askAgain(queryClient: QueryClient, key: ListKey, withTranscripts: boolean): void {
  void queryClient.invalidateQueries({ queryKey: key });
  if (!withTranscripts) return;
  void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
  void queryClient.invalidateQueries({ queryKey: libraryKeys.transcripts });
}

/** Creating: the new item is in the cached list at once (once, even if the list was asked meanwhile). */
export function useCreateInList<T extends Item, I>(key: ListKey, create: (input: I) => Promise<T | undefined>, onCreated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: create,
    onSuccess: (item) => {
      onCreated();
      if (item?.id) queryClient.setQueryData<T[]>(key, (list) => (list ? [...list.filter((other) => other.id !== item.id), item] : list));
      askAgain(queryClient, key, false);
    },
  });
}

/** Changing one item: the cached list shows `changed(input)` at once, then what the server saved. */
export function useChangeInList<T extends Item, I>(
  key: ListKey,
  id: string,
  change: { send: (input: I) => Promise<T | undefined>; changed: (input: I) => Partial<T>; withTranscripts: boolean },
  onChanged: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change.send,
    onSuccess: (saved, input) => {
      queryClient.setQueryData<T[]>(key, (list) => list?.map((item) => (item.id === id ? { ...item, ...change.changed(input), ...(saved ?? {}) } : item)));
      onChanged();
      askAgain(queryClient, key, change.withTranscripts);
    },
  });
}

/** Deleting one item: it leaves the cached list at once; the transcripts that had it are asked again. */
export function useDeleteFromList(key: ListKey, id: string, send: () => Promise<unknown>, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      queryClient.setQueryData<Item[]>(key, (list) => list?.filter((item) => item.id !== id));
      handlers.onSuccess();
      askAgain(queryClient, key, true);
    },
    onError: handlers.onError,
  });
}
