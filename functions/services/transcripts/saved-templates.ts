/**
 * Issue 30: the user's own summary templates, a custom instruction saved under a name to use again. They
 * exist only where the custom summary is written: elsewhere every call answers the custom template's 422.
 */
import type { SavedTemplateView } from '../../contract';
import { createSavedTemplate, deleteSavedTemplate, findSavedTemplate, listSavedTemplates, type SavedTemplateItem } from '../../data/saved-templates';
import { MESSAGES } from '../../domain/messages';
import { sameName } from '../../domain/names';
import { MAX_SAVED_TEMPLATES, type SavedTemplateBody } from '../../domain/summary-templates';
import { ServiceError } from '../service-error';
import { assertTemplateWritten } from './edits';

const templateView = (template: SavedTemplateItem): SavedTemplateView => ({ id: template.templateId, name: template.name, instruction: template.instruction, created_at: template.createdAt });

export async function savedTemplates(userId: string): Promise<SavedTemplateView[]> {
  assertTemplateWritten('custom');
  return (await listSavedTemplates(userId)).map(templateView);
}

/** 409 for a name the user already has (whatever its case) or one template too many. */
export async function saveTemplate(userId: string, fields: SavedTemplateBody): Promise<SavedTemplateView> {
  assertTemplateWritten('custom');
  const own = await listSavedTemplates(userId);
  if (own.some((template) => sameName(template.name, fields.name))) throw new ServiceError('conflict', MESSAGES.templateNameTaken(fields.name));
  if (own.length >= MAX_SAVED_TEMPLATES) throw new ServiceError('conflict', MESSAGES.tooManySavedTemplates(MAX_SAVED_TEMPLATES));
  return templateView(await createSavedTemplate(userId, fields));
}

/** Answers the removed template's id; another user's id is not found, as one that never was. */
export async function removeSavedTemplate(userId: string, templateId: string): Promise<string> {
  assertTemplateWritten('custom');
  const template = await findSavedTemplate(userId, templateId);
  if (!template) throw new ServiceError('not-found', MESSAGES.savedTemplateNotFound);
  await deleteSavedTemplate(template);
  return template.templateId;
}
