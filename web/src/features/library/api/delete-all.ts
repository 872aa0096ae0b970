/** Delete All (SPEC.md section 2): every active transcript to the trash, as a mutation that owns its cache changes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { libraryKeys } from '@web/lib/library-keys';
import { deleteTranscript } from '@web/lib/transcripts/workspace';
import { runAll } from '../format';
import { keepItems, loadedItems, type ListData } from './transcripts';

/** What Delete All did: the ids that could not be moved and why. */
export interface DeleteAllResult {
  failed: string[];
  errors: unknown[];
}

/**
 * Moves every transcript of the cached active list (the caller loads its remaining pages first). The ones
 * moved leave the cache at once, the ones that failed stay; then every list is asked again.
 */
export function useDeleteAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DeleteAllResult> => {
      const targets = loadedItems(queryClient.getQueryData<ListData>(libraryKeys.active)).map((item) => item.id);
      return runAll(targets, deleteTranscript);
    },
    onSuccess: ({ failed }) => queryClient.setQueryData<ListData>(libraryKeys.active, keepItems((item) => failed.includes(item.id))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.lists }),
  });
}
