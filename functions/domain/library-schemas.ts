/** Request bodies of the library routes: projects, tags, translation (docs/product.md#validation, #calls). */
import { z } from 'zod';
import { TAG_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { isOneLine } from './names';

export const PROJECT_LIMITS = { name: 100, description: 1000 } as const;

/** A name that must be given (trimmed), of at most `max` characters: "<label> is required.", "<label> must be at most <max> characters." */
const requiredName = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const ProjectBody = z.object({
  name: requiredName('Project name', PROJECT_LIMITS.name).refine(isOneLine, MESSAGES.nameOnOneLine),
  description: z
    .string()
    .trim()
    .max(PROJECT_LIMITS.description, `Description must be at most ${PROJECT_LIMITS.description} characters.`)
    .optional()
    .default(''),
});

export const TagBody = z.object({
  name: requiredName('Tag name', TAG_LIMITS.nameLength)
    .refine((name) => !name.includes(','), 'A tag name cannot contain a comma.')
    .refine(isOneLine, MESSAGES.nameOnOneLine),
});

export const TranslateBody = z.object({ language: z.string({ error: 'Choose a language.' }).trim().min(1, 'Choose a language.').max(40) });
