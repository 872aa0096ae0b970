/** The real local translation engine (Apertium from Debian). */
import { ApertiumTranslationEngine } from '../../functions/engines/translation/local-apertium';

jest.setTimeout(30_000);

const TEXT = 'The weather is good today. I would like to buy a new car for my family.\n\nThe children are playing in the garden.';
const engine = new ApertiumTranslationEngine();
const words = (text: string): string[] => text.toLowerCase().split(/[^\p{L}']+/u);

describe('ApertiumTranslationEngine', () => {
  it("lists English and the languages its installed pairs reach, the product's 25 languages first", async () => {
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

  it('refuses German, naming the languages it can do, without naming how it is deployed', async () => {
    await expect(engine.translate(TEXT, 'German')).rejects.toMatchObject({
      code: 'unsupported-language',
      message: 'Translation into German is not available on this server. English can be translated into: French, Spanish, Portuguese, Italian, Catalan, Galician, Esperanto.',
    });
  });

  it('translates from Spanish too: into English and French directly, into Catalan through English', async () => {
    const spanish = 'La casa es pequeña. El perro come pan.';
    expect(words(await engine.translate(spanish, 'English', 'Spanish'))).toEqual(expect.arrayContaining(['house', 'small', 'dog', 'bread']));
    expect(words(await engine.translate(spanish, 'French', 'es'))).toEqual(expect.arrayContaining(['la', 'maison', 'chien']));
    expect(words(await engine.translate(spanish, 'Catalan', 'es'))).toEqual(expect.arrayContaining(['casa', 'gos']));
  });

  it('returns a text unchanged in its own language, and refuses a source it has no pairs for', async () => {
    await expect(engine.translate(TEXT, 'English')).resolves.toBe(TEXT);
    await expect(engine.translate('La casa.', 'Spanish', 'es')).resolves.toBe('La casa.');
    await expect(engine.translate('Hallo.', 'Spanish', 'German')).rejects.toMatchObject({ code: 'unsupported-language', message: 'Translation from German is not available on this server.' });
  });
});
