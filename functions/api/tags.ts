/** Tags domain (SPEC.md sections 2, 3, 7). Transcripts carry tag names: a rename or delete reaches them too. */
import { db } from '../data/db';
import { MESSAGES } from '../domain/messages';
import type { TagView } from '../contract/views';
import { createDomainHandler } from '../lib/handler';
import { HttpError } from '../lib/http';
import { findTagByName, listTags, newLibraryId } from '../lib/library';
import type { Session } from '../lib/sessions';
import { allTranscripts, setTags } from '../lib/transcripts';

type TagItem = Awaited<ReturnType<typeof listTags>>[number];

const tagView = (tag: TagItem): TagView => ({ id: tag.tagId, name: tag.name });

async function ownTag(session: Session, tagId: string): Promise<TagItem> {
  const { data: tag } = await db().entities.tag.get({ userId: session.userId, tagId }).go();
  if (!tag) throw new HttpError(404, MESSAGES.tagNotFound);
  return tag;
}

async function refuseDuplicate(userId: string, name: string, except?: string): Promise<void> {
  const same = await findTagByName(userId, name);
  if (same && same.tagId !== except) throw new HttpError(409, MESSAGES.tagExists(same.name));
}

/** Replaces (or, with `replacement` null, removes) a tag name on every transcript of the user that carries it. */
async function retag(userId: string, name: string, replacement: string | null): Promise<void> {
  for (const item of await allTranscripts(userId)) {
    const tags = item.tags ?? [];
    if (!tags.includes(name)) continue;
    const next = replacement === null ? tags.filter((tag) => tag !== name) : [...new Set(tags.map((tag) => (tag === name ? replacement : tag)))];
    await setTags(item, next);
  }
}

export const handler = createDomainHandler('tags', {
  'GET /api/tags': async ({ session }) => ({ body: (await listTags(session.userId)).map(tagView) }),

  'POST /api/tags': async ({ session, body: { name } }) => {
    await refuseDuplicate(session.userId, name);
    const { data } = await db().entities.tag.create({ userId: session.userId, tagId: newLibraryId(), name, createdAt: new Date().toISOString() }).go();
    return { status: 201, body: tagView(data as TagItem) };
  },

  'PUT /api/tags/{id}': async ({ session, params, body: { name } }) => {
    const tag = await ownTag(session, params.id);
    await refuseDuplicate(tag.userId, name, tag.tagId);
    await db().entities.tag.patch({ userId: tag.userId, tagId: tag.tagId }).set({ name }).go();
    if (name !== tag.name) await retag(tag.userId, tag.name, name);
    return { body: tagView({ ...tag, name }) };
  },

  'DELETE /api/tags/{id}': async ({ session, params }) => {
    const tag = await ownTag(session, params.id);
    await retag(tag.userId, tag.name, null);
    await db().entities.tag.delete({ userId: tag.userId, tagId: tag.tagId }).go();
    return { body: { message: 'Tag deleted.', id: tag.tagId } };
  },
});
