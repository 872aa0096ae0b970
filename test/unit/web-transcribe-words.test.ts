/** The player's word logic (web/src/lib/transcripts/words.ts): reading order, and the word spoken at a moment. */
import { activeWordIndex, clockTime, flatWords, playerGroups, SILENCE_GAP_MS, timeline } from '../../web/src/lib/transcripts/words';

const groups = [
  { words: [{ word: 'The', start: 150, end: 270 }, { word: 'quick', start: 280, end: 550 }, { word: 'fox.', start: 560, end: 900 }] },
  { speaker: 'Speaker 2', words: [{ text: 'We', start: 3760, end: 3950 }, { word: 'are', start: 3960, end: 4050 }] },
];

describe('playerGroups', () => {
  it('numbers the words in reading order, takes `word` or `text`, keeps speakers', () => {
    const result = playerGroups(groups);
    expect(result).toHaveLength(2);
    expect(result[0]!.speaker).toBeUndefined();
    expect(result[1]!.speaker).toBe('Speaker 2');
    expect(flatWords(result).map((word) => [word.index, word.text, word.group])).toEqual([
      [0, 'The', 0],
      [1, 'quick', 0],
      [2, 'fox.', 0],
      [3, 'We', 1],
      [4, 'are', 1],
    ]);
  });

  it('leaves out words without text or times, and groups left empty', () => {
    const result = playerGroups([
      { words: [{ word: ' ', start: 0, end: 10 }, { word: 'ok', start: Number.NaN, end: 5 }] },
      { words: [{ word: 'kept', start: 10, end: 5 }] },
      { words: null },
      {},
    ]);
    expect(result).toEqual([{ words: [{ index: 0, text: 'kept', start: 10, end: 10, group: 0 }] }]);
    expect(playerGroups(undefined)).toEqual([]);
  });
});

describe('activeWordIndex', () => {
  const sorted = timeline(flatWords(playerGroups(groups)));

  it('is the word being spoken, found by binary search', () => {
    expect(activeWordIndex(sorted, 150)).toBe(0);
    expect(activeWordIndex(sorted, 300)).toBe(1);
    expect(activeWordIndex(sorted, 899)).toBe(2);
    expect(activeWordIndex(sorted, 3800)).toBe(3);
    expect(activeWordIndex(sorted, 4000)).toBe(4);
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
    const unordered = timeline(flatWords(playerGroups([groups[1]!, groups[0]!])));
    expect(unordered.map((word) => word.start)).toEqual([150, 280, 560, 3760, 3960]);
    expect(activeWordIndex(unordered, 3800)).toBe(0);
    expect(activeWordIndex(unordered, 300)).toBe(3);
  });

  it('stays fast on hours of speech', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => ({ word: `w${i}`, start: i * 300, end: i * 300 + 250 }));
    const sortedMany = timeline(flatWords(playerGroups([{ words: many }])));
    const started = performance.now();
    for (let i = 0; i < 10_000; i += 1) activeWordIndex(sortedMany, (i * 1499) % 15_000_000);
    expect(performance.now() - started).toBeLessThan(200);
    expect(activeWordIndex(sortedMany, 300 * 12_345 + 10)).toBe(12_345);
  });
});

describe('clockTime', () => {
  it('shows m:ss, or h:mm:ss past an hour', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(65_400)).toBe('1:05');
    expect(clockTime(3_725_000)).toBe('1:02:05');
    expect(clockTime(-5)).toBe('0:00');
  });
});
