/** The Ask port (issue 30): an answer to a question from the passages that best match it. */
import type { AskMode } from '../../domain/ask';
import type { Passage } from '../../domain/passages';

export interface AskEngine {
  /** What GET /api/capabilities says and POST /api/ask answers as `mode`. */
  readonly mode: AskMode;
  /** The answer written from the numbered passages, or null when the passages are the answer. */
  answer(question: string, passages: readonly Passage[]): Promise<string | null>;
}
