/**
 * Translation domain (docs/product.md#calls, #errors): the languages the active engine offers, and a
 * transcript's text translated, each translation stored and served again without the engine.
 */
import { z } from 'zod';
import { findLanguage } from '../domain/languages';
import { MESSAGES } from '../domain/messages';
import { EngineBusyError, EngineError } from '../engines/engine-error';
import { translationEngine } from '../engines/wiring';
import { createDomainHandler } from '../http/handler';
import { HttpError } from '../http/http';
import { getJson, objectSize, putJson } from '../storage/media-store';
import { ownTranscript, withText } from '../services/transcripts/edits';
import { readBody } from '../services/transcripts/records';
import { userPrefix } from '../storage/user-data';

const Cached = z.object({ translated_text: z.string(), language: z.string() });

/** Stored per body revision: a corrected transcript is translated anew (revision 0 keeps the first key). */
const translationKey = (userId: string, transcriptId: string, revision: number, languageCode: string): string =>
  `${userPrefix(userId)}translations/${transcriptId}/${revision ? `r${revision}-` : ''}${languageCode}.json`;

export const handler = createDomainHandler('translation', {
  'GET /api/translate/languages': async () => ({ body: await translationEngine().languages() }),

  'POST /api/translate/{id}': async ({ session, params: { id: transcriptId }, body: { language } }) => {
    // Translating reads: a deleted transcript is translated too.
    const item = withText(await ownTranscript(session.userId, transcriptId), MESSAGES.notReadyToTranslate);
    const target = findLanguage(language);
    const key = translationKey(session.userId, transcriptId, item.revision ?? 0, target?.code ?? language.toLowerCase().replace(/[^a-z]/g, ''));
    if ((await objectSize(key)) !== null) return { body: Cached.parse(await getJson(key)) };

    const text = (await readBody(item))?.text ?? '';
    try {
      const translated = { translated_text: await translationEngine().translate(text, target?.name ?? language, item.language), language: target?.name ?? language };
      await putJson(key, translated);
      return { body: translated };
    } catch (error) {
      if (error instanceof EngineError && error.code === 'unsupported-language') throw new HttpError(422, error.message);
      if (error instanceof EngineError || error instanceof EngineBusyError) throw new HttpError(503, MESSAGES.translationUnavailable);
      throw error;
    }
  },
});
