/** The project form's rules (docs/product.md#validation, #errors). Pure; unit-tested. */
import { PROJECTS_TEXTS } from './texts';
import { failureText } from '@web/lib/api-client';
import type { ProjectInput } from './api/projects';

const T = PROJECTS_TEXTS;

/**
 * The longest name and description the server takes: PROJECT_LIMITS of functions/domain/library-schemas.ts
 * (not imported here: that module brings zod into the web bundle; a unit test keeps the two equal).
 */
export const PROJECT_FIELD_LIMITS = { name: 100, description: 1000 } as const;

/** Trims the fields; the name is required after trimming ('Project name is required.'), and then no call is made. */
export function validateProject(values: ProjectInput): { ok: true; input: ProjectInput } | { ok: false; error: string } {
  const name = values.name.trim();
  if (name === '') return { ok: false, error: T.nameRequired };
  return { ok: true, input: { name, description: values.description.trim() } };
}

/** An answered failure: the server's text, else the action's product text; no answer at all: 'An error occurred.'. */
const projectError = (error: unknown, fallback: string): string => failureText(error, fallback, T.genericError);

export const createProjectError = (error: unknown) => projectError(error, T.createFailed);
export const updateProjectError = (error: unknown) => projectError(error, T.updateFailed);
export const deleteProjectError = (error: unknown) => projectError(error, T.deleteFailed);
