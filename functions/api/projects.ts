/** Projects domain (docs/product.md#screens-and-routes, #entities, #calls): the user's projects and the transcripts in each. */
import type { ProjectView } from '../contract/views';
import { createProject, deleteProject, findProject, listProjects, updateProject, type ProjectItem } from '../data/projects';
import { leaveProject, projectTranscripts, projectTranscriptsPage } from '../data/transcripts';
import { transcriptList } from '../services/transcripts/list-pages';
import { MESSAGES } from '../domain/messages';
import { createDomainHandler } from '../http/handler';
import { HttpError } from '../http/http';
import type { Session } from '../services/accounts/sessions';

const projectView = (project: ProjectItem): ProjectView => ({ id: project.projectId, name: project.name, description: project.description ?? '', created_at: project.createdAt });

async function ownProject(session: Session, projectId: string): Promise<ProjectItem> {
  const project = await findProject(session.userId, projectId);
  if (!project) throw new HttpError(404, MESSAGES.projectNotFound);
  return project;
}

export const handler = createDomainHandler('projects', {
  'GET /api/projects': async ({ session }) => ({ body: (await listProjects(session.userId)).map(projectView) }),

  'POST /api/projects': async ({ session, body }) => ({ status: 201, body: projectView(await createProject(session.userId, body)) }),

  'PUT /api/projects/{id}': async ({ session, params, body }) => ({ body: projectView(await updateProject(await ownProject(session, params.id), body)) }),

  'DELETE /api/projects/{id}': async ({ session, params }) => {
    const project = await ownProject(session, params.id);
    // The transcripts stay, no longer in the project.
    for (const item of await projectTranscripts(project.userId, project.projectId)) await leaveProject(item);
    await deleteProject(project);
    return { body: { message: 'Project deleted.', id: project.projectId } };
  },

  'GET /api/projects/{id}/transcripts': async ({ session, params, query }) => {
    const project = await ownProject(session, params.id);
    return transcriptList(
      query,
      async () => (await projectTranscripts(project.userId, project.projectId)).filter((item) => item.state !== 'deleted'),
      (limit, cursor) => projectTranscriptsPage(project.userId, project.projectId, limit, cursor),
    );
  },
});
