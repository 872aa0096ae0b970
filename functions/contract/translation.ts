/** Translation (docs/product.md#calls): a transcript's text in another language, asked for after it is made. */
import { z } from 'zod';
import { TranslateBody } from '../domain/library-schemas';
import { MESSAGES } from '../domain/messages';
import { json, pathId, type AreaRoutes } from './common';

export const TranslationAnswer = z.strictObject({ translated_text: z.string(), language: z.string() });
export type TranslationAnswer = z.output<typeof TranslationAnswer>;

export const TRANSLATION_ROUTES = {
  'GET /api/translate/languages': { domain: 'translation', auth: 'none', answer: json(z.array(z.string())) },
  'POST /api/translate/{id}': { domain: 'translation', auth: 'session', params: { id: pathId(MESSAGES.transcriptNotFound) }, body: TranslateBody, answer: json(TranslationAnswer), errors: [409, 422] },
} as const satisfies AreaRoutes;
