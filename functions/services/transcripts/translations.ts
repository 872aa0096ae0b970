/**
 * A transcript's text translated (docs/product.md#calls, #errors) segment by segment (issue 28), each translation
 * stored and served again without the engine, and read back for its exports.
 */
import { z } from 'zod';
import type { TranslationAnswer } from '../../contract';
import type { TranscriptItem } from '../../data/transcripts';
import { findLanguage } from '../../domain/languages';
import { MESSAGES } from '../../domain/messages';
import { sourceSegments, translateSegmentTexts, translatedText, type TranslatedSegment } from '../../domain/translation';
import { EngineBusyError, EngineError } from '../../engines/engine-error';
import { translationEngine } from '../../engines/wiring';
import { getJson, keysUnder, objectSize, putJson } from '../../storage/media-store';
import { userPrefix } from '../../storage/user-data';
import { ServiceError } from '../service-error';
import { readBody } from './records';

/** What is stored of a translation; one stored before issue 28 (one text, no segments) does not parse and is made anew. */
const Stored = z.object({
  language: z.string(),
  segments: z.array(z.object({ speaker: z.string().optional(), start: z.number(), end: z.number(), text: z.string() })),
});
export type StoredTranslation = z.output<typeof Stored>;

/** Where the translations of the transcript's text as it is now are stored, each at `<prefix><code>.json`. */
const revisionPrefix = (item: TranscriptItem): string => `${userPrefix(item.userId)}translations/${item.transcriptId}/${item.revision ? `r${item.revision}-` : ''}`;

/** Stored per body revision: a corrected transcript is translated anew (revision 0 keeps the first key). */
const translationKey = (item: TranscriptItem, languageCode: string): string => `${revisionPrefix(item)}${languageCode}.json`;

const codeOf = (language: string): string => findLanguage(language)?.code ?? language.toLowerCase().replace(/[^a-z]/g, '');

async function storedTranslation(key: string): Promise<StoredTranslation | null> {
  if ((await objectSize(key)) === null) return null;
  const stored = Stored.safeParse(await getJson(key));
  return stored.success ? stored.data : null;
}

const answerOf = ({ language, segments }: StoredTranslation): TranslationAnswer => ({ translated_text: translatedText(segments), language, segments });

/** The translation into `language` stored from an earlier request, or null; 400 for the transcript's own language. */
export async function storedAnswer(item: TranscriptItem, language: string): Promise<TranslationAnswer | null> {
  const target = findLanguage(language);
  if (target && target.code === findLanguage(item.language)?.code) throw new ServiceError('invalid', MESSAGES.translateIntoOwnLanguage(target.name));
  const stored = await storedTranslation(translationKey(item, codeOf(language)));
  return stored && answerOf(stored);
}

/** The language's name as a translation is stored under it. */
export const targetName = (language: string): string => findLanguage(language)?.name ?? language;

/** The finished transcript translated into `language`: stored from an earlier request, else from the engine (and stored). */
export async function translated(item: TranscriptItem, language: string, beforeWrite: () => Promise<void> = async () => undefined): Promise<TranslationAnswer> {
  const stored = await storedAnswer(item, language);
  if (stored) return stored;
  const target = findLanguage(language);
  const key = translationKey(item, codeOf(language));

  const body = await readBody(item);
  const segments = sourceSegments(body ?? { text: '', word_timings: [], speakers: [] });
  try {
    const engine = translationEngine();
    const texts = await translateSegmentTexts(
      segments.map((segment) => segment.text),
      (text) => engine.translate(text, target?.name ?? language, item.language),
    );
    const translation = { language: target?.name ?? language, segments: segments.map((segment, index): TranslatedSegment => ({ ...segment, text: texts[index]! })) };
    await beforeWrite();
    await putJson(key, translation);
    return answerOf(translation);
  } catch (error) {
    if (error instanceof EngineError && error.code === 'unsupported-language') throw new ServiceError('unprocessable', error.message);
    // A busy translator stays the cause: a text job waits and tries again (issue 31).
    if (error instanceof EngineError || error instanceof EngineBusyError) throw Object.assign(new ServiceError('unavailable', MESSAGES.translationUnavailable), { cause: error });
    throw error;
  }
}

/** The stored translation of the transcript's text as it is now into `language`, for an export; not-found when there is none. */
export async function translationToExport(item: TranscriptItem, language: string): Promise<StoredTranslation> {
  const stored = await storedTranslation(translationKey(item, codeOf(language)));
  if (!stored) throw new ServiceError('not-found', MESSAGES.noTranslation(findLanguage(language)?.name ?? language.trim()));
  return stored;
}

/**
 * The languages (their names) the transcript's text as it is now has a stored translation in, newest first:
 * one listing of the revision's prefix. Revision 0's prefix also holds the later revisions' `r<N>-<code>.json`, which
 * a code (letters only: codeOf) never matches.
 */
export async function storedTranslationLanguages(item: TranscriptItem): Promise<string[]> {
  const prefix = revisionPrefix(item);
  return (await keysUnder(prefix))
    .map(({ key, modified }) => ({ code: /^([a-z]+)\.json$/.exec(key.slice(prefix.length))?.[1], modified }))
    .filter((stored): stored is { code: string; modified: number } => stored.code !== undefined)
    .sort((a, b) => b.modified - a.modified)
    .map(({ code }) => findLanguage(code)?.name ?? code);
}
