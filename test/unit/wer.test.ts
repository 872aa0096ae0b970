import { editDistance, normalizeWords, wordErrorRate } from '../../functions/domain/wer';

describe('word error rate', () => {
  it('ignores case and punctuation but keeps apostrophes inside words', () => {
    expect(normalizeWords("Hello, World! Don't 'quote' me.")).toEqual(['hello', 'world', "don't", 'quote', 'me']);
  });

  it('counts substitutions, deletions and insertions', () => {
    expect(editDistance(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toBe(2);
    expect(wordErrorRate('the quick brown fox', 'the quick brown fox')).toBe(0);
    expect(wordErrorRate('the quick brown fox', 'the quack brown')).toBe(0.5);
    expect(wordErrorRate('one two', 'one two three four')).toBe(1);
  });

  it('handles empty texts', () => {
    expect(wordErrorRate('', '')).toBe(0);
    expect(wordErrorRate('', 'noise')).toBe(1);
    expect(wordErrorRate('something said', '')).toBe(1);
  });
});
