import { applyTextEdits, EditError, renameSpeakers, retimeWords, revertedBody, TextEditRequest, TranscriptPatch, MAX_GROUP_TEXT } from '../../functions/domain/text-edit';
import { commonWords, splitParagraphText } from '../../functions/domain/paragraph-edit';
import { TEXT_EDIT_LIMITS } from '../../functions/domain/constants';
import type { WordTiming } from '../../functions/domain/parse-transcript';
import type { TranscriptBody } from '../../functions/domain/transcript-view';

const words = (...timed: [string, number, number][]): WordTiming[] => timed.map(([word, start, end]) => ({ word, start, end }));
const OLD = words(['The', 1000, 1200], ['quick', 1300, 1600], ['brown', 1700, 2000], ['fox.', 2100, 2500]);
const SPAN = { start: 1000, end: 2500 };

/** Every word inside the span, in order, none overlapping another. */
function expectOrderedInside(timed: readonly WordTiming[], span: { start: number; end: number }): void {
  timed.forEach((word, index) => {
    expect(word.start).toBeGreaterThanOrEqual(span.start);
    expect(word.end).toBeLessThanOrEqual(span.end);
    expect(word.end).toBeGreaterThanOrEqual(word.start);
    if (index > 0) expect(word.start).toBeGreaterThanOrEqual(timed[index - 1]!.end);
  });
}

describe('retimeWords', () => {
  it('keeps the exact times of unchanged words and gives a corrected word the time of the word it replaces', () => {
    const timed = retimeWords(OLD, ['The', 'quick', 'brown', 'box.'], SPAN);
    expect(timed).toEqual(words(['The', 1000, 1200], ['quick', 1300, 1600], ['brown', 1700, 2000], ['box.', 2100, 2500]));
  });

  it('times inserted words inside the gap between their unchanged neighbours', () => {
    const timed = retimeWords(OLD, ['The', 'very', 'quick', 'and', 'agile', 'brown', 'fox.'], SPAN);
    expect(timed.map((word) => word.word)).toEqual(['The', 'very', 'quick', 'and', 'agile', 'brown', 'fox.']);
    expect(timed.filter((word) => OLD.some((old) => old.word === word.word))).toEqual(OLD);
    expect(timed[1]!.start).toBeGreaterThanOrEqual(1200);
    expect(timed[1]!.end).toBeLessThanOrEqual(1300);
    expect(timed[3]!.start).toBeGreaterThanOrEqual(1600);
    expect(timed[4]!.end).toBeLessThanOrEqual(1700);
    expectOrderedInside(timed, SPAN);
  });

  it('drops deleted words and leaves the others where they were', () => {
    expect(retimeWords(OLD, ['The', 'fox.'], SPAN)).toEqual(words(['The', 1000, 1200], ['fox.', 2100, 2500]));
  });

  it('shares the time of replaced words among more or fewer new words', () => {
    const timed = retimeWords(OLD, ['The', 'swift', 'red', 'little', 'fox.'], SPAN);
    expect(timed[0]).toEqual(OLD[0]);
    expect(timed.at(-1)).toEqual(OLD[3]);
    expectOrderedInside(timed.slice(1, 4), { start: 1300, end: 2000 });
    expectOrderedInside(timed, SPAN);
  });

  it('spreads a whole replaced group over the group span by word length', () => {
    const timed = retimeWords(OLD, ['A', 'completely', 'different', 'sentence', 'here', 'now.'], SPAN);
    expect(timed).toHaveLength(6);
    expect(timed[0]!.start).toBe(1000);
    expect(timed.at(-1)!.end).toBe(2500);
    expectOrderedInside(timed, SPAN);
    // Longer words get longer times.
    expect(timed[1]!.end - timed[1]!.start).toBeGreaterThan(timed[0]!.end - timed[0]!.start);
  });

  it('empties a group when its text is empty', () => {
    expect(retimeWords(OLD, [], SPAN)).toEqual([]);
  });

  it('gives an inserted word a zero-length time when its neighbours touch, never overlapping them', () => {
    const touching = words(['one', 0, 500], ['two', 500, 900]);
    const timed = retimeWords(touching, ['one', 'and', 'two'], { start: 0, end: 900 });
    expect(timed).toEqual(words(['one', 0, 500], ['and', 500, 500], ['two', 500, 900]));
  });
});

describe('long groups (issue 25)', () => {
  /** `count` words of 300 ms, one after another. */
  const spoken = (count: number, name = 'w'): WordTiming[] => Array.from({ length: count }, (_, index) => ({ word: `${name}${index}`, start: index * 300, end: index * 300 + 250 }));

  it('aligns without an old × new table: each word is read a few times, not once per word of the other text', () => {
    // Reads of the two word lists, counted: the table of the longest common subsequence reads each word once per word of the other list.
    let reads = 0;
    const counted = (list: string[]) => new Proxy(list, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(target, key, receiver)) });
    const old = spoken(1000).map((word) => word.word);
    const edited = old.map((word, index) => (index % 7 === 0 ? `fixed${index}` : word));
    const pairs = commonWords(counted(old), counted(edited));
    expect(pairs).toHaveLength(1000 - Math.ceil(1000 / 7));
    expect(reads).toBeLessThanOrEqual(4 * (old.length + edited.length));
  });

  it('re-times a 10,000-word group: unchanged words keep their times, corrected ones take the replaced words\' times', () => {
    const old = spoken(10_000);
    const edited = old.map((word, index) => (index % 10 === 0 ? `fixed${index}` : word.word));
    const timed = retimeWords(old, edited, { start: 0, end: old.at(-1)!.end });
    expect(timed.map((word) => word.word)).toEqual(edited);
    expect(timed.map(({ start, end }) => [start, end])).toEqual(old.map(({ start, end }) => [start, end]));
  });

  it('times a wholly new 10,000-word text in order across the group, in proportion to the words, past the alignment budget too', () => {
    const old = spoken(10_000);
    const span = { start: 0, end: old.at(-1)!.end };
    const edited = spoken(10_000, 'new').map((word) => word.word);
    const timed = retimeWords(old, edited, span);
    expect(timed.map((word) => word.word)).toEqual(edited);
    expectOrderedInside(timed, span);
    expect(timed[0]!.start).toBe(0);
    expect(timed.at(-1)!.end).toBe(span.end);
    // With no budget left, nothing is aligned: a one-word change is timed as a replaced run, still in order.
    const spent = retimeWords(old, old.map((word, index) => (index === 5000 ? 'changed' : word.word)), span, { steps: 0 });
    expect(spent).toHaveLength(10_000);
    expectOrderedInside(spent, span);
  });
});

describe('applyTextEdits', () => {
  const body: TranscriptBody = {
    text: 'Speaker 1: The quick brown fox.\nSpeaker 2: Jumps over.',
    speakers: ['Speaker 1', 'Speaker 2'],
    word_timings: [
      { words: OLD, speaker: 'Speaker 1' },
      { words: words(['Jumps', 3000, 3400], ['over.', 3500, 3900]), speaker: 'Speaker 2' },
    ],
  };

  it('replaces only the named groups and rebuilds the text', () => {
    const edited = applyTextEdits(body, [{ index: 1, text: 'Jumps right over.' }], false);
    expect(edited.word_timings[0]).toEqual(body.word_timings[0]);
    expect(edited.word_timings[1]!.speaker).toBe('Speaker 2');
    expect(edited.text).toBe('Speaker 1: The quick brown fox.\nSpeaker 2: Jumps right over.');
    expect(body.word_timings[1]!.words).toHaveLength(2);
  });

  it('keeps timestamps in the text when the transcript has them', () => {
    expect(applyTextEdits(body, [{ index: 0, text: 'The fox.' }], true).text).toBe('[00:00:01] Speaker 1: The fox.\n[00:00:03] Speaker 2: Jumps over.');
  });

  it('leaves an emptied group out of the text and can fill it again inside the silence around it', () => {
    const emptied = applyTextEdits(body, [{ index: 0, text: '   ' }], false);
    expect(emptied.word_timings[0]!.words).toEqual([]);
    expect(emptied.text).toBe('Speaker 2: Jumps over.');
    const refilled = applyTextEdits(emptied, [{ index: 0, text: 'Hello there.' }], false);
    expectOrderedInside(refilled.word_timings[0]!.words, { start: 0, end: 3000 });
    expect(refilled.text).toBe('Speaker 1: Hello there.\nSpeaker 2: Jumps over.');
  });

  it('refuses an index past the last group', () => {
    expect(() => applyTextEdits(body, [{ index: 2, text: 'x' }], false)).toThrow(EditError);
  });

  it('refuses to grow a transcript past 50,000 words (each save rewrites it all), but lets a longer one shrink', () => {
    const group = (count: number) => ({ words: Array.from({ length: count }, (_, index) => ({ word: 'w', start: index, end: index })) });
    const transcript = (...counts: number[]): TranscriptBody => ({ text: '', speakers: [], word_timings: counts.map(group) });
    const fiveGroups = Array.from({ length: 5 }, () => 9_999);
    expect(() => applyTextEdits(transcript(...fiveGroups, 5), [{ index: 5, text: 'a '.repeat(5) }], false)).not.toThrow();
    expect(() => applyTextEdits(transcript(...fiveGroups, 5), [{ index: 5, text: 'a '.repeat(6) }], false)).toThrow(new EditError('A transcript can hold at most 50,000 words: this correction would make it longer.'));
    expect(applyTextEdits(transcript(...fiveGroups, 9_999), [{ index: 5, text: 'a b' }], false).word_timings[5]!.words).toHaveLength(2);
  });
});

describe('TextEditRequest', () => {
  it.each([
    ['a negative index', { groups: [{ index: -1, text: 'x' }] }, 'cannot be negative'],
    ['a fractional index', { groups: [{ index: 1.5, text: 'x' }] }, 'whole number'],
    ['a text that is not a string', { groups: [{ index: 0, text: 5 }] }, 'must be a string'],
    ['a text over 20,000 characters', { groups: [{ index: 0, text: 'x'.repeat(MAX_GROUP_TEXT + 1) }] }, 'at most 20,000 characters'],
    ['no groups', { groups: [] }, 'at least one'],
    ['no "groups" field', {}, '"groups"'],
    ['more groups than one correction may change', { groups: Array.from({ length: TEXT_EDIT_LIMITS.groups + 1 }, (_, index) => ({ index, text: 'x' })) }, 'at most 500 word groups'],
    ['a group named twice', { groups: [{ index: 3, text: 'a' }, { index: 4, text: 'b' }, { index: 3, text: 'c' }] }, 'Word group 3 is named more than once'],
    ['a group of over 10,000 words (its characters)', { groups: [{ index: 0, text: 'a '.repeat(10_001) }] }, 'at most 20,000 characters'],
    ['over 20,000 words in all', { groups: [0, 1, 2].map((index) => ({ index, text: 'a '.repeat(7000) })) }, 'at most 20,000 words in all'],
  ])('refuses %s with a message', (_label, input, message) => {
    const parsed = TextEditRequest.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toContain(message);
  });
});

describe('speaker names', () => {
  const body: TranscriptBody = {
    text: 'Speaker 1: Hi.\nSpeaker 2: Hello.',
    speakers: ['Speaker 1', 'Speaker 2'],
    word_timings: [
      { words: words(['Hi.', 0, 400]), speaker: 'Speaker 1' },
      { words: words(['Hello.', 600, 900]), speaker: 'Speaker 2' },
    ],
  };

  it('renames a speaker in the groups, the list and the text', () => {
    const renamed = renameSpeakers(body, { 'Speaker 1': 'Alice', Nobody: 'X' }, false);
    expect(renamed.speakers).toEqual(['Alice', 'Speaker 2']);
    expect(renamed.word_timings.map((group) => group.speaker)).toEqual(['Alice', 'Speaker 2']);
    expect(renamed.text).toBe('Alice: Hi.\nSpeaker 2: Hello.');
  });

  it("a speaker named like an object's own property (constructor, __proto__) is a name like any other", () => {
    const named = renameSpeakers(body, { 'Speaker 1': 'constructor', 'Speaker 2': '__proto__' }, false);
    const again = renameSpeakers(named, { constructor: 'Alice' }, false);
    expect([again.speakers, again.text]).toEqual([['Alice', '__proto__'], 'Alice: Hi.\n__proto__: Hello.']);
    expect(revertedBody(body, again, false).speakers).toEqual(['Alice', '__proto__']);
  });

  it('reverts to the machine text with the speaker names of today', () => {
    const renamed = renameSpeakers(applyTextEdits(body, [{ index: 1, text: 'Hello world.' }], false), { 'Speaker 2': 'Bob' }, false);
    const reverted = revertedBody(body, renamed, false);
    expect(reverted.text).toBe('Speaker 1: Hi.\nBob: Hello.');
    expect(reverted.word_timings[1]!.words).toEqual(body.word_timings[1]!.words);
  });
});

describe('TranscriptPatch', () => {
  it('trims the name, accepts null for no project and cleans tags as the transcribe form does', () => {
    expect(TranscriptPatch.parse({ filename: '  Board  ', project_id: null, tags: [' a ', 'a', '', 'b'] })).toEqual({ filename: 'Board', project_id: null, tags: ['a', 'b'] });
    expect(TranscriptPatch.parse({ speakers: { 'Speaker 1': ' Alice ' } })).toEqual({ speakers: { 'Speaker 1': 'Alice' } });
  });

  it.each([
    ['an empty name', { filename: '   ' }, 'cannot be empty'],
    ['a name over 200 characters', { filename: 'x'.repeat(201) }, 'at most 200'],
    ['tags that are not a list', { tags: 'a' }, 'list of names'],
    ['an empty speaker name', { speakers: { 'Speaker 1': ' ' } }, 'cannot be empty'],
    ['an unknown field', { owner: 'x' }, 'Only filename'],
    ['nothing', {}, 'at least one'],
    ['not an object', [], 'JSON object'],
  ])('refuses %s', (_label, input, message) => {
    const parsed = TranscriptPatch.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toContain(message);
  });
});

describe('splitParagraphText', () => {
  const sentences = [['Hello', 'there.'], ['How', 'are', 'you?']];

  it('keeps unchanged words in their sentence and puts new words after the unchanged word before them', () => {
    expect(splitParagraphText(sentences, 'Hello there, friend. How are you today?')).toEqual(['Hello there, friend.', 'How are you today?']);
    expect(splitParagraphText(sentences, 'Oh! Hello there. How you?')).toEqual(['Oh! Hello there.', 'How you?']);
  });

  it('puts words that replace others in the replaced words\' sentence, where they were said', () => {
    const spoken = [['And', 'so,', 'Americans.'], ['As', 'not.'], ['What', 'your', 'country']];
    expect(splitParagraphText(spoken, 'And so, Americans. Ask not what your country')).toEqual(['And so, Americans.', 'Ask not', 'what your country']);
    // A run replacing words of two sentences is shared between them in order.
    expect(splitParagraphText(sentences, 'Hello their. Who are you?')).toEqual(['Hello their.', 'Who are you?']);
  });

  it('empties a sentence whose words were all removed', () => {
    expect(splitParagraphText(sentences, 'How are you?')).toEqual(['', 'How are you?']);
    expect(splitParagraphText(sentences, '')).toEqual(['', '']);
  });
});
