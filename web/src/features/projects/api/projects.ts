/** Projects (SPEC.md sections 3, 5, 7). Signed-in calls: a 401 is the shared rule. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { libraryKeys } from '../../library/api/keys';

export interface Project {
  id: string;
  name: string;
  description?: string;
  created_at?: string;
}

export interface ProjectInput {
  name: string;
  description: string;
}

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

/** `GET /api/projects`. The Transcribe tab's project choice can share it (same key). */
export const projectsQuery = () =>
  queryOptions({
    queryKey: libraryKeys.projects,
    queryFn: () => api.get<Project[]>('/api/projects'),
  });

export const createProject = (input: ProjectInput) => api.post<Project>('/api/projects', { ...input });
export const updateProject = (id: string, input: ProjectInput) => api.put<Project>(projectPath(id), { ...input });
export const deleteProject = (id: string) => api.delete(projectPath(id));
