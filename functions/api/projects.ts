/** Projects domain (docs/product.md#screens-and-routes, #entities, #calls): the user's projects and the transcripts in each. */
import { createDomainHandler } from '../http/handler';
import { addProject, changeProject, projects, projectTranscripts, removeProject } from '../services/library/projects';
import { listReply } from './list-reply';

export const handler = createDomainHandler('projects', {
  'GET /api/projects': async ({ session }) => ({ body: await projects(session.userId) }),
  'POST /api/projects': async ({ session, body }) => ({ status: 201, body: await addProject(session.userId, body) }),
  'PUT /api/projects/{id}': async ({ session, params, body }) => ({ body: await changeProject(session.userId, params.id, body) }),
  // The transcripts stay, no longer in the project.
  'DELETE /api/projects/{id}': async ({ session, params }) => ({ body: { message: 'Project deleted.', id: await removeProject(session.userId, params.id) } }),
  'GET /api/projects/{id}/transcripts': ({ session, params, query }) => listReply(projectTranscripts(session.userId, params.id, query)),
});
