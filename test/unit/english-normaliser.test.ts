/** The standard English normaliser the benchmark scores WER with beside the raw figure (functions/domain/english-normaliser.ts). */
import { normalizeEnglish } from '../../functions/domain/english-normaliser';
import { wordErrorRate } from '../../functions/domain/wer';

describe('normalizeEnglish', () => {
  it('writes numbers as digits, whichever way they were spoken or written', () => {
    expect(normalizeEnglish('Twenty one people and one hundred and five dogs; 1,000 cats')).toEqual(['21', 'people', 'and', '105', 'dogs', '1000', 'cats']);
    expect(normalizeEnglish('two thousand and twenty-four, three point five')).toEqual(['2024', '3.5']);
    expect(normalizeEnglish('January 20, 1961, nineteen sixty-one')).toEqual(['january', '20', '1961', '1961']);
    expect(normalizeEnglish('For the twentieth time, the 1st and the third')).toEqual(['for', 'the', '20th', 'time', 'the', '1st', 'and', 'the', '3rd']);
    expect(normalizeEnglish('six spoons, five thick slabs, a hundred')).toEqual(['6', 'spoons', '5', 'thick', 'slabs', 'a', '100']);
    expect(normalizeEnglish('50% of $5')).toEqual(['50', 'percent', 'of', '5', 'dollars']);
  });

  it('spells British and American variants, contractions and titles one way, and drops hesitations', () => {
    expect(normalizeEnglish('The colour of the theatre, recognised; Mr. Smith')).toEqual(['the', 'color', 'of', 'the', 'theater', 'recognized', 'mister', 'smith']);
    expect(normalizeEnglish("Um, we won't, they're, it's grey etc.")).toEqual(['we', 'will', 'not', 'they', 'are', "it's", 'gray', 'et', 'cetera']);
    expect(normalizeEnglish('Well-known  OK okay')).toEqual(['well', 'known', 'okay', 'okay']);
  });

  it('makes a WER that counts only what differs in the words', () => {
    const reference = 'For the twentieth time that evening the two men shook hands.';
    expect(wordErrorRate(reference, 'For the 20th time that evening, the 2 men shook hands.')).toBeCloseTo(2 / 11);
    expect(wordErrorRate(reference, 'For the 20th time that evening, the 2 men shook hands.', normalizeEnglish)).toBe(0);
  });
});
