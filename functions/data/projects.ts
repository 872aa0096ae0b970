/** Project items (docs/product.md#entities), always addressed by the session's user id. */
import type { EntityItem } from 'electrodb';
import { db } from './db';
import type { Project } from './entities/project';
import { userItems } from './user-items';

export type ProjectItem = EntityItem<typeof Project>;

/** The user's projects, newest first. */
export const { find: findProject, list: listProjects, create: createProject, delete: deleteProject } = userItems<ProjectItem, 'projectId', Pick<ProjectItem, 'name' | 'description'>>(() => db().entities.project, 'projectId', (a, b) => b.createdAt.localeCompare(a.createdAt));

export async function updateProject(project: ProjectItem, fields: Pick<ProjectItem, 'name' | 'description'>): Promise<ProjectItem> {
  await db().entities.project.patch({ userId: project.userId, projectId: project.projectId }).set(fields).go();
  return { ...project, ...fields };
}
