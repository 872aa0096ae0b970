/** Project items (docs/product.md#entities), always addressed by the session's user id. */
import type { EntityItem } from 'electrodb';
import { db } from './db';
import type { Project } from './entities/project';
import { newItemId } from './ids';

export type ProjectItem = EntityItem<typeof Project>;

export async function findProject(userId: string, projectId: string): Promise<ProjectItem | null> {
  return (await db().entities.project.get({ userId, projectId }).go()).data;
}

/** The user's projects, newest first. */
export async function listProjects(userId: string): Promise<ProjectItem[]> {
  const { data } = await db().entities.project.query.primary({ userId }).go({ pages: 'all' });
  return data.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function createProject(userId: string, fields: Pick<ProjectItem, 'name' | 'description'>): Promise<ProjectItem> {
  return (await db().entities.project.create({ userId, projectId: newItemId(), ...fields }).go()).data as ProjectItem;
}

export async function updateProject(project: ProjectItem, fields: Pick<ProjectItem, 'name' | 'description'>): Promise<ProjectItem> {
  await db().entities.project.patch({ userId: project.userId, projectId: project.projectId }).set(fields).go();
  return { ...project, ...fields };
}

export async function deleteProject(project: ProjectItem): Promise<void> {
  await db().entities.project.delete({ userId: project.userId, projectId: project.projectId }).go();
}
