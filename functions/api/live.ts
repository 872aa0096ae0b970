/** Live domain (issue 29): presigned addresses to the streaming service, and each session's time counted. */
import { createDomainHandler } from '../http/handler';
import { endLiveSession, startLiveSession } from '../services/live';

export const handler = createDomainHandler('live', {
  'POST /api/live/sessions': async ({ session, body: { language } }) => ({ status: 201, body: await startLiveSession(session.userId, language) }),

  'POST /api/live/sessions/{id}/end': async ({ session, params: { id }, body: { seconds } }) => ({ body: await endLiveSession(session.userId, id, seconds) }),
});
