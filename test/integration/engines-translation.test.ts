/** The real local translation engine (Apertium from Debian). */
import { ApertiumTranslationEngine } from '../../functions/engines/translation/local-apertium';

jest.setTimeout(30_000);

const TEXT = 'The weather is good today. I would like to buy a new car for my family.\n\nThe children are playing in the garden.';
const engine = new ApertiumTranslationEngine();
const words = (text: string): string[] => text.toLowerCase().split(/[^\p{L}']+/u);

describe('ApertiumTranslationEngine', () => {
  it('lists English and the languages its installed pairs reach, SPEC ones first', async () => {
    expect(await engine.languages()).toEqual(['English', 'French', 'Spanish', 'Portuguese', 'Italian', 'Catalan', 'Galician', 'Esperanto']);
  });

  it('translates English into Spanish, keeping paragraph breaks', async () => {
    const spanish = await engine.translate(TEXT, 'Spanish');
    expect(words(spanish)).toEqual(expect.arrayContaining(['el', 'es', 'hoy', 'un', 'para', 'los', 'en']));
    expect(spanish.split('\n\n')).toHaveLength(2);
    expect(spanish).not.toMatch(/[*#@]/);
  });

  it('translates into French through Spanish, and accepts ISO codes', async () => {
    const french = await engine.translate(TEXT, 'fr');
    expect(words(french)).toEqual(expect.arrayContaining(['le', 'est', "aujourd'hui", 'une', 'pour', 'les']));
    expect(words(await engine.translate('The house is small.', 'Italian'))).toEqual(expect.arrayContaining(['la', 'casa', 'è']));
    expect(words(await engine.translate('The house is small.', 'Portuguese'))).toEqual(expect.arrayContaining(['a', 'casa', 'é']));
  });

  it('refuses German, naming the languages it can do', async () => {
    await expect(engine.translate(TEXT, 'German')).rejects.toMatchObject({
      code: 'unsupported-language',
      message: "Local translation (Apertium) can't translate into German. It can translate English into: French, Spanish, Portuguese, Italian, Catalan, Galician, Esperanto.",
    });
  });

  it('returns English unchanged and refuses a source other than English', async () => {
    await expect(engine.translate(TEXT, 'English')).resolves.toBe(TEXT);
    await expect(engine.translate('Bonjour.', 'Spanish', 'French')).rejects.toMatchObject({ code: 'unsupported-language' });
  });
});
