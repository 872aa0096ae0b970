/** Tags (SPEC.md sections 3, 5, 7). Signed-in calls: a 401 is the shared rule. */
import { queryOptions } from '@tanstack/react-query';
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
