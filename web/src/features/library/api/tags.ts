/** Tags (docs/product.md#entities, #validation, #calls). Signed-in calls: a 401 is the shared rule. */
import { queryOptions } from '@tanstack/react-query';
import type { TagView } from '@contract';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';
import { useChangeInList, useCreateInList, useDeleteFromList } from './named-list';

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

/** Adding a tag: it is in the cached list at once, then the list is asked again. */
export const useCreateTag = (onCreated: () => void) => useCreateInList(libraryKeys.tags, createTag, onCreated);

/** Renaming a tag: the cached list shows the new name at once; the tagged transcripts (renamed server-side) are asked again. */
export const useRenameTag = (id: string, onRenamed: () => void) =>
  useChangeInList(libraryKeys.tags, id, { send: (newName: string) => renameTag(id, newName), changed: (newName) => ({ name: newName }), withTranscripts: true }, onRenamed);

/** Deleting a tag: it leaves the cached list at once; the transcripts that carried it are asked again. */
export const useDeleteTag = (id: string, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => useDeleteFromList(libraryKeys.tags, id, () => deleteTag(id), handlers);
