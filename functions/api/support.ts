/** Support chat (docs/product.md#screens-and-routes, #calls): `POST /api/support {message}` → `{reply}`, answered from the product's FAQ. */
import { SUPPORT_LIMITS, SUPPORT_TEXTS } from '../domain/support';
import { supportEngine } from '../engines/wiring';
import { createDomainHandler } from '../http/handler';
import { HttpError } from '../http/http';
import { logger } from '../platform/logger';
import { isThrottled, recordFailure, secondsLeft, type ThrottleRule } from '../services/throttle';

/** Every question counts (not only failures): each may cost a model call. */
const QUESTIONS: ThrottleRule = { scope: 'support-user', limit: SUPPORT_LIMITS.perUser, windowSeconds: SUPPORT_LIMITS.windowSeconds };

export const handler = createDomainHandler('support', {
  'POST /api/support': async ({ session, body: { message } }) => {
    if (await isThrottled(QUESTIONS, session.userId)) throw new HttpError(429, SUPPORT_TEXTS.tooMany, secondsLeft(QUESTIONS));
    await recordFailure(QUESTIONS, session.userId);
    let reply: string;
    try {
      reply = await supportEngine().answer(message);
    } catch (error) {
      logger.error('Support engine failed', { error: error as Error });
      throw new HttpError(503, SUPPORT_TEXTS.unavailable);
    }
    return { body: { reply } };
  },
});
