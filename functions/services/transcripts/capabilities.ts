/**
 * What this deployment can do (GET /api/capabilities), from the engines the composition root chose,
 * and the check that refuses a transcription it can't do before anything is uploaded or stored.
 */
import type { CapabilitiesView } from '../../contract';
import { MAX_SPEAKER_COUNT } from '../../domain/constants';
import { AUTO_LANGUAGE, findLanguage, LANGUAGES } from '../../domain/languages';
import { MESSAGES } from '../../domain/messages';
import { localSpanishSpeech } from '../../platform/config';
import { askEngine, liveStreamingLanguages, meaningSearchAvailable, speechEngine, summaryEngine, translationEngine } from '../../engines/wiring';
import { ServiceError } from '../service-error';

export async function capabilities(): Promise<CapabilitiesView> {
  const speech = speechEngine().capabilities();
  return {
    transcription: {
      languages: LANGUAGES.filter((language) => speech.languages.includes(language.code)).map((language) => language.name),
      speaker_identification: speech.speakerIdentification,
      max_speakers: MAX_SPEAKER_COUNT,
    },
    translation: { languages: await translationEngine().languages() },
    summary: summaryEngine().kind,
    ask: askEngine().mode,
    search: { meaning: meaningSearchAvailable() },
    summary_templates: ['key_points', ...summaryEngine().templates],
    live: liveCapabilities(),
  };
}

/**
 * Live text (issue 29): the in-browser engine (Moonshine tiny English always, Spanish where the operator
 * turned its model on), and on AWS the streaming service for its languages; the page picks per language
 * (web/src/features/live/availability.ts).
 */
function liveCapabilities(): CapabilitiesView['live'] {
  const browser = ['en', ...(localSpanishSpeech() ? ['es'] : [])];
  const service = liveStreamingLanguages().map((language) => language.code);
  const codes = new Set([...browser, ...service]);
  return { languages: LANGUAGES.filter((language) => codes.has(language.code)).map((language) => language.name), engine: service.length === 0 ? 'browser' : 'both' };
}

/** 422 with a user-facing reason when the speech engine can't do what is asked; nothing has been stored yet. */
export function assertTranscribable(options: { language: string; diarization: boolean }): void {
  const speech = speechEngine().capabilities();
  if (options.language !== AUTO_LANGUAGE && !speech.languages.includes(options.language)) throw new ServiceError('unprocessable', MESSAGES.languageNotTranscribable(findLanguage(options.language)?.name ?? options.language));
  if (options.diarization && !speech.speakerIdentification) throw new ServiceError('unprocessable', MESSAGES.speakersUnavailable);
}
