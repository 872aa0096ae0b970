/** Projects and tags of a user, always addressed by the session's user id. */
import { randomBytes } from 'node:crypto';
import { db } from '../data/db';

export const newLibraryId = (): string => randomBytes(12).toString('base64url');

export async function findProject(userId: string, projectId: string) {
  return (await db().entities.project.get({ userId, projectId }).go()).data;
}

export async function listTags(userId: string) {
  const { data } = await db().entities.tag.query.primary({ userId }).go({ pages: 'all' });
  return data.sort((a, b) => a.name.localeCompare(b.name));
}

export const sameName = (a: string, b: string): boolean => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

export async function findTagByName(userId: string, name: string) {
  return (await listTags(userId)).find((tag) => sameName(tag.name, name));
}

/** Tags named on a transcript become the user's tags too (the Tags tab lists them). */
export async function ensureTags(userId: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const existing = await listTags(userId);
  const missing = names.filter((name) => !existing.some((tag) => sameName(tag.name, name)));
  await Promise.all(missing.map((name) => db().entities.tag.create({ userId, tagId: newLibraryId(), name, createdAt: new Date().toISOString() }).go()));
}
