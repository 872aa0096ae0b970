/**
 * Translation (docs/product.md#calls, #errors, #constants-and-limits), shared by the library's cards and the transcript detail: the
 * language list (the one call made without credentials, docs/product.md#roles), a translation, and their rules. The
 * rules are pure and unit-tested; a 401 never reaches the error text (callers check `isUnauthorized` first).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LANGUAGE_NAMES } from '@domain/languages';
import { TRANSCRIPTS_TEXTS } from '../texts';
import type { AcceptedOf, TranscriptView, TranslationAnswer } from '@contract';
import { apiCall, failureText } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';

const T = TRANSCRIPTS_TEXTS;

/** `GET /api/translate/languages`, without credentials; it does not change while the app runs. */
export const translationLanguagesQuery = () =>
  queryOptions({
    queryKey: libraryKeys.languages,
    queryFn: () => apiCall('GET /api/translate/languages', { credentials: false, signedOutCall: true }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/**
 * `POST /api/translate/{id}` {language}. The server stores each translation: asking again is instant. A long text's is
 * made as a job (issue 31): the answer is then the transcript's view (202), whose `text_job` the caller follows.
 */
export const translateTranscript = (id: string, language: string) =>
  apiCall('POST /api/translate/{id}', { params: { id }, body: { language } }) as Promise<TranslationAnswer | AcceptedOf<'POST /api/translate/{id}'>>;

/** The answer was the transcript with its translation job started (202), not the translation. */
export const isStartedJob = (answer: TranslationAnswer | TranscriptView): answer is TranscriptView => 'text_job' in answer;

/** docs/product.md#errors, Translate: the server's error, else 'Translation failed.'; no answer: 'Error occurred during translation.'. */
export const translateErrorMessage = (error: unknown): string => failureText(error, T.translateFailed, T.translateError);

/** docs/product.md#constants-and-limits: the default translation language. */
export const DEFAULT_TRANSLATION_LANGUAGE = 'English';

/**
 * The languages offered for translation: the engine's list when the call answered with one; the product's 25 when
 * it failed (docs/product.md#constants-and-limits); while it loads, only the default, so nothing unreachable can be picked meanwhile.
 */
export function translationLanguages(state: { data?: unknown; isError: boolean }): readonly string[] {
  const listed = Array.isArray(state.data) ? state.data.filter((name): name is string => typeof name === 'string' && name.trim() !== '') : [];
  if (listed.length > 0) return listed;
  if (state.isError || state.data !== undefined) return LANGUAGE_NAMES;
  return [DEFAULT_TRANSLATION_LANGUAGE];
}

/** The choice a select starts with: English when offered (docs/product.md#constants-and-limits), else the first offered. */
export const defaultLanguage = (languages: readonly string[]): string =>
  languages.includes(DEFAULT_TRANSLATION_LANGUAGE) ? DEFAULT_TRANSLATION_LANGUAGE : (languages[0] ?? DEFAULT_TRANSLATION_LANGUAGE);

/** The languages offered, as one array while the answer stays the same (memoised list items do not re-render for it). */
export function useTranslationLanguages(): readonly string[] {
  const { data, isError } = useQuery(translationLanguagesQuery());
  return useMemo(() => translationLanguages({ data, isError }), [data, isError]);
}
