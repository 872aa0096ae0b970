/** Ask (issue 30): `POST /api/ask {question, transcript_id?, project_id?}`, checked at the edge. */
import { z } from 'zod';
import { ASK_LIMITS } from './constants';
import { ID_PATTERN } from './ids';
import { MESSAGES } from './messages';

export const AskBody = z.object({
  question: z.string({ error: MESSAGES.askEmpty }).trim().min(1, MESSAGES.askEmpty).max(ASK_LIMITS.questionLength, MESSAGES.askTooLong(ASK_LIMITS.questionLength)),
  /** One transcript of the user's, or the transcripts of one of their projects; neither: all their transcripts. */
  transcript_id: z.string().regex(ID_PATTERN, MESSAGES.transcriptNotFound).optional(),
  project_id: z.string().regex(ID_PATTERN, MESSAGES.projectNotFound).optional(),
});
export type AskBody = z.output<typeof AskBody>;

/** 'ai': a language model answers from the cited passages; 'passages': the best passages are the answer. */
export type AskMode = 'ai' | 'passages';
