import { TranslateTextCommand, type TranslateClient } from '@aws-sdk/client-translate';
import { AwsTranslateEngine, translateLanguageCodes } from '../../functions/engines/translation/aws-translate';

describe('translateLanguageCodes', () => {
  it('maps target names and codes, detecting the source unless it is known', () => {
    expect(translateLanguageCodes('Spanish')).toEqual({ SourceLanguageCode: 'auto', TargetLanguageCode: 'es' });
    expect(translateLanguageCodes('zh', 'en')).toEqual({ SourceLanguageCode: 'en', TargetLanguageCode: 'zh' });
  });

  it('refuses a language Translate lacks, naming the ones it has', () => {
    expect(() => translateLanguageCodes('Zulu')).toThrow(/does not translate into Zulu\. Translation is available into: English, French, .*Amharic\.$/);
    expect(() => translateLanguageCodes('Klingon')).toThrow(/Unknown language "Klingon"/);
  });
});

describe('AwsTranslateEngine', () => {
  function fakeClient(): { client: TranslateClient; texts: string[] } {
    const texts: string[] = [];
    const send = jest.fn(async (command: TranslateTextCommand) => {
      texts.push(command.input.Text!);
      return { TranslatedText: `<${command.input.TargetLanguageCode}>${command.input.Text}` };
    });
    return { client: { send } as unknown as TranslateClient, texts };
  }

  it('lists the SPEC languages Translate can reach', async () => {
    const languages = await new AwsTranslateEngine(fakeClient().client).languages();
    expect(languages).toHaveLength(23);
    expect(languages).not.toContain('Zulu');
    expect(languages[0]).toBe('English');
  });

  it('translates chunk by chunk under the byte limit and joins with the paragraph breaks', async () => {
    const { client, texts } = fakeClient();
    const result = await new AwsTranslateEngine(client, 25).translate('First sentence is here. Second one.\n\nThird paragraph.', 'French');
    expect(texts).toEqual(['First sentence is here.', 'Second one.', 'Third paragraph.']);
    expect(result).toBe('<fr>First sentence is here. <fr>Second one.\n\n<fr>Third paragraph.');
  });

  it('makes no call for an unreachable language or empty text', async () => {
    const { client, texts } = fakeClient();
    const engine = new AwsTranslateEngine(client);
    await expect(engine.translate('Hello.', 'Yoruba')).rejects.toMatchObject({ code: 'unsupported-language' });
    await expect(engine.translate('  ', 'French')).resolves.toBe('');
    expect(texts).toEqual([]);
  });
});
