/** Tag items (docs/product.md#entities), always addressed by the session's user id. Transcripts carry tag names. */
import type { EntityItem } from 'electrodb';
import { sameName } from '../domain/names';
import { db } from './db';
import type { Tag } from './entities/tag';
import { isConditionFailure, writtenIf } from './errors';
import { newItemId } from './ids';
import { userItems } from './user-items';

export type TagItem = EntityItem<typeof Tag>;

/** The user's tags, by name; made and deleted here, with their names' claims. */
export const { find: findTag, list: listTags } = userItems<TagItem, 'tagId', never>(() => db().entities.tag, 'tagId', (a, b) => a.name.localeCompare(b.name));

export async function findTagByName(userId: string, name: string): Promise<TagItem | undefined> {
  return (await listTags(userId)).find((tag) => sameName(tag.name, name));
}

/** How names are compared for uniqueness (as `sameName` does: case aside). */
const nameKey = (name: string): string => name.normalize('NFKC').toLocaleLowerCase('en');

/** Takes `name` for `tagId`; false when another tag holds it. Taking a name the tag already holds is fine. */
async function claimName(userId: string, name: string, tagId: string): Promise<boolean> {
  try {
    await db().entities.tagName.create({ userId, nameKey: nameKey(name), tagId }).go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data: holder } = await db().entities.tagName.get({ userId, nameKey: nameKey(name) }).go();
    return holder?.tagId === tagId;
  }
}

async function releaseName(userId: string, name: string, tagId: string): Promise<void> {
  await db()
    .entities.tagName.delete({ userId, nameKey: nameKey(name) })
    .where(({ tagId: holder }, { eq }) => eq(holder, tagId))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Creates a tag, or null when the name is taken (by a concurrent request too). */
export async function createTag(userId: string, name: string): Promise<TagItem | null> {
  const tagId = newItemId();
  if ((await findTagByName(userId, name)) || !(await claimName(userId, name, tagId))) return null;
  return (await db().entities.tag.create({ userId, tagId, name }).go()).data as TagItem;
}

/**
 * Renames a tag as it was read: 'taken' when another tag has the name (a concurrent rename too), 'changed'
 * when the tag was renamed otherwise or deleted since it was read (then the new name is not kept either).
 */
export async function renameTag(tag: TagItem, name: string): Promise<TagItem | 'taken' | 'changed'> {
  const same = await findTagByName(tag.userId, name);
  if ((same && same.tagId !== tag.tagId) || !(await claimName(tag.userId, name, tag.tagId))) return 'taken';
  // Only while the tag still has the name it was read with (a deleted one has none).
  const renamed = await writtenIf(db().entities.tag.patch({ userId: tag.userId, tagId: tag.tagId }).set({ name }).where(({ name: held }, { eq }) => eq(held, tag.name)).go());
  if (!renamed) {
    // The same rename came first: done. Otherwise the new name's claim goes with this one.
    const now = await findTag(tag.userId, tag.tagId);
    if (now && nameKey(now.name) === nameKey(name)) return now;
    await releaseName(tag.userId, name, tag.tagId);
    return 'changed';
  }
  if (nameKey(name) !== nameKey(tag.name)) await releaseName(tag.userId, tag.name, tag.tagId);
  return { ...tag, name };
}

/** Deletes a tag as it was read; false when it was renamed or deleted since (nothing is deleted then). */
export async function deleteTag(tag: TagItem): Promise<boolean> {
  const deleted = await writtenIf(db().entities.tag.delete({ userId: tag.userId, tagId: tag.tagId }).where(({ name }, { eq }) => eq(name, tag.name)).go());
  if (!deleted) return false;
  await releaseName(tag.userId, tag.name, tag.tagId);
  return true;
}

/**
 * Tags named on a transcript become the user's tags too (the Tags tab lists them); a name taken meanwhile is fine.
 * Returns the names as the transcript stores them: a tag's own spelling for a name it holds in another case
 * (so renaming or deleting the tag finds it on the transcript), each tag once.
 */
export async function ensureTags(userId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const existing = await listTags(userId);
  const missing = names.filter((name) => !existing.some((tag) => sameName(tag.name, name)));
  const made = await Promise.all(missing.map((name) => createTag(userId, name)));
  // A name taken meanwhile (by a concurrent request, or twice in this list in two cases) is spelled as its holder spells it.
  const tags = made.includes(null) ? await listTags(userId) : [...existing, ...(made as TagItem[])];
  const spelled = names.map((name) => tags.find((tag) => sameName(tag.name, name))?.name ?? name);
  return spelled.filter((name, index) => spelled.findIndex((other) => sameName(other, name)) === index);
}
