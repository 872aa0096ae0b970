/** Projects (SPEC.md sections 3, 5, 7). Signed-in calls: a 401 is the shared rule. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@contract/routes';
import type { ProjectView } from '@contract/views';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';

export type Project = ProjectView;
export type ProjectInput = Required<BodyOf<'POST /api/projects'>>;

export { projectsQuery } from '@web/lib/library-keys';

export const createProject = (body: ProjectInput) => apiCall('POST /api/projects', { body });
export const updateProject = (id: string, body: ProjectInput) => apiCall('PUT /api/projects/{id}', { params: { id }, body });
export const deleteProject = (id: string) => apiCall('DELETE /api/projects/{id}', { params: { id } });

/** Creating a project: it is in the cached list at once, then the list is asked again. */
export function useCreateProject(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      onCreated();
      if (project?.id) queryClient.setQueryData<Project[]>(libraryKeys.projects, (list) => (list ? [...list.filter((p) => p.id !== project.id), project] : list));
      void queryClient.invalidateQueries({ queryKey: libraryKeys.projects });
    },
  });
}

/** Editing a project: the cached list shows the change at once, then is asked again. */
export function useUpdateProject(id: string, onUpdated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectInput) => updateProject(id, input),
    onSuccess: (saved, input) => {
      queryClient.setQueryData<Project[]>(libraryKeys.projects, (list) => list?.map((p) => (p.id === id ? { ...p, ...input, ...(saved ?? {}) } : p)));
      onUpdated();
      void queryClient.invalidateQueries({ queryKey: libraryKeys.projects });
    },
  });
}

/** Deleting a project: it leaves the cached list at once; its transcripts stay, outside any project, so they are asked again. */
export function useDeleteProject(id: string, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProject(id),
    onSuccess: () => {
      queryClient.setQueryData<Project[]>(libraryKeys.projects, (list) => list?.filter((p) => p.id !== id));
      handlers.onSuccess();
      void queryClient.invalidateQueries({ queryKey: libraryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.transcripts });
    },
    onError: handlers.onError,
  });
}
