/** Projects (SPEC.md sections 3, 5, 7). Signed-in calls: a 401 is the shared rule. */
import type { BodyOf } from '@contract/routes';
import type { ProjectView } from '@contract/views';
import { apiCall } from '@web/lib/api-client';

export type Project = ProjectView;
export type ProjectInput = Required<BodyOf<'POST /api/projects'>>;

export { projectsQuery } from '@web/lib/library-keys';

export const createProject = (body: ProjectInput) => apiCall('POST /api/projects', { body });
export const updateProject = (id: string, body: ProjectInput) => apiCall('PUT /api/projects/{id}', { params: { id }, body });
export const deleteProject = (id: string) => apiCall('DELETE /api/projects/{id}', { params: { id } });
