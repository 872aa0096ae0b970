/** Projects domain (SPEC.md sections 2, 3, 7): the user's projects and the transcripts in each. */
import { db } from '../data/db';
import { ProjectBody } from '../domain/library-schemas';
import { MESSAGES } from '../domain/messages';
import { listItemView } from '../domain/transcript-view';
import { createDomainHandler, requireSession, type RequestContext } from '../lib/handler';
import { HttpError, json, parseJsonBody } from '../lib/http';
import { findProject, newLibraryId } from '../lib/library';
import { asRecord, leaveProject } from '../lib/transcripts';

type ProjectItem = NonNullable<Awaited<ReturnType<typeof findProject>>>;

const projectView = (project: ProjectItem) => ({ id: project.projectId, name: project.name, description: project.description ?? '', created_at: project.createdAt });

async function ownProject(ctx: RequestContext): Promise<ProjectItem> {
  const session = requireSession(ctx);
  const projectId = ctx.event.pathParameters?.id ?? '';
  const project = /^[A-Za-z0-9_-]{8,64}$/.test(projectId) ? await findProject(session.userId, projectId) : null;
  if (!project) throw new HttpError(404, MESSAGES.projectNotFound);
  return project;
}

async function transcriptsOf(project: ProjectItem) {
  const { data } = await db().entities.transcript.query.byProject({ userId: project.userId, projectId: project.projectId }).go({ order: 'desc', pages: 'all' });
  return data;
}

export const handler = createDomainHandler('projects', {
  'GET /api/projects': async (ctx) => {
    const session = requireSession(ctx);
    const { data } = await db().entities.project.query.primary({ userId: session.userId }).go({ pages: 'all' });
    return json(200, data.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(projectView));
  },

  'POST /api/projects': async (ctx) => {
    const session = requireSession(ctx);
    const { name, description } = parseJsonBody(ctx.event, ProjectBody);
    const { data } = await db().entities.project.create({ userId: session.userId, projectId: newLibraryId(), name, description, createdAt: new Date().toISOString() }).go();
    return json(201, projectView(data as ProjectItem));
  },

  'PUT /api/projects/{id}': async (ctx) => {
    const project = await ownProject(ctx);
    const { name, description } = parseJsonBody(ctx.event, ProjectBody);
    await db().entities.project.patch({ userId: project.userId, projectId: project.projectId }).set({ name, description }).go();
    return json(200, projectView({ ...project, name, description }));
  },

  'DELETE /api/projects/{id}': async (ctx) => {
    const project = await ownProject(ctx);
    // The transcripts stay, no longer in the project.
    for (const item of await transcriptsOf(project)) await leaveProject(item);
    await db().entities.project.delete({ userId: project.userId, projectId: project.projectId }).go();
    return json(200, { message: 'Project deleted.', id: project.projectId });
  },

  'GET /api/projects/{id}/transcripts': async (ctx) => {
    const project = await ownProject(ctx);
    const items = (await transcriptsOf(project)).filter((item) => item.state !== 'deleted');
    return json(200, items.map((item) => listItemView(asRecord(item))));
  },
});
