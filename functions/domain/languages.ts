/**
 * The 25 languages of docs/product.md#constants-and-limits, in its order, with the codes each AWS service takes.
 * Transcribe codes are those its batch jobs accept (checked against the SDK's LanguageCode enum
 * and the service's supported-languages table); Translate codes against its language table. The reasons
 * are users' words (MESSAGES), naming no service.
 */
import { MESSAGES } from './messages';

export type ServiceSupport = { code: string; reason?: never } | { code: null; reason: string };

export interface Language {
  /** The name shown to users and sent by the web app, exactly as docs/product.md writes it. */
  name: string;
  /** ISO 639-1 code; the transcribe form sends it ('en' by default). */
  code: string;
  transcribe: ServiceSupport;
  translate: ServiceSupport;
}

const supported = (code: string): ServiceSupport => ({ code });
const unsupported = (reason: string): ServiceSupport => ({ code: null, reason });

export const LANGUAGES: readonly Language[] = [
  { name: 'English', code: 'en', transcribe: supported('en-US'), translate: supported('en') },
  { name: 'French', code: 'fr', transcribe: supported('fr-FR'), translate: supported('fr') },
  { name: 'Spanish', code: 'es', transcribe: supported('es-US'), translate: supported('es') },
  { name: 'Swahili', code: 'sw', transcribe: supported('sw-KE'), translate: supported('sw') },
  { name: 'German', code: 'de', transcribe: supported('de-DE'), translate: supported('de') },
  { name: 'Arabic', code: 'ar', transcribe: supported('ar-SA'), translate: supported('ar') },
  { name: 'Hindi', code: 'hi', transcribe: supported('hi-IN'), translate: supported('hi') },
  { name: 'Chinese', code: 'zh', transcribe: supported('zh-CN'), translate: supported('zh') },
  { name: 'Russian', code: 'ru', transcribe: supported('ru-RU'), translate: supported('ru') },
  { name: 'Portuguese', code: 'pt', transcribe: supported('pt-BR'), translate: supported('pt') },
  { name: 'Italian', code: 'it', transcribe: supported('it-IT'), translate: supported('it') },
  { name: 'Korean', code: 'ko', transcribe: supported('ko-KR'), translate: supported('ko') },
  { name: 'Japanese', code: 'ja', transcribe: supported('ja-JP'), translate: supported('ja') },
  { name: 'Turkish', code: 'tr', transcribe: supported('tr-TR'), translate: supported('tr') },
  { name: 'Dutch', code: 'nl', transcribe: supported('nl-NL'), translate: supported('nl') },
  { name: 'Polish', code: 'pl', transcribe: supported('pl-PL'), translate: supported('pl') },
  { name: 'Ukrainian', code: 'uk', transcribe: supported('uk-UA'), translate: supported('uk') },
  { name: 'Greek', code: 'el', transcribe: supported('el-GR'), translate: supported('el') },
  { name: 'Hebrew', code: 'he', transcribe: supported('he-IL'), translate: supported('he') },
  { name: 'Bengali', code: 'bn', transcribe: supported('bn-IN'), translate: supported('bn') },
  { name: 'Tamil', code: 'ta', transcribe: supported('ta-IN'), translate: supported('ta') },
  {
    name: 'Urdu',
    code: 'ur',
    transcribe: unsupported(MESSAGES.languageNotTranscribable('Urdu')),
    translate: supported('ur'),
  },
  {
    name: 'Zulu',
    code: 'zu',
    transcribe: supported('zu-ZA'),
    translate: unsupported(MESSAGES.languageNotTranslatable('Zulu')),
  },
  { name: 'Amharic', code: 'am', transcribe: supported('am-ET'), translate: supported('am') },
  {
    name: 'Yoruba',
    code: 'yo',
    transcribe: unsupported(MESSAGES.languageNotTranscribable('Yoruba')),
    translate: unsupported(MESSAGES.languageNotTranslatable('Yoruba')),
  },
];

/** The language setting that asks the engine to find the recording's language (first in the list). */
export const AUTO_LANGUAGE = 'auto';

export const LANGUAGE_NAMES: readonly string[] = LANGUAGES.map((language) => language.name);

/** Finds a language by its product name or ISO code, ignoring case and surrounding spaces. */
export function findLanguage(nameOrCode: string): Language | undefined {
  const wanted = nameOrCode.trim().toLowerCase();
  return LANGUAGES.find((language) => language.name.toLowerCase() === wanted || language.code === wanted);
}

/** The language of a Transcribe code ('es-US', 'en-GB', ...): by the code, else by its first part. */
export function languageOfTranscribeCode(code: string | undefined): Language | undefined {
  if (!code) return undefined;
  return LANGUAGES.find((language) => language.transcribe.code === code) ?? findLanguage(code.split('-')[0]!);
}

/**
 * The Transcribe codes its streaming API accepts, of those above (issue 29: live captions on AWS): the SDK's
 * streaming LanguageCode values and the service's supported-languages table without the regions-only ones
 * marked "streaming*". Swahili, Turkish, Bengali, Tamil and Amharic are batch only here.
 */
const STREAMING_CODES: ReadonlySet<string> = new Set(['en-US', 'fr-FR', 'es-US', 'de-DE', 'ar-SA', 'hi-IN', 'zh-CN', 'ru-RU', 'pt-BR', 'it-IT', 'ko-KR', 'ja-JP', 'nl-NL', 'pl-PL', 'uk-UA', 'el-GR', 'he-IL', 'zu-ZA']);

/** The languages the streaming service transcribes live, in the product's order (capabilities and POST /api/live/sessions). */
export const STREAMING_LANGUAGES: readonly Language[] = LANGUAGES.filter((language) => language.transcribe.code !== null && STREAMING_CODES.has(language.transcribe.code));

/** The streaming service's code for a language named by its product name or ISO code, or undefined where it has none. */
export const streamingCodeOf = (nameOrCode: string): string | undefined => {
  const language = findLanguage(nameOrCode);
  return language && STREAMING_LANGUAGES.includes(language) ? (language.transcribe.code ?? undefined) : undefined;
};
