/** Translation domain (docs/product.md#calls, #errors): the languages the active engine offers, and a transcript's text translated. */
import { translationEngine } from '../engines/wiring';
import { createDomainHandler } from '../http/handler';
import { translateTranscript } from '../services/transcripts';

export const handler = createDomainHandler('translation', {
  'GET /api/translate/languages': async () => ({ body: await translationEngine().languages() }),

  'POST /api/translate/{id}': async ({ session, params: { id }, body: { language } }) => {
    const { done, started } = await translateTranscript(session.userId, id, language);
    return started ? { status: 202, body: started } : { body: done };
  },
});
