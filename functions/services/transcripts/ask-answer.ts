/**
 * Ask's answer on top of the retrieved passages (issue 30): the Ask engine's, when it has one the recordings
 * support; else the passages themselves. And the per-user daily limit on questions a model answers.
 */
import type { AskMode } from '../../domain/ask';
import { MESSAGES } from '../../domain/messages';
import type { Passage } from '../../domain/passages';
import { EngineBusyError } from '../../engines/engine-error';
import { askEngine } from '../../engines/wiring';
import { getConfig } from '../../platform/config';
import { logger } from '../../platform/logger';
import { ServiceError } from '../service-error';
import { secondsLeft, take, type ThrottleRule } from '../throttle';

export interface PassagesAnswer {
  mode: AskMode;
  answer: string | null;
  /** The passages the answer cites, in the order of its numbers; with no written answer, the passages found, best first. */
  passages: readonly Passage[];
}

/** Questions a day per user: one window a UTC day, so it resets at midnight UTC. */
const askRule = (): ThrottleRule => ({ scope: 'ask-day', limit: getConfig().ASK_LIMIT_PER_DAY, windowSeconds: 24 * 3600 });

/** Counts a question a model will answer against the user's day; 429 with the wait to the next UTC day once the day's are used. */
export async function countQuestion(userId: string): Promise<void> {
  const rule = askRule();
  if (askEngine().mode !== 'ai' || rule.limit === 0 || (await take(rule, userId))) return;
  throw new ServiceError('too-many', MESSAGES.askDailyLimit(rule.limit, secondsLeft(rule)), secondsLeft(rule));
}

/**
 * The engine's answer from the passages: a written answer citing some of them, "The recordings don't say." citing
 * none, or (no model, a busy model, or a reply with a claim that cites nothing) the passages as the answer.
 * An uncited sentence falls back to the passages rather than being dropped: the model may have it from elsewhere,
 * and dropping it can change what the sentences kept say ("but", "not"); the passages are true as they stand.
 */
export async function answerFromPassages(question: string, passages: readonly Passage[]): Promise<PassagesAnswer> {
  const engine = askEngine();
  const shown: PassagesAnswer = { mode: 'passages', answer: null, passages };
  if (engine.mode === 'ai' && passages.length === 0) return { mode: 'ai', answer: MESSAGES.askNoAnswer, passages: [] };
  if (passages.length === 0) return shown;
  const reading = await engine.answer(question, passages).catch((error: unknown) => {
    if (!(error instanceof EngineBusyError)) throw error;
    logger.warn('The answer model is busy: the passages are the answer', { error });
    return null;
  });
  if (reading === null) return shown;
  if (reading.kind === 'none') return { mode: 'ai', answer: MESSAGES.askNoAnswer, passages: [] };
  if (reading.kind === 'unsupported') {
    logger.warn('The answer model wrote a claim without a citation: the passages are the answer');
    return shown;
  }
  return { mode: 'ai', answer: reading.text, passages: reading.cited.map((index) => passages[index]!) };
}
