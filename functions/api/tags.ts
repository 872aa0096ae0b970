/** Tags domain (SPEC.md sections 2, 3, 7). Transcripts carry tag names: a rename or delete reaches them too. */
import { db } from '../data/db';
import { TagBody } from '../domain/library-schemas';
import { MESSAGES } from '../domain/messages';
import { createDomainHandler, requireSession, type RequestContext } from '../lib/handler';
import { HttpError, json, parseJsonBody } from '../lib/http';
import { findTagByName, listTags, newLibraryId } from '../lib/library';
import { allTranscripts, setTags } from '../lib/transcripts';

type TagItem = Awaited<ReturnType<typeof listTags>>[number];

const tagView = (tag: TagItem) => ({ id: tag.tagId, name: tag.name });

async function ownTag(ctx: RequestContext): Promise<TagItem> {
  const session = requireSession(ctx);
  const tagId = ctx.event.pathParameters?.id ?? '';
  const tag = /^[A-Za-z0-9_-]{8,64}$/.test(tagId) ? (await db().entities.tag.get({ userId: session.userId, tagId }).go()).data : null;
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
  'GET /api/tags': async (ctx) => {
    const session = requireSession(ctx);
    return json(200, (await listTags(session.userId)).map(tagView));
  },

  'POST /api/tags': async (ctx) => {
    const session = requireSession(ctx);
    const { name } = parseJsonBody(ctx.event, TagBody);
    await refuseDuplicate(session.userId, name);
    const { data } = await db().entities.tag.create({ userId: session.userId, tagId: newLibraryId(), name, createdAt: new Date().toISOString() }).go();
    return json(201, tagView(data as TagItem));
  },

  'PUT /api/tags/{id}': async (ctx) => {
    const tag = await ownTag(ctx);
    const { name } = parseJsonBody(ctx.event, TagBody);
    await refuseDuplicate(tag.userId, name, tag.tagId);
    await db().entities.tag.patch({ userId: tag.userId, tagId: tag.tagId }).set({ name }).go();
    if (name !== tag.name) await retag(tag.userId, tag.name, name);
    return json(200, tagView({ ...tag, name }));
  },

  'DELETE /api/tags/{id}': async (ctx) => {
    const tag = await ownTag(ctx);
    await retag(tag.userId, tag.name, null);
    await db().entities.tag.delete({ userId: tag.userId, tagId: tag.tagId }).go();
    return json(200, { message: 'Tag deleted.', id: tag.tagId });
  },
});
