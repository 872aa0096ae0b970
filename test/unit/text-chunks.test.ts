import { joinChunks, mapChunks, splitIntoChunks, TRANSLATE_MAX_BYTES } from '../../functions/domain/text-chunks';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
/** No character cut in half: with the u flag only a lone surrogate (half a character) matches. */
const wholeCharacters = (text: string): boolean => !/[\uD800-\uDFFF]/u.test(text);

describe('splitIntoChunks', () => {
  it('keeps short text in one chunk', () => {
    expect(splitIntoChunks('Hello there. How are you?', 100)).toEqual([{ text: 'Hello there. How are you?', separator: '' }]);
  });

  it('cuts at sentence boundaries under the byte limit and joins back to the same text', () => {
    const text = 'First sentence here. Second one is a bit longer. Third!\n\nA new paragraph starts. It ends here.\nA new line.';
    const chunks = splitIntoChunks(text, 40);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['First sentence here.', 'Second one is a bit longer. Third!', 'A new paragraph starts. It ends here.', 'A new line.']);
    expect(chunks.map((chunk) => chunk.separator)).toEqual([' ', '\n\n', '\n', '']);
    chunks.forEach((chunk) => expect(bytes(chunk.text)).toBeLessThanOrEqual(40));
    expect(joinChunks(chunks)).toBe(text);
  });

  it('counts UTF-8 bytes, not characters, and never splits a multi-byte character', () => {
    const sentence = 'Ça coûte 5 € à Zürich — naïve café 😀. ';
    const text = sentence.repeat(40).trim();
    const chunks = splitIntoChunks(text, 100);
    expect(chunks.length).toBeGreaterThan(10);
    chunks.forEach((chunk) => {
      expect(bytes(chunk.text)).toBeLessThanOrEqual(100);
      expect(wholeCharacters(chunk.text)).toBe(true);
    });
    expect(joinChunks(chunks)).toBe(text);
  });

  it('falls back to words for an overlong sentence, then to characters for an overlong word', () => {
    const longSentence = Array.from({ length: 30 }, (_, index) => `word${index},`).join(' ');
    const wordChunks = splitIntoChunks(longSentence, 50);
    wordChunks.forEach((chunk) => {
      expect(bytes(chunk.text)).toBeLessThanOrEqual(50);
      expect(chunk.text).toMatch(/^word\d+,( word\d+,)*$/);
    });
    expect(joinChunks(wordChunks)).toBe(longSentence);

    const longWord = 'ü'.repeat(30) + '👩‍👩‍👧'.repeat(3);
    const characterChunks = splitIntoChunks(longWord, 20);
    characterChunks.forEach((chunk) => {
      expect(bytes(chunk.text)).toBeLessThanOrEqual(20);
      expect(wholeCharacters(chunk.text)).toBe(true);
    });
    expect(joinChunks(characterChunks)).toBe(longWord);
  });

  it('splits Chinese, which has no spaces, at its sentence marks', () => {
    const text = '今天天气很好。我们去公园散步吧！你觉得怎么样？';
    const chunks = splitIntoChunks(text, 30);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['今天天气很好。', '我们去公园散步吧！', '你觉得怎么样？']);
    expect(joinChunks(chunks)).toBe(text);
  });

  it('keeps a realistic transcript under Amazon Translate’s limit', () => {
    const text = Array.from({ length: 600 }, (_, index) => `Sentence number ${index} says something — “quoted” — about the weather in Köln.`).join(' ');
    const chunks = splitIntoChunks(text);
    expect(chunks.length).toBeGreaterThan(4);
    chunks.forEach((chunk) => expect(bytes(chunk.text)).toBeLessThanOrEqual(TRANSLATE_MAX_BYTES));
    expect(joinChunks(chunks)).toBe(text);
  });

  it('gives nothing for blank text and refuses a limit too small for one character', () => {
    expect(splitIntoChunks('  \n\n ')).toEqual([]);
    expect(() => splitIntoChunks('abc', 3)).toThrow(RangeError);
  });
});

describe('mapChunks', () => {
  it('transforms each chunk in order and keeps paragraph breaks', async () => {
    const seen: string[] = [];
    const result = await mapChunks('One. Two.\n\nThree.', 6, async (chunk) => {
      seen.push(chunk);
      return chunk.toUpperCase();
    });
    expect(seen).toEqual(['One.', 'Two.', 'Three.']);
    expect(result).toBe('ONE. TWO.\n\nTHREE.');
  });

  /** A transform whose calls end only when the test says so, counting how many run at once. */
  function heldTransform() {
    const held: { chunk: string; finish: (text: string) => void; fail: (error: Error) => void }[] = [];
    let running = 0;
    let most = 0;
    const transform = (chunk: string) =>
      new Promise<string>((resolve, reject) => {
        running += 1;
        most = Math.max(most, running);
        const settle = () => (running -= 1);
        held.push({ chunk, finish: (text) => (settle(), resolve(text)), fail: (error) => (settle(), reject(error)) });
      });
    return { held, transform, most: () => most };
  }
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('runs at most `parallel` chunks at once and joins them in the text\'s order, whatever order they end in', async () => {
    const text = Array.from({ length: 7 }, (_, index) => `Sentence ${index}.`).join(' ');
    const { held, transform, most } = heldTransform();
    const result = mapChunks(text, 12, transform, 3);
    await flush();
    expect(held.map((call) => call.chunk)).toEqual(['Sentence 0.', 'Sentence 1.', 'Sentence 2.']);
    // End them last first: later chunks start as places free up, never more than three at once.
    for (let done = 0; done < 7; done += 1) {
      const open = held.filter((call) => !call.chunk.startsWith('done'));
      const last = open.at(-1)!;
      last.finish(last.chunk.toUpperCase());
      last.chunk = `done ${last.chunk}`;
      await flush();
    }
    expect(most()).toBe(3);
    await expect(result).resolves.toBe(Array.from({ length: 7 }, (_, index) => `SENTENCE ${index}.`).join(' '));
  });

  it('starts no further chunk once one has failed, and answers that failure', async () => {
    const { held, transform } = heldTransform();
    const outcome = expect(mapChunks('One. Two. Three. Four. Five.', 6, transform, 2)).rejects.toThrow('throttled');
    await flush();
    held[0]!.fail(new Error('throttled'));
    await flush();
    held[1]!.finish('TWO.');
    await flush();
    await outcome;
    expect(held.map((call) => call.chunk)).toEqual(['One.', 'Two.']);
  });
});
