/**
 * A transcript's text translated (docs/product.md#calls, #errors), each translation stored and served again
 * without the engine.
 */
import { z } from 'zod';
import type { TranslationAnswer } from '../../contract';
import type { TranscriptItem } from '../../data/transcripts';
import { findLanguage } from '../../domain/languages';
import { MESSAGES } from '../../domain/messages';
import { EngineBusyError, EngineError } from '../../engines/engine-error';
import { translationEngine } from '../../engines/wiring';
import { getJson, objectSize, putJson } from '../../storage/media-store';
import { userPrefix } from '../../storage/user-data';
import { ServiceError } from '../service-error';
import { readBody } from './records';

const Cached = z.object({ translated_text: z.string(), language: z.string() });

/** Stored per body revision: a corrected transcript is translated anew (revision 0 keeps the first key). */
const translationKey = (userId: string, transcriptId: string, revision: number, languageCode: string): string =>
  `${userPrefix(userId)}translations/${transcriptId}/${revision ? `r${revision}-` : ''}${languageCode}.json`;

/** The finished transcript's text in `language`: stored from an earlier request, else from the engine (and stored). */
export async function translated(item: TranscriptItem, language: string): Promise<TranslationAnswer> {
  const target = findLanguage(language);
  const key = translationKey(item.userId, item.transcriptId, item.revision ?? 0, target?.code ?? language.toLowerCase().replace(/[^a-z]/g, ''));
  if ((await objectSize(key)) !== null) return Cached.parse(await getJson(key));

  const text = (await readBody(item))?.text ?? '';
  try {
    const answer = { translated_text: await translationEngine().translate(text, target?.name ?? language, item.language), language: target?.name ?? language };
    await putJson(key, answer);
    return answer;
  } catch (error) {
    if (error instanceof EngineError && error.code === 'unsupported-language') throw new ServiceError('unprocessable', error.message);
    if (error instanceof EngineError || error instanceof EngineBusyError) throw new ServiceError('unavailable', MESSAGES.translationUnavailable);
    throw error;
  }
}
