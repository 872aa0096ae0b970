/** Request bodies of the library routes: projects, tags, translation (docs/product.md#validation, #calls). */
import { z } from 'zod';
import { TAG_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { isOneLine } from './names';

export const PROJECT_LIMITS = { name: 100, description: 1000 } as const;

export const ProjectBody = z.object({
  name: z
    .string({ error: 'Project name is required.' })
    .trim()
    .min(1, 'Project name is required.')
    .max(PROJECT_LIMITS.name, `Project name must be at most ${PROJECT_LIMITS.name} characters.`)
    .refine(isOneLine, MESSAGES.nameOnOneLine),
  description: z
    .string()
    .trim()
    .max(PROJECT_LIMITS.description, `Description must be at most ${PROJECT_LIMITS.description} characters.`)
    .optional()
    .default(''),
});

export const TagBody = z.object({
  name: z
    .string({ error: 'Tag name is required.' })
    .trim()
    .min(1, 'Tag name is required.')
    .max(TAG_LIMITS.nameLength, `Tag name must be at most ${TAG_LIMITS.nameLength} characters.`)
    .refine((name) => !name.includes(','), 'A tag name cannot contain a comma.')
    .refine(isOneLine, MESSAGES.nameOnOneLine),
});

export const TranslateBody = z.object({ language: z.string({ error: 'Choose a language.' }).trim().min(1, 'Choose a language.').max(40) });
