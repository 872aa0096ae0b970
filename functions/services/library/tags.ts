/** The user's tags (docs/product.md#screens-and-routes, #entities, #calls). Transcripts carry tag names: a rename or delete reaches them too. */
import type { TagView } from '../../contract';
import { createTag, deleteTag, findTag, findTagByName, listTags, renameTag, type TagItem } from '../../data/tags';
import { MESSAGES } from '../../domain/messages';
import { ServiceError } from '../service-error';
import { retagTranscripts } from '../transcripts';

const tagView = (tag: TagItem): TagView => ({ id: tag.tagId, name: tag.name });

async function ownTag(userId: string, tagId: string): Promise<TagItem> {
  const tag = await findTag(userId, tagId);
  if (!tag) throw new ServiceError('not-found', MESSAGES.tagNotFound);
  return tag;
}

/** A name another tag holds (found now, or taken by a concurrent request): 409. */
async function taken(userId: string, name: string): Promise<never> {
  throw new ServiceError('conflict', MESSAGES.tagExists((await findTagByName(userId, name))?.name ?? name));
}

export async function tags(userId: string): Promise<TagView[]> {
  return (await listTags(userId)).map(tagView);
}

export async function addTag(userId: string, name: string): Promise<TagView> {
  return tagView((await createTag(userId, name)) ?? (await taken(userId, name)));
}

/** The tag renamed, and on every transcript that carries it. */
export async function renameOwnTag(userId: string, tagId: string, name: string): Promise<TagView> {
  const tag = await ownTag(userId, tagId);
  const renamed = await renameTag(tag, name);
  if (renamed === 'taken') return taken(tag.userId, name);
  if (renamed === 'changed') throw new ServiceError('conflict', MESSAGES.tagChangedMeanwhile);
  if (name !== tag.name) await retagTranscripts(tag.userId, tag.name, name);
  return tagView(renamed);
}

/** The tag goes, and from every transcript that carries it. Answers its id. */
export async function removeTag(userId: string, tagId: string): Promise<string> {
  const tag = await ownTag(userId, tagId);
  // The tag first, as it was read: one renamed meanwhile is not deleted, and its transcripts keep it.
  if (!(await deleteTag(tag))) throw new ServiceError('conflict', MESSAGES.tagChangedMeanwhile);
  await retagTranscripts(tag.userId, tag.name, null);
  return tag.tagId;
}
