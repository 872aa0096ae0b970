/**
 * AWS translation: Amazon Translate's TranslateText over chunks of the text cut at sentence
 * boundaries under its 10,000-byte limit, joined back with the original paragraph breaks.
 */
import { TranslateClient, TranslateTextCommand, type TranslateTextCommandInput } from '@aws-sdk/client-translate';
import { findLanguage, LANGUAGES } from '../../domain/languages';
import { MESSAGES } from '../../domain/messages';
import { mapChunks, TRANSLATE_MAX_BYTES } from '../../domain/text-chunks';
import { clientSettings, getConfig } from '../../platform/config';
import { checkedClient } from '../../platform/aws-clients';
import { once } from '../../platform/lazy';
import { METRIC } from '../../domain/usage-metrics';
import { recordServiceCall, recordUsage } from '../../platform/metrics';
import { asBusy, EngineError } from '../engine-error';
import type { TranslationEngine } from './types';

const translateClient = once(() => checkedClient(new TranslateClient(clientSettings(getConfig().TRANSLATE_ENDPOINT))));

/**
 * TranslateText calls of one translation at once: a 4-hour transcript is about 23 chunks, which one after
 * another could outlast the function's 10 s and the API's 30 s; 8 at a time make three rounds. Translate documents no
 * per-second quota for TranslateText (it scales, and throttling is retried, then answered "busy").
 */
export const TRANSLATE_PARALLEL_CALLS = 8;

const translatable = LANGUAGES.filter((language) => language.translate.code !== null);

type LanguageCodes = Pick<TranslateTextCommandInput, 'SourceLanguageCode' | 'TargetLanguageCode'>;

/**
 * Translate's codes for a target language name or code, and the source ('auto' when unknown); pure. A known
 * source Translate lacks (Zulu) is refused here: Translate would detect it with Comprehend, a permission the
 * app does not hold (and a pair it can't do anyway).
 */
export function translateLanguageCodes(target: string, source?: string): LanguageCodes {
  const targetLanguage = findLanguage(target);
  if (!targetLanguage || targetLanguage.translate.code === null) {
    const reason = targetLanguage?.translate.reason ?? `Unknown language "${target.trim()}".`;
    throw new EngineError('unsupported-language', `${reason} Translation is available into: ${translatable.map((language) => language.name).join(', ')}.`);
  }
  const sourceLanguage = source === undefined ? undefined : findLanguage(source);
  if (sourceLanguage && sourceLanguage.translate.code === null) throw new EngineError('unsupported-language', MESSAGES.untranslatableSource(sourceLanguage.name));
  return { SourceLanguageCode: sourceLanguage?.translate.code ?? 'auto', TargetLanguageCode: targetLanguage.translate.code };
}

/** The pairs the service can't do answer 422 with the reason (never a 500); throttling is "busy". */
const UNSUPPORTED = new Set(['UnsupportedLanguagePairException', 'DetectedLanguageLowConfidenceException']);

function translationFailure(error: unknown, target: string): unknown {
  if (!UNSUPPORTED.has((error as { name?: string } | null)?.name ?? '')) return asBusy(error, 'Translation');
  const name = findLanguage(target)?.name ?? target;
  return new EngineError('unsupported-language', `This transcript can't be translated into ${name}: its language can't be translated into ${name}.`);
}

export class AwsTranslateEngine implements TranslationEngine {
  constructor(
    private readonly client: Pick<TranslateClient, 'send'> = translateClient(),
    private readonly maxBytes: number = TRANSLATE_MAX_BYTES,
  ) {}

  async languages(): Promise<string[]> {
    return translatable.map((language) => language.name);
  }

  async translate(text: string, target: string, source?: string): Promise<string> {
    const codes = translateLanguageCodes(target, source);
    return mapChunks(text, this.maxBytes, async (chunk) => {
      const answer = await this.client.send(new TranslateTextCommand({ Text: chunk, ...codes })).catch((error: unknown) => {
        throw translationFailure(error, target);
      });
      recordServiceCall('Translate');
      recordUsage(METRIC.translatedCharacters, chunk.length);
      if (answer.TranslatedText === undefined) throw new EngineError('failed', 'Amazon Translate returned no text.');
      return answer.TranslatedText;
    }, TRANSLATE_PARALLEL_CALLS);
  }
}
