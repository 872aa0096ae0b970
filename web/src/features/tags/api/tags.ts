/** Tags (SPEC.md sections 3, 5, 7). Signed-in calls: a 401 is the shared rule. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { libraryKeys } from '../../library/api/keys';

export interface Tag {
  id: string;
  name: string;
}

const tagPath = (id: string) => `/api/tags/${encodeURIComponent(id)}`;

/** `GET /api/tags`. The Transcribe tab's tag choice can share it (same key). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: libraryKeys.tags,
    queryFn: () => api.get<Tag[]>('/api/tags'),
  });

export const createTag = (name: string) => api.post<Tag>('/api/tags', { name });
export const renameTag = (id: string, name: string) => api.put<Tag>(tagPath(id), { name });
export const deleteTag = (id: string) => api.delete(tagPath(id));
