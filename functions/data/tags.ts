/** Tag items (SPEC.md section 3), always addressed by the session's user id. Transcripts carry tag names. */
import type { EntityItem } from 'electrodb';
import { sameName } from '../domain/names';
import { db } from './db';
import type { Tag } from './entities';
import { newItemId } from './ids';

export type TagItem = EntityItem<typeof Tag>;

export async function findTag(userId: string, tagId: string): Promise<TagItem | null> {
  return (await db().entities.tag.get({ userId, tagId }).go()).data;
}

/** The user's tags, by name. */
export async function listTags(userId: string): Promise<TagItem[]> {
  const { data } = await db().entities.tag.query.primary({ userId }).go({ pages: 'all' });
  return data.sort((a, b) => a.name.localeCompare(b.name));
}

export async function findTagByName(userId: string, name: string): Promise<TagItem | undefined> {
  return (await listTags(userId)).find((tag) => sameName(tag.name, name));
}

export async function createTag(userId: string, name: string): Promise<TagItem> {
  return (await db().entities.tag.create({ userId, tagId: newItemId(), name }).go()).data as TagItem;
}

export async function renameTag(tag: TagItem, name: string): Promise<TagItem> {
  await db().entities.tag.patch({ userId: tag.userId, tagId: tag.tagId }).set({ name }).go();
  return { ...tag, name };
}

export async function deleteTag(tag: TagItem): Promise<void> {
  await db().entities.tag.delete({ userId: tag.userId, tagId: tag.tagId }).go();
}

/** Tags named on a transcript become the user's tags too (the Tags tab lists them). */
export async function ensureTags(userId: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const existing = await listTags(userId);
  const missing = names.filter((name) => !existing.some((tag) => sameName(tag.name, name)));
  await Promise.all(missing.map((name) => createTag(userId, name)));
}
