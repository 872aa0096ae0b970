import { TranslateTextCommand, type TranslateClient } from '@aws-sdk/client-translate';
import { AwsTranslateEngine, TRANSLATE_PARALLEL_CALLS, translateLanguageCodes } from '../../functions/engines/translation/aws-translate';

describe('translateLanguageCodes', () => {
  it('maps target names and codes, detecting the source unless it is known', () => {
    expect(translateLanguageCodes('Spanish')).toEqual({ SourceLanguageCode: 'auto', TargetLanguageCode: 'es' });
    expect(translateLanguageCodes('zh', 'en')).toEqual({ SourceLanguageCode: 'en', TargetLanguageCode: 'zh' });
  });

  it('refuses a language Translate lacks, naming the ones it has', () => {
    expect(() => translateLanguageCodes('Zulu')).toThrow(/^Zulu can't be translated into yet\. Translation is available into: English, French, .*Amharic\.$/);
    expect(() => translateLanguageCodes('Klingon')).toThrow(/Unknown language "Klingon"/);
  });

  it("refuses a source Translate lacks (422), rather than sending 'auto', which needs a Comprehend permission the app does not hold", () => {
    expect(() => translateLanguageCodes('English', 'zu')).toThrow(expect.objectContaining({ code: 'unsupported-language', message: "Transcripts in Zulu can't be translated yet." }));
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

  it("lists the product's languages Translate can reach", async () => {
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

  it('translates the chunks of a long transcript in parallel, at most TRANSLATE_PARALLEL_CALLS at once, in order', async () => {
    let running = 0;
    let most = 0;
    const send = jest.fn(async (command: TranslateTextCommand) => {
      running += 1;
      most = Math.max(most, running);
      // Let every call that can start do so before this one answers.
      await new Promise<void>((resolve) => setImmediate(resolve));
      running -= 1;
      return { TranslatedText: command.input.Text!.toUpperCase() };
    });
    // 23 chunks, as a 4-hour transcript makes at Translate's limit.
    const text = Array.from({ length: 23 }, (_, index) => `Sentence number ${index}.`).join(' ');
    const result = await new AwsTranslateEngine({ send } as unknown as TranslateClient, 20).translate(text, 'French');
    expect(send).toHaveBeenCalledTimes(23);
    expect(most).toBe(TRANSLATE_PARALLEL_CALLS);
    expect(result).toBe(text.toUpperCase());
  });

  it('makes no call for an unreachable language or empty text', async () => {
    const { client, texts } = fakeClient();
    const engine = new AwsTranslateEngine(client);
    await expect(engine.translate('Hello.', 'Yoruba')).rejects.toMatchObject({ code: 'unsupported-language' });
    await expect(engine.translate('  ', 'French')).resolves.toBe('');
    expect(texts).toEqual([]);
  });
});
