/** Tags (SPEC.md sections 3, 5, 7). Signed-in calls: a 401 is the shared rule. */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TagView } from '@contract/views';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';

export type Tag = TagView;

/** `GET /api/tags`. The Transcribe tab's tag choice can share it (same key). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: libraryKeys.tags,
    queryFn: () => apiCall('GET /api/tags'),
  });

export const createTag = (name: string) => apiCall('POST /api/tags', { body: { name } });
export const renameTag = (id: string, name: string) => apiCall('PUT /api/tags/{id}', { params: { id }, body: { name } });
export const deleteTag = (id: string) => apiCall('DELETE /api/tags/{id}', { params: { id } });

/** Renames and deletes reach the transcripts that carry the tag (server-side): their lists and views are asked again. */
function refreshTagged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: libraryKeys.tags });
  void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
  void queryClient.invalidateQueries({ queryKey: libraryKeys.transcripts });
}

/** Adding a tag: it is in the cached list at once, then the list is asked again. */
export function useCreateTag(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (tag) => {
      onCreated();
      if (tag?.id) queryClient.setQueryData<Tag[]>(libraryKeys.tags, (list) => (list ? [...list.filter((t) => t.id !== tag.id), tag] : list));
      void queryClient.invalidateQueries({ queryKey: libraryKeys.tags });
    },
  });
}

/** Renaming a tag: the cached list shows the new name at once; the tagged transcripts are asked again. */
export function useRenameTag(id: string, onRenamed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newName: string) => renameTag(id, newName),
    onSuccess: (saved, newName) => {
      queryClient.setQueryData<Tag[]>(libraryKeys.tags, (list) => list?.map((t) => (t.id === id ? { ...t, name: saved?.name ?? newName } : t)));
      onRenamed();
      refreshTagged(queryClient);
    },
  });
}

/** Deleting a tag: it leaves the cached list at once; the transcripts that carried it are asked again. */
export function useDeleteTag(id: string, handlers: { onSuccess: () => void; onError: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTag(id),
    onSuccess: () => {
      queryClient.setQueryData<Tag[]>(libraryKeys.tags, (list) => list?.filter((t) => t.id !== id));
      handlers.onSuccess();
      refreshTagged(queryClient);
    },
    onError: handlers.onError,
  });
}
