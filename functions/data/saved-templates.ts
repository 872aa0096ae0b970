/** The user's own summary templates (issue 30), always addressed by the session's user id. */
import type { EntityItem } from 'electrodb';
import { db } from './db';
import type { SavedTemplate } from './entities/saved-template';
import { newItemId } from './ids';

export type SavedTemplateItem = EntityItem<typeof SavedTemplate>;

export async function findSavedTemplate(userId: string, templateId: string): Promise<SavedTemplateItem | null> {
  return (await db().entities.savedTemplate.get({ userId, templateId }).go()).data;
}

/** The user's templates, oldest first (the order they were saved in). */
export async function listSavedTemplates(userId: string): Promise<SavedTemplateItem[]> {
  const { data } = await db().entities.savedTemplate.query.primary({ userId }).go({ pages: 'all' });
  return data.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function createSavedTemplate(userId: string, fields: Pick<SavedTemplateItem, 'name' | 'instruction'>): Promise<SavedTemplateItem> {
  return (await db().entities.savedTemplate.create({ userId, templateId: newItemId(), ...fields }).go()).data as SavedTemplateItem;
}

export async function deleteSavedTemplate(template: SavedTemplateItem): Promise<void> {
  await db().entities.savedTemplate.delete({ userId: template.userId, templateId: template.templateId }).go();
}
