/** The reading view's word logic (web/src/transcript/words.ts): readable groups, and the word spoken at a moment. */
import { activeWordIndex, mediaMs, readableGroups, SILENCE_GAP_MS, timeline, type PlayerWord, type WordGroupInput } from '../../web/src/transcript/words';

const groups = [
  { words: [{ word: 'The', start: 150, end: 270 }, { word: 'quick', start: 280, end: 550 }, { word: 'fox.', start: 560, end: 900 }] },
  { speaker: 'Speaker 2', words: [{ text: 'We', start: 3760, end: 3950 }, { word: 'are', start: 3960, end: 4050 }] },
];

/** The words numbered in reading order, as the reading view numbers them. */
const readingWords = (input: readonly WordGroupInput[]): PlayerWord[] => {
  let index = 0;
  return readableGroups(input).flatMap((group, position) => group.words.map((word) => ({ index: index++, text: word.word, start: word.start, end: Math.max(word.start, word.end), group: position })));
};

describe('readableGroups', () => {
  it('takes `word` or `text`, keeps speakers', () => {
    expect(readableGroups(groups)).toEqual([
      { words: [{ word: 'The', start: 150, end: 270 }, { word: 'quick', start: 280, end: 550 }, { word: 'fox.', start: 560, end: 900 }] },
      { speaker: 'Speaker 2', words: [{ word: 'We', start: 3760, end: 3950 }, { word: 'are', start: 3960, end: 4050 }] },
    ]);
  });

  it('leaves out words without text or times, and keeps every group in its place (corrections address them by index)', () => {
    expect(
      readableGroups([{ words: [{ word: ' ', start: 0, end: 10 }, { word: 'ok', start: Number.NaN, end: 5 }] }, { words: [{ word: 'kept', start: 10, end: 5 }] }, { words: null }, {}]),
    ).toEqual([{ words: [] }, { words: [{ word: 'kept', start: 10, end: 5 }] }, { words: [] }, { words: [] }]);
  });
});

describe('activeWordIndex', () => {
  const sorted = timeline(readingWords(groups));

  it('is the word being spoken, found by binary search', () => {
    expect(activeWordIndex(sorted, 150)).toBe(0);
    expect(activeWordIndex(sorted, 300)).toBe(1);
    expect(activeWordIndex(sorted, 899)).toBe(2);
    expect(activeWordIndex(sorted, 3800)).toBe(3);
    expect(activeWordIndex(sorted, 4000)).toBe(4);
  });

  it("reads a media time in whole milliseconds, so a seek to a word's start lands on that word", () => {
    // A `?t=16002` seek sets 16.002 s, which reads back as a hair under 16 002 ms.
    expect((16_002 / 1000) * 1000).toBeLessThan(16_002);
    expect(mediaMs(16_002 / 1000)).toBe(16_002);
    const words = timeline([
      { index: 0, text: 'the', start: 15_817, end: 16_002, group: 0 },
      { index: 1, text: 'market', start: 16_002, end: 16_300, group: 0 },
    ]);
    expect(activeWordIndex(words, (16_002 / 1000) * 1000)).toBe(0);
    expect(activeWordIndex(words, mediaMs(16_002 / 1000))).toBe(1);
  });

  it('keeps the last word through a short gap, none before speech or after a long silence', () => {
    expect(activeWordIndex(sorted, 0)).toBe(-1);
    expect(activeWordIndex(sorted, 275)).toBe(0);
    expect(activeWordIndex(sorted, 900 + SILENCE_GAP_MS)).toBe(2);
    expect(activeWordIndex(sorted, 901 + SILENCE_GAP_MS)).toBe(-1);
    expect(activeWordIndex(sorted, 60_000)).toBe(-1);
    expect(activeWordIndex(sorted, Number.NaN)).toBe(-1);
    expect(activeWordIndex([], 100)).toBe(-1);
  });

  it('works when the groups are not in time order (reading-order index is returned)', () => {
    const unordered = timeline(readingWords([groups[1]!, groups[0]!]));
    expect(unordered.map((word) => word.start)).toEqual([150, 280, 560, 3760, 3960]);
    expect(activeWordIndex(unordered, 3800)).toBe(0);
    expect(activeWordIndex(unordered, 300)).toBe(3);
  });

  it('stays fast on hours of speech', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => ({ word: `w${i}`, start: i * 300, end: i * 300 + 250 }));
    const sortedMany = timeline(readingWords([{ words: many }]));
    const started = performance.now();
    for (let i = 0; i < 10_000; i += 1) activeWordIndex(sortedMany, (i * 1499) % 15_000_000);
    expect(performance.now() - started).toBeLessThan(200);
    expect(activeWordIndex(sortedMany, 300 * 12_345 + 10)).toBe(12_345);
  });
});
