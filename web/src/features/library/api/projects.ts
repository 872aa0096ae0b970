/** Projects (docs/product.md#entities, #validation, #calls). Signed-in calls: a 401 is the shared rule. */
import type { BodyOf, ProjectView } from '@contract';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';
import { useChangeInList, useCreateInList, useDeleteFromList } from './named-list';

export type Project = ProjectView;
export type ProjectInput = Required<BodyOf<'POST /api/projects'>>;

export { projectsQuery } from '@web/lib/library-keys';

export const createProject = (body: ProjectInput) => apiCall('POST /api/projects', { body });
export const updateProject = (id: string, body: ProjectInput) => apiCall('PUT /api/projects/{id}', { params: { id }, body });
export const deleteProject = (id: string) => apiCall('DELETE /api/projects/{id}', { params: { id } });

/** Creating a project: it is in the cached list at once, then the list is asked again. */
export const useCreateProject = (onCreated: () => void) => useCreateInList(libraryKeys.projects, createProject, onCreated);

/** Editing a project: the cached list shows the change at once, then is asked again. */
export const useUpdateProject = (id: string, onUpdated: () => void) =>
  useChangeInList(libraryKeys.projects, id, { send: (input: ProjectInput) => updateProject(id, input), changed: (input) => input, withTranscripts: false }, onUpdated);

/** Deleting a project: it leaves the cached list at once; its transcripts stay, outside any project, so they are asked again. */
export const useDeleteProject = (id: string, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) =>
  useDeleteFromList(libraryKeys.projects, id, () => deleteProject(id), handlers);
