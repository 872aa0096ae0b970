/** The support port: a reply to one question about the product, from the FAQ only (docs/architecture.md#engines). */

export interface SupportEngine {
  /** The question is trimmed and within the length limit; the reply is plain text for the chat. */
  answer(question: string): Promise<string>;
}

/** Messages that are only a greeting or thanks get a short friendly reply, not a search. */
const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|greetings)\b[\s!.,]*(there)?[\s!.]*$/i;
const THANKS = /^(thanks?|thank you|thx|cheers|great|perfect|got it|ok(ay)?)( (so|very) much| a lot)?[\s!.,]*$/i;

export function smallTalk(question: string): 'greeting' | 'thanks' | null {
  const text = question.trim();
  if (GREETING.test(text)) return 'greeting';
  if (THANKS.test(text)) return 'thanks';
  return null;
}
