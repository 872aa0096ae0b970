/** Tags domain (docs/product.md#screens-and-routes, #entities, #calls). Transcripts carry tag names: a rename or delete reaches them too. */
import type { TagView } from '../contract/views';
import { createTag, deleteTag, findTag, findTagByName, listTags, renameTag, type TagItem } from '../data/tags';
import { allTranscripts, setTags } from '../data/transcripts';
import { MESSAGES } from '../domain/messages';
import { sameName } from '../domain/names';
import { createDomainHandler } from '../http/handler';
import { HttpError } from '../http/http';
import type { Session } from '../services/accounts/sessions';

const tagView = (tag: TagItem): TagView => ({ id: tag.tagId, name: tag.name });

async function ownTag(session: Session, tagId: string): Promise<TagItem> {
  const tag = await findTag(session.userId, tagId);
  if (!tag) throw new HttpError(404, MESSAGES.tagNotFound);
  return tag;
}

/** A name another tag holds (found now, or taken by a concurrent request): 409. */
async function taken(userId: string, name: string): Promise<never> {
  throw new HttpError(409, MESSAGES.tagExists((await findTagByName(userId, name))?.name ?? name));
}

/** Replaces (or, with `replacement` null, removes) a tag name, whatever its case, on every transcript of the user that carries it. */
async function retag(userId: string, name: string, replacement: string | null): Promise<void> {
  for (const item of await allTranscripts(userId)) {
    const tags = item.tags ?? [];
    // In any case: a transcript tagged before it took the tag's own spelling may carry the name as typed.
    if (!tags.some((tag) => sameName(tag, name))) continue;
    const next = replacement === null ? tags.filter((tag) => !sameName(tag, name)) : [...new Set(tags.map((tag) => (sameName(tag, name) ? replacement : tag)))];
    await setTags(item, next);
  }
}

export const handler = createDomainHandler('tags', {
  'GET /api/tags': async ({ session }) => ({ body: (await listTags(session.userId)).map(tagView) }),

  'POST /api/tags': async ({ session, body: { name } }) => {
    const tag = (await createTag(session.userId, name)) ?? (await taken(session.userId, name));
    return { status: 201, body: tagView(tag) };
  },

  'PUT /api/tags/{id}': async ({ session, params, body: { name } }) => {
    const tag = await ownTag(session, params.id);
    const renamed = await renameTag(tag, name);
    if (renamed === 'taken') return taken(tag.userId, name);
    if (renamed === 'changed') throw new HttpError(409, MESSAGES.tagChangedMeanwhile);
    if (name !== tag.name) await retag(tag.userId, tag.name, name);
    return { body: tagView(renamed) };
  },

  'DELETE /api/tags/{id}': async ({ session, params }) => {
    const tag = await ownTag(session, params.id);
    // The tag first, as it was read: one renamed meanwhile is not deleted, and its transcripts keep it.
    if (!(await deleteTag(tag))) throw new HttpError(409, MESSAGES.tagChangedMeanwhile);
    await retag(tag.userId, tag.name, null);
    return { body: { message: 'Tag deleted.', id: tag.tagId } };
  },
});
