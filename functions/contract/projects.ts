/** Projects (docs/product.md#calls): folders of transcripts. */
import { z } from 'zod';
import { ProjectBody } from '../domain/library-schemas';
import { MESSAGES } from '../domain/messages';
import { json, MovedAnswer, onOwn, PageQuery, type AreaRoutes } from './common';
import { TranscriptListItem } from './transcripts';

export const ProjectView = z.strictObject({ id: z.string(), name: z.string(), description: z.string(), created_at: z.string() });
export type ProjectView = z.output<typeof ProjectView>;

const onProject = onOwn('projects', MESSAGES.projectNotFound);

export const PROJECT_ROUTES = {
  'GET /api/projects': { domain: 'projects', auth: 'session', answer: json(z.array(ProjectView)) },
  'POST /api/projects': { domain: 'projects', auth: 'session', body: ProjectBody, answer: json(ProjectView, 201) },
  'PUT /api/projects/{id}': onProject({ body: ProjectBody, answer: json(ProjectView) }),
  'DELETE /api/projects/{id}': onProject({ answer: json(MovedAnswer) }),
  'GET /api/projects/{id}/transcripts': onProject({ query: PageQuery, answer: json(z.array(TranscriptListItem)) }),
} as const satisfies AreaRoutes;
