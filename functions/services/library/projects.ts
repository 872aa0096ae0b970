/** The user's projects (docs/product.md#screens-and-routes, #entities, #calls) and the transcripts in each. */
import type { ProjectView } from '../../contract';
import { createProject, deleteProject, findProject, listProjects, updateProject, type ProjectItem } from '../../data/projects';
import { MESSAGES } from '../../domain/messages';
import { ServiceError } from '../service-error';
import { listProjectTranscripts, releaseProjectTranscripts, type PageQuery, type TranscriptList } from '../transcripts';

type ProjectFields = Pick<ProjectItem, 'name' | 'description'>;

const projectView = (project: ProjectItem): ProjectView => ({ id: project.projectId, name: project.name, description: project.description ?? '', created_at: project.createdAt });

async function ownProject(userId: string, projectId: string): Promise<ProjectItem> {
  const project = await findProject(userId, projectId);
  if (!project) throw new ServiceError('not-found', MESSAGES.projectNotFound);
  return project;
}

export async function projects(userId: string): Promise<ProjectView[]> {
  return (await listProjects(userId)).map(projectView);
}

export async function addProject(userId: string, fields: ProjectFields): Promise<ProjectView> {
  return projectView(await createProject(userId, fields));
}

export async function changeProject(userId: string, projectId: string, fields: ProjectFields): Promise<ProjectView> {
  return projectView(await updateProject(await ownProject(userId, projectId), fields));
}

/** The project goes; its transcripts stay, in no project. Answers its id. */
export async function removeProject(userId: string, projectId: string): Promise<string> {
  const project = await ownProject(userId, projectId);
  await releaseProjectTranscripts(userId, project.projectId);
  await deleteProject(project);
  return project.projectId;
}

/** The transcripts of one of the user's projects, whole or by page. */
export async function projectTranscripts(userId: string, projectId: string, query: PageQuery | undefined): Promise<TranscriptList> {
  const project = await ownProject(userId, projectId);
  return listProjectTranscripts(project.userId, project.projectId, query);
}
