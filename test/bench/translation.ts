/**
 * Issue 28: what each installed Apertium pair leaves untranslated (words marked unknown), on the real-speech
 * fixtures' reference texts: English (JFK, LibriSpeech, the three conversations) and Spanish (FLEURS). Each line
 * is a segment, as a transcript's word groups are. Pairs that go through a pivot language are named "via".
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findLanguage } from '../../functions/domain/languages';
import { translateSegmentTexts, unknownWordCount } from '../../functions/domain/translation';
import { ApertiumTranslationEngine } from '../../functions/engines/translation/local-apertium';
import { info, round, type Figure } from './figures';

const FIXTURES = resolve(__dirname, '../fixtures/real-speech');
const ENGLISH = ['en_jfk_11s.txt', 'en_librispeech_1995-1837-0001_9s.txt', 'conversations/dev_2spk_female.txt', 'conversations/dev_3spk_mixed.txt', 'conversations/dev_4spk_levels.txt'];
const SPANISH = ['es_fleurs_8utt_82s.txt'];
/** The routes local-apertium.ts takes through another language. */
const PIVOTS: Record<string, Record<string, string>> = { en: { French: 'es', Portuguese: 'es', Italian: 'es' }, es: { Catalan: 'en', Galician: 'en', Esperanto: 'en' } };

/** The fixtures' lines; LibriSpeech is all capitals, which Apertium would take for names: lower-cased. */
const lines = (files: readonly string[]): string[] =>
  files.flatMap((file) =>
    readFileSync(join(FIXTURES, file), 'utf8')
      .split('\n')
      .map((line) => (line === line.toUpperCase() ? line.toLowerCase() : line).trim())
      .filter(Boolean),
  );

export async function measureTranslation(): Promise<Figure[]> {
  const engine = new ApertiumTranslationEngine();
  const targets = await engine.languages();
  const figures: Figure[] = [];
  for (const [source, segments] of [['en', lines(ENGLISH)], ['es', lines(SPANISH)]] as const) {
    // Catalan, Galician and Esperanto are Apertium's, not among the product's languages: asked for by name.
    for (const target of targets.filter((name) => findLanguage(name)?.code !== source)) {
      const translated = await translateSegmentTexts(segments, (text) => engine.translate(text, target, source));
      const { unknown, words } = unknownWordCount(translated.map((text) => ({ text })));
      const via = PIVOTS[source]?.[target];
      figures.push(info('translation', `${source}→${findLanguage(target)?.code ?? target}${via ? ` (via ${via})` : ''}: words left untranslated (${unknown} of ${words})`, round((100 * unknown) / words, 1), '%'));
    }
  }
  return figures;
}
