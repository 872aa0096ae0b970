import { applyTextEdits } from '../../functions/domain/text-edit';
import { findMatches, MAX_MATCHES, replaceMatches, replaceWordRange } from '../../functions/domain/word-edit';
import type { WordGroup } from '../../functions/domain/parse-transcript';
import type { TranscriptBody } from '../../functions/domain/transcript-view';

/** Two speakers, three sentences; each word 100 ms long, 50 ms apart. */
const SENTENCES = [
  ['The', 'harbour', 'opens', 'at', 'dawn.'],
  ['Colour', 'the', 'boats', 'red.'],
  ['Then', 'colour', 'the', 'nets.'],
];
let clock = 0;
const GROUPS: WordGroup[] = SENTENCES.map((words, index) => ({
  speaker: index < 2 ? 'Speaker 1' : 'Speaker 2',
  words: words.map((word) => ({ word, start: (clock += 150), end: clock + 100 })),
}));
const BODY: TranscriptBody = { text: '', speakers: ['Speaker 1', 'Speaker 2'], word_timings: GROUPS } as TranscriptBody;
const TEXTS = GROUPS.map((group) => group.words.map((word) => word.word));
const allWords = (body: TranscriptBody) => body.word_timings.flatMap((group) => group.words);

/** Every word of the body before the edit that is still there (same text) has its exact old times. */
function expectUnchangedWordsKeepTimes(after: TranscriptBody, changed: readonly string[]): void {
  const kept = allWords(BODY).filter((word) => !changed.includes(word.word));
  for (const word of kept) expect(allWords(after)).toContainEqual(word);
}

describe('replaceWordRange', () => {
  it('replaces one word in its group; applied, every other word keeps its times and the new one takes the old one’s', () => {
    const edits = replaceWordRange(TEXTS, 1, 1, 'harbor');
    expect(edits).toEqual([{ index: 0, text: 'The harbor opens at dawn.' }]);
    const after = applyTextEdits(BODY, edits, false);
    expectUnchangedWordsKeepTimes(after, ['harbour']);
    expect(after.word_timings[0]!.words[1]).toEqual({ ...GROUPS[0]!.words[1], word: 'harbor' });
  });

  it('replaces words across two sentences, each group keeping its unchanged words', () => {
    // "dawn. Colour" (words 4 and 5) becomes "dusk. Paint".
    const edits = replaceWordRange(TEXTS, 4, 5, 'dusk. Paint');
    expect(edits).toEqual([
      { index: 0, text: 'The harbour opens at dusk.' },
      { index: 1, text: 'Paint the boats red.' },
    ]);
    expectUnchangedWordsKeepTimes(applyTextEdits(BODY, edits, false), ['dawn.', 'Colour']);
  });

  it('deletes words when the text is empty, adds words when it is longer, and ignores a range outside the words', () => {
    expect(replaceWordRange(TEXTS, 2, 3, '')).toEqual([{ index: 0, text: 'The harbour dawn.' }]);
    expect(replaceWordRange(TEXTS, 12, 12, 'fishing nets.')).toEqual([{ index: 2, text: 'Then colour the fishing nets.' }]);
    expect(replaceWordRange(TEXTS, 0, 0, 'The')).toEqual([]);
    expect(replaceWordRange(TEXTS, 5, 14, 'x')).toEqual([]);
    expect(replaceWordRange(TEXTS, 3, 2, 'x')).toEqual([]);
  });

  it('counts past empty groups (a deleted sentence) as the reading view does', () => {
    expect(replaceWordRange([['One.'], [], ['Two', 'three.']], 1, 1, 'Four')).toEqual([{ index: 2, text: 'Four three.' }]);
  });
});

describe('findMatches and replaceMatches', () => {
  it('counts matches in any case by default, or in the exact case, with their words', () => {
    expect(findMatches(TEXTS, 'colour')).toEqual([
      { group: 1, start: 0, end: 6, from: 5, to: 5 },
      { group: 2, start: 5, end: 11, from: 10, to: 10 },
    ]);
    expect(findMatches(TEXTS, 'colour', { matchCase: true })).toEqual([{ group: 2, start: 5, end: 11, from: 10, to: 10 }]);
    expect(findMatches(TEXTS, '  the   BOATS ')).toEqual([{ group: 1, start: 7, end: 16, from: 6, to: 7 }]);
    // Inside words too, as a document's find does: "Then".
    expect(findMatches(TEXTS, 'the')).toHaveLength(4);
    expect(findMatches(TEXTS, '   ')).toEqual([]);
  });

  it('takes the query as text, not a pattern, and never spans two sentences', () => {
    expect(findMatches([['a.b', 'axb'], ['(c)']], 'a.b')).toHaveLength(1);
    expect(findMatches([['a.b', 'axb'], ['(c)']], '(c)')).toHaveLength(1);
    expect(findMatches(TEXTS, 'dawn. Colour')).toEqual([]);
  });

  it('stops counting at MAX_MATCHES', () => {
    expect(findMatches([Array.from({ length: MAX_MATCHES + 5 }, () => 'la')], 'la')).toHaveLength(MAX_MATCHES);
  });

  it('replaces all matches, inside words too, and applied keeps every unchanged word’s times', () => {
    const edits = replaceMatches(TEXTS, findMatches(TEXTS, 'colour'), 'color');
    expect(edits).toEqual([
      { index: 1, text: 'color the boats red.' },
      { index: 2, text: 'Then color the nets.' },
    ]);
    expectUnchangedWordsKeepTimes(applyTextEdits(BODY, edits, false), ['Colour', 'colour']);
    expect(replaceMatches(TEXTS, findMatches(TEXTS, 'our'), 'or')).toEqual([
      { index: 0, text: 'The harbor opens at dawn.' },
      { index: 1, text: 'Color the boats red.' },
      { index: 2, text: 'Then color the nets.' },
    ]);
  });

  it('replaces one match only, and a replacement of nothing removes its words', () => {
    const [first] = findMatches(TEXTS, 'the');
    expect(replaceMatches(TEXTS, [first!], 'A')).toEqual([{ index: 0, text: 'A harbour opens at dawn.' }]);
    expect(replaceMatches(TEXTS, findMatches(TEXTS, 'red'), '')).toEqual([{ index: 1, text: 'Colour the boats .' }]);
    expect(replaceMatches(TEXTS, findMatches(TEXTS, 'the boats'), '$&')).toEqual([{ index: 1, text: 'Colour $& red.' }]);
  });
});
