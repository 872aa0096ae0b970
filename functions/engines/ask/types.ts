/** The Ask port (issue 30): an answer to a question from the passages that best match it. */
import type { AskMode } from '../../domain/ask';
import type { AskReading } from '../../domain/ask-prompt';
import type { Passage } from '../../domain/passages';

export interface AskEngine {
  /** What GET /api/capabilities says and POST /api/ask answers as `mode`. */
  readonly mode: AskMode;
  /** The model's answer from the numbered passages, read (functions/domain/ask-prompt.ts); null when the passages are the answer. */
  answer(question: string, passages: readonly Passage[]): Promise<AskReading | null>;
}
