/** Tags domain (docs/product.md#screens-and-routes, #entities, #calls). */
import { createDomainHandler } from '../http/handler';
import { addTag, removeTag, renameOwnTag, tags } from '../services/library/tags';

export const handler = createDomainHandler('tags', {
  'GET /api/tags': async ({ session }) => ({ body: await tags(session.userId) }),
  'POST /api/tags': async ({ session, body: { name } }) => ({ status: 201, body: await addTag(session.userId, name) }),
  'PUT /api/tags/{id}': async ({ session, params, body: { name } }) => ({ body: await renameOwnTag(session.userId, params.id, name) }),
  'DELETE /api/tags/{id}': async ({ session, params }) => ({ body: { message: 'Tag deleted.', id: await removeTag(session.userId, params.id) } }),
});
