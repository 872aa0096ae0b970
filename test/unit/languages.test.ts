import { LanguageCode } from '@aws-sdk/client-transcribe';
import { findLanguage, LANGUAGE_NAMES, LANGUAGES, languageOfTranscribeCode } from '../../functions/domain/languages';
import { identifiedLanguageCode } from '../../functions/domain/transcribe-json';

const PRODUCT_LANGUAGES = 'English, French, Spanish, Swahili, German, Arabic, Hindi, Chinese, Russian, Portuguese, Italian, Korean, Japanese, Turkish, Dutch, Polish, Ukrainian, Greek, Hebrew, Bengali, Tamil, Urdu, Zulu, Amharic, Yoruba';

describe('languages', () => {
  it('are the 25 of docs/product.md#constants-and-limits, named and ordered as there', () => {
    expect(LANGUAGE_NAMES.join(', ')).toBe(PRODUCT_LANGUAGES);
  });

  it('have distinct ISO 639-1 codes', () => {
    const codes = LANGUAGES.map((language) => language.code);
    expect(new Set(codes).size).toBe(25);
    codes.forEach((code) => expect(code).toMatch(/^[a-z]{2}$/));
  });

  it('map to language codes the Transcribe API knows, or say why not', () => {
    const known = new Set<string>(Object.values(LanguageCode));
    for (const { name, transcribe } of LANGUAGES) {
      if (transcribe.code === null) expect(transcribe.reason).toContain(name);
      else expect(known.has(transcribe.code)).toBe(true);
    }
    expect(LANGUAGES.filter((language) => language.transcribe.code === null).map((language) => language.name)).toEqual(['Urdu', 'Yoruba']);
  });

  it('say why not in plain words, naming no service (users read them)', () => {
    const reasons = LANGUAGES.flatMap(({ transcribe, translate }) => [transcribe.reason, translate.reason]).filter(Boolean);
    expect(reasons).toEqual([
      "Urdu isn't available here yet. Please choose another language.",
      "Zulu can't be translated into yet.",
      "Yoruba isn't available here yet. Please choose another language.",
      "Yoruba can't be translated into yet.",
    ]);
  });

  it('are found again from the code Transcribe identified (auto), in the result it wrote', () => {
    expect(languageOfTranscribeCode(identifiedLanguageCode({ results: { language_code: 'es-US', transcripts: [], items: [] } }))?.code).toBe('es');
    expect(languageOfTranscribeCode('en-GB')?.code).toBe('en');
    expect(languageOfTranscribeCode(identifiedLanguageCode({ results: { transcripts: [], items: [] } }))).toBeUndefined();
    expect(languageOfTranscribeCode('xx-YY')).toBeUndefined();
  });

  it('map to Translate codes, except the two Translate lacks', () => {
    expect(LANGUAGES.filter((language) => language.translate.code === null).map((language) => language.name)).toEqual(['Zulu', 'Yoruba']);
    expect(findLanguage('Chinese')?.translate.code).toBe('zh');
  });

  it('are found by name or code, ignoring case', () => {
    expect(findLanguage('en')?.name).toBe('English');
    expect(findLanguage(' spanish ')?.code).toBe('es');
    expect(findLanguage('Klingon')).toBeUndefined();
  });
});
