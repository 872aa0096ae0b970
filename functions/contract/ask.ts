/** Ask (issue 30): a question about the user's recordings, answered with the moments that answer it. */
import { z } from 'zod';
import { AskBody } from '../domain/ask';
import { json, type AreaRoutes } from './common';

/** A moment of a transcript that answers the question: `/transcript/{transcript_id}?t=` plays it. */
export const AskCitation = z.strictObject({
  transcript_id: z.string(),
  filename: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
  /** Who speaks most of it; null without speaker labels. */
  speaker: z.string().nullable(),
  text: z.string(),
});
export type AskCitation = z.output<typeof AskCitation>;

export const AskAnswer = z.strictObject({
  /**
   * 'ai': `answer` is written from the citations, its [1], [2]… the citations in order ("The recordings don't say.": none);
   * 'passages': `answer` is null and the citations are the answer (also when the model is busy or wrote a claim it did not cite).
   */
  mode: z.enum(['ai', 'passages']),
  answer: z.string().nullable(),
  /** Best first. */
  citations: z.array(AskCitation),
});
export type AskAnswer = z.output<typeof AskAnswer>;

export const ASK_ROUTES = {
  'POST /api/ask': {
    domain: 'transcripts',
    auth: 'session',
    body: AskBody,
    answer: json(AskAnswer),
    errors: [404],
    beyondSpec:
      "Issue 30, ask your recordings: the passages of the user's own transcripts (one, a project's or all) that best match a question, each with the moment it was said; with a model (AWS, mode 'ai') an answer written from them citing them by number, or \"The recordings don't say.\"; 429 with retry_after past the day's questions (AWS).",
  },
} as const satisfies AreaRoutes;
