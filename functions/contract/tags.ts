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
  'POST /api/tags': { domain: 'tags', auth: 'session', body: TagBody, answer: json(TagView, 201), errors: [409] },
  'PUT /api/tags/{id}': onTag({ body: TagBody, answer: json(TagView), errors: [409] }),
  'DELETE /api/tags/{id}': onTag({ answer: json(MovedAnswer), errors: [409] }),
} as const satisfies AreaRoutes;
