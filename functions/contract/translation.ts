/** Translation (docs/product.md#calls): a transcript's text in another language, asked for after it is made. */
import { z } from 'zod';
import { TranslateBody } from '../domain/library-schemas';
import { MESSAGES } from '../domain/messages';
import { json, pathId, type AreaRoutes } from './common';
import { TranscriptView } from './transcripts';

/** Issue 28: one translated segment per spoken word group, with its original speaker label and times (ms). */
export const TranslatedSegment = z.strictObject({
  /** The original label ("Speaker 1" or the name given): labels are never translated. */
  speaker: z.string().optional(),
  start: z.number(),
  end: z.number(),
  /** A word the engine left untranslated has a "*" before it. */
  text: z.string(),
});
export type TranslatedSegment = z.output<typeof TranslatedSegment>;

/** The text translated segment by segment (issue 28); 400 when asked for the transcript's own language. */
export const TranslationAnswer = z.strictObject({ translated_text: z.string(), language: z.string(), segments: z.array(TranslatedSegment) });
export type TranslationAnswer = z.output<typeof TranslationAnswer>;

export const TRANSLATION_ROUTES = {
  'GET /api/translate/languages': { domain: 'translation', auth: 'none', answer: json(z.array(z.string())) },
  'POST /api/translate/{id}': {
    domain: 'translation',
    auth: 'session',
    params: { id: pathId(MESSAGES.transcriptNotFound) },
    body: TranslateBody,
    answer: json(TranslationAnswer),
    // Issue 31: a text of more than 1,000 words not yet translated into the language is translated by a job: 202
    // with the transcript's view, whose `text_job` the page polls, then asks again (the stored translation answers
    // at once); 409 while another summary or translation of it runs.
    accepted: TranscriptView,
    errors: [409, 422],
  },
} as const satisfies AreaRoutes;
