/**
 * The contract at compile time (`npm run typecheck` checks this file; nothing runs it): a handler answers
 * exactly what its route declares. Each `@ts-expect-error` marks a route that must NOT compile; should one
 * compile, its directive is unused and the typecheck fails. One wrong route per handler: the compiler
 * reports the first kind of mistake in a handler and may hold back the field checks of its other routes.
 */
import { createDomainHandler } from '../../functions/http/handler';
import { HttpError } from '../../functions/http/http';

const tag = { id: 'tag-1', name: 'Interviews' };
const tagRoutes = {
  'GET /api/tags': async () => ({ body: [tag] }),
  'POST /api/tags': async () => ({ status: 201 as const, body: tag }),
  'PUT /api/tags/{id}': async () => ({ body: tag }),
  // A declared error status answers its declared body.
  'DELETE /api/tags/{id}': async () => ({ status: 409 as const, body: { error: 'Changed meanwhile.' } }),
};
export const fine = createDomainHandler('tags', tagRoutes);

export const undeclaredField = createDomainHandler('tags', {
  ...tagRoutes,
  // @ts-expect-error `owner` is not a field of TagView.
  'PUT /api/tags/{id}': async () => ({ body: { ...tag, owner: 'user-1' } }),
});

export const undeclaredNestedField = createDomainHandler('tags', {
  ...tagRoutes,
  // @ts-expect-error nor in the items of a list.
  'GET /api/tags': async () => ({ body: [{ ...tag, owner: 'user-1' }] }),
});

export const undeclaredSuccessStatus = createDomainHandler('tags', {
  ...tagRoutes,
  // @ts-expect-error PUT /api/tags/{id} answers 200, not 201.
  'PUT /api/tags/{id}': async () => ({ status: 201, body: tag }),
});

export const undeclaredErrorStatus = createDomainHandler('tags', {
  ...tagRoutes,
  // @ts-expect-error GET /api/tags does not declare 409.
  'GET /api/tags': async () => ({ status: 409, body: { error: 'Taken.' } }),
});

export const undeclaredErrorField = createDomainHandler('tags', {
  ...tagRoutes,
  // @ts-expect-error an error body has `error` (and `retry_after` for 429 and 503), nothing else.
  'DELETE /api/tags/{id}': async () => ({ status: 409, body: { error: 'Changed meanwhile.', id: 'tag-1' } }),
});

// @ts-expect-error no route of the contract answers 418.
export const teapot = new HttpError(418, 'I am a teapot.');
