/** Profile domain: the signed-in user's own profile (docs/product.md#screens-and-routes, #entities, #validation). */
import { MESSAGES } from '../domain/messages';
import { createDomainHandler } from '../http/handler';
import { readProfile, saveProfile } from '../services/accounts';

export const handler = createDomainHandler('profile', {
  'GET /api/profile': async ({ session, sessionToken }) => ({ body: await readProfile(session, sessionToken) }),

  'PUT /api/profile': async ({ session, form }) => {
    await saveProfile(session, form);
    return { body: { message: MESSAGES.profileSaved } };
  },
});
