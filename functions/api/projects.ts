/** Projects domain (SPEC.md sections 2, 3, 7): the user's projects and the transcripts in each. */
import { db } from '../data/db';
import type { ProjectView } from '../contract/views';
import { MESSAGES } from '../domain/messages';
import { listItemView } from '../domain/transcript-view';
import { createDomainHandler } from '../lib/handler';
import { HttpError } from '../lib/http';
import { findProject, newLibraryId } from '../lib/library';
import type { Session } from '../lib/sessions';
import { asRecord, leaveProject } from '../lib/transcripts';

type ProjectItem = NonNullable<Awaited<ReturnType<typeof findProject>>>;

const projectView = (project: ProjectItem): ProjectView => ({ id: project.projectId, name: project.name, description: project.description ?? '', created_at: project.createdAt });

async function ownProject(session: Session, projectId: string): Promise<ProjectItem> {
  const project = await findProject(session.userId, projectId);
  if (!project) throw new HttpError(404, MESSAGES.projectNotFound);
  return project;
}

async function transcriptsOf(project: ProjectItem) {
  const { data } = await db().entities.transcript.query.byProject({ userId: project.userId, projectId: project.projectId }).go({ order: 'desc', pages: 'all' });
  return data;
}

export const handler = createDomainHandler('projects', {
  'GET /api/projects': async ({ session }) => {
    const { data } = await db().entities.project.query.primary({ userId: session.userId }).go({ pages: 'all' });
    return { body: data.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(projectView) };
  },

  'POST /api/projects': async ({ session, body: { name, description } }) => {
    const { data } = await db().entities.project.create({ userId: session.userId, projectId: newLibraryId(), name, description, createdAt: new Date().toISOString() }).go();
    return { status: 201, body: projectView(data as ProjectItem) };
  },

  'PUT /api/projects/{id}': async ({ session, params, body: { name, description } }) => {
    const project = await ownProject(session, params.id);
    await db().entities.project.patch({ userId: project.userId, projectId: project.projectId }).set({ name, description }).go();
    return { body: projectView({ ...project, name, description }) };
  },

  'DELETE /api/projects/{id}': async ({ session, params }) => {
    const project = await ownProject(session, params.id);
    // The transcripts stay, no longer in the project.
    for (const item of await transcriptsOf(project)) await leaveProject(item);
    await db().entities.project.delete({ userId: project.userId, projectId: project.projectId }).go();
    return { body: { message: 'Project deleted.', id: project.projectId } };
  },

  'GET /api/projects/{id}/transcripts': async ({ session, params }) => {
    const project = await ownProject(session, params.id);
    const items = (await transcriptsOf(project)).filter((item) => item.state !== 'deleted');
    return { body: items.map((item) => listItemView(asRecord(item))) };
  },
});
