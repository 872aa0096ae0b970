/** Translation (SPEC.md section 7): the language list (the one call made without credentials, SPEC 6) and a translation. */
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';

/** `GET /api/translate/languages`, without credentials; it does not change while the app runs. */
export const translationLanguagesQuery = () =>
  queryOptions({
    queryKey: libraryKeys.languages,
    queryFn: () => apiCall('GET /api/translate/languages', { credentials: false, signedOutCall: true }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** `POST /api/translate/{id}` {language}. The server stores each translation: asking again is instant. */
export const translateTranscript = (id: string, language: string) => apiCall('POST /api/translate/{id}', { params: { id }, body: { language } });
