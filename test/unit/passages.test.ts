import { PASSAGE_MS } from '../../functions/domain/constants';
import type { WordGroup } from '../../functions/domain/parse-transcript';
import { passagesOf } from '../../functions/domain/passages';
import { FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT } from '../fixtures/ask-transcripts';

const wordsOf = (groups: readonly WordGroup[]): string[] => groups.flatMap((group) => group.words.map((word) => word.word));

/** A long talk: `sentences` sentences of `words` words, one word a second, one speaker a group of `perTurn` sentences. */
function talk(sentences: number, words: number, perTurn = 1): WordGroup[] {
  const groups: WordGroup[] = [];
  let time = 0;
  for (let sentence = 0; sentence < sentences; sentence++) {
    const timed = Array.from({ length: words }, (_, index) => ({ word: `s${sentence}w${index}${index === words - 1 ? '.' : ''}`, start: time + index * 1000, end: time + index * 1000 + 900 }));
    time += words * 1000;
    if (sentence % perTurn === 0) groups.push({ words: timed, speaker: `Speaker ${(groups.length % 2) + 1}` });
    else groups.at(-1)!.words.push(...timed);
  }
  return groups;
}

describe('passagesOf (issue 30: passages of about 30–60 s at sentence boundaries)', () => {
  it('cuts a long talk into passages of 30 to 60 s that end at a sentence end and keep every word once, in order', () => {
    const groups = talk(100, 12, 3);
    const passages = passagesOf('t1', groups);
    expect(passages.length).toBeGreaterThan(10);
    for (const passage of passages) {
      expect(passage.end_ms - passage.start_ms).toBeGreaterThanOrEqual(PASSAGE_MS.min - 1000);
      expect(passage.end_ms - passage.start_ms).toBeLessThanOrEqual(PASSAGE_MS.max);
      expect(passage.text.endsWith('.')).toBe(true);
      expect(passage.transcript_id).toBe('t1');
    }
    expect(passages.flatMap((passage) => passage.text.split(' '))).toEqual(wordsOf(groups));
  });

  it('splits a speaker turn at its sentences and names the speaker heard longest', () => {
    // Speaker 1 talks 24 s, Speaker 2 12 s: one passage, Speaker 1's.
    const groups: WordGroup[] = [...talk(2, 12, 2)];
    groups.push({ speaker: 'Speaker 2', words: talk(1, 12)[0]!.words.map((word) => ({ ...word, start: word.start + 24_000, end: word.end + 24_000 })) });
    const [passage, ...rest] = passagesOf('t', groups);
    expect(rest).toEqual([]);
    expect(passage!.speaker).toBe('Speaker 1');
    expect(passage!.start_ms).toBe(0);
    expect(passage!.end_ms).toBe(35_900);
  });

  it('cuts a sentence with no end in sight (no punctuation) at the longest passage', () => {
    const words = Array.from({ length: 150 }, (_, index) => ({ word: `w${index}`, start: index * 1000, end: index * 1000 + 900 }));
    const passages = passagesOf('t', [{ words }]);
    expect(passages.map((passage) => passage.end_ms - passage.start_ms).every((length) => length <= PASSAGE_MS.max)).toBe(true);
    expect(passages.flatMap((passage) => passage.text.split(' '))).toHaveLength(150);
    expect(passages[0]!.speaker).toBeNull();
  });

  it('gives a short recording one passage, and the fixtures joined several, each starting with a sentence', () => {
    for (const transcript of FIXTURE_TRANSCRIPTS.filter((fixture) => fixture.groups.at(-1)!.words.at(-1)!.end <= PASSAGE_MS.max)) expect(passagesOf(transcript.id, transcript.groups)).toHaveLength(1);
    const passages = passagesOf('library', LIBRARY_TRANSCRIPT.groups);
    expect(passages.length).toBeGreaterThanOrEqual(4);
    const sentenceStarts = new Set(LIBRARY_TRANSCRIPT.groups.map((group) => group.words[0]!.start));
    for (const passage of passages) expect(sentenceStarts.has(passage.start_ms)).toBe(true);
    expect(passages.find((passage) => passage.text.includes('ask not what your country'))?.start_ms).toBe(0);
  });

  it('gives no passage for a transcript without words', () => {
    expect(passagesOf('t', [{ words: [] }])).toEqual([]);
  });
});
