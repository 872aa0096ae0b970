/** Session domain: who is signed in (SPEC.md section 7, `GET /api/session`). */
import { createDomainHandler, requireSession } from '../lib/handler';
import { json } from '../lib/http';

export const handler = createDomainHandler('session', {
  'GET /api/session': async (ctx) => {
    const session = requireSession(ctx);
    return json(200, { email: session.email, user: session.userId, first_login: session.firstLogin });
  },
});
