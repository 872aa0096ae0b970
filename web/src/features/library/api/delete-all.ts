/** Delete All (docs/product.md#screens-and-routes): active transcripts to the trash, as a mutation that owns its cache changes. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { libraryKeys } from '@web/lib/library-keys';
import { deleteTranscript } from '@web/transcript/api/workspace';
import { runAll } from '../format';
import { keepItems, loadedItems, type ListData, type TranscriptListItem } from './transcripts';

/** What Delete All did: the ids that could not be moved and why. */
export interface DeleteAllResult {
  failed: string[];
  errors: unknown[];
}

/** Every transcript of the cached active list, in the pages loaded so far. */
export const cachedActiveItems = (queryClient: QueryClient): TranscriptListItem[] => loadedItems(queryClient.getQueryData<ListData>(libraryKeys.active));

/**
 * Moves the given transcripts one by one (the server has no filtered delete). The ones moved leave the
 * cache at once, the ones that failed stay; then every list is asked again.
 */
export function useDeleteAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]): Promise<DeleteAllResult> => runAll(ids, deleteTranscript),
    onSuccess: ({ failed }, ids) => queryClient.setQueryData<ListData>(libraryKeys.active, keepItems((item) => !ids.includes(item.id) || failed.includes(item.id))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.lists }),
  });
}
