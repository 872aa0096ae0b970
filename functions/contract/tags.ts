/** Tags (docs/product.md#calls): names a transcript carries. */
import { z } from 'zod';
import { TagBody } from '../domain/library-schemas';
import { MESSAGES } from '../domain/messages';
import { json, MovedAnswer, onOwn, type AreaRoutes } from './common';

export const TagView = z.strictObject({ id: z.string(), name: z.string() });
export type TagView = z.output<typeof TagView>;

const onTag = onOwn('tags', MESSAGES.tagNotFound);

export const TAG_ROUTES = {
  'GET /api/tags': { domain: 'tags', auth: 'session', answer: json(z.array(TagView)) },
  'POST /api/tags': { domain: 'tags', auth: 'session', body: TagBody, answer: json(TagView) },
  'PUT /api/tags/{id}': onTag({ body: TagBody, answer: json(TagView) }),
  'DELETE /api/tags/{id}': onTag({ answer: json(MovedAnswer) }),
} as const satisfies AreaRoutes;
