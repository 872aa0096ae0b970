/** Support (docs/product.md#calls): a question to the help assistant. */
import { z } from 'zod';
import { SupportBody } from '../domain/support-request';
import { json, type AreaRoutes } from './common';

export const SupportAnswer = z.strictObject({ reply: z.string() });
export type SupportAnswer = z.output<typeof SupportAnswer>;

export const SUPPORT_ROUTES = {
  'POST /api/support': { domain: 'support', auth: 'session', body: SupportBody, answer: json(SupportAnswer) },
} as const satisfies AreaRoutes;
