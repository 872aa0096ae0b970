/** The user's own summary templates (issue 30), always addressed by the session's user id. */
import type { EntityItem } from 'electrodb';
import { db } from './db';
import type { SavedTemplate } from './entities/saved-template';
import { userItems } from './user-items';

export type SavedTemplateItem = EntityItem<typeof SavedTemplate>;

/** The user's templates, oldest first (the order they were saved in). */
export const { find: findSavedTemplate, list: listSavedTemplates, create: createSavedTemplate, delete: deleteSavedTemplate } = userItems<SavedTemplateItem, 'templateId', Pick<SavedTemplateItem, 'name' | 'instruction'>>(() => db().entities.savedTemplate, 'templateId', (a, b) => a.createdAt.localeCompare(b.createdAt));
