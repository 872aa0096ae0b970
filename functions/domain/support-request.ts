/** `POST /api/support {message}`: a question, trimmed, within the length limit (kept apart from support.ts, which the web reads without zod). */
import { z } from 'zod';
import { SUPPORT_LIMITS, SUPPORT_TEXTS } from './support';

export const SupportBody = z.object({
  message: z
    .string({ error: SUPPORT_TEXTS.empty })
    .trim()
    .min(1, SUPPORT_TEXTS.empty)
    .max(SUPPORT_LIMITS.maxMessageChars, SUPPORT_TEXTS.tooLong),
});
