/** The pure parts of the local key points and topic (issue 28 point 1), on hand-tagged sentences. */
import { keyPoints, rankSentences, textRank } from '../../functions/domain/key-points';
import { isClause, isCompleteSentence, joinSegments, type TaggedSentence } from '../../functions/domain/tagged-text';
import { titleCase, topicOf } from '../../functions/domain/topic';

/** "We/PRON wear/VERB masks/NOUN ./PUNCT": each word with its tag; stop words marked with a star. */
function tagged(spec: string): TaggedSentence {
  const tokens = spec.split(' ').map((item) => {
    const [text, tag] = item.split('/') as [string, string];
    return { text, lemma: text.toLowerCase().replace(/s$/, ''), pos: tag.replace('*', ''), stop: tag.endsWith('*') };
  });
  return { text: tokens.map((token) => token.text).join(' ').replace(/ ([.,?])/g, '$1'), tokens };
}

describe('sentences', () => {
  it('needs a subject before a verb (not the object of a preposition), or an auxiliary before its subject', () => {
    expect(isClause(tagged('We/PRON* wear/VERB masks/NOUN ./PUNCT'))).toBe(true);
    expect(isClause(tagged('Of/ADP* others/NOUN ./PUNCT'))).toBe(false);
    expect(isClause(tagged('For/ADP* the/DET* kids/NOUN run/VERB ./PUNCT'))).toBe(false);
    expect(isClause(tagged('Before/ADP* dinner/NOUN ,/PUNCT books/NOUN were/AUX* copied/VERB ./PUNCT'))).toBe(true);
    expect(isClause(tagged('Will/AUX* we/PRON* forget/VERB it/PRON* ?/PUNCT'))).toBe(true);
    expect(isClause(tagged('Please/INTJ* call/VERB Stella/PROPN ./PUNCT'))).toBe(false);
  });

  it('keeps no clause that hangs on another, unless a comma shows its main clause', () => {
    expect(isCompleteSentence(tagged('Until/SCONJ* it/PRON* comes/VERB together/ADV ./PUNCT'))).toBe(false);
    expect(isCompleteSentence(tagged('If/SCONJ* it/PRON* sticks/VERB ,/PUNCT we/PRON* add/VERB flour/NOUN ./PUNCT'))).toBe(true);
  });

  it('joins a piece that continues the one before, and takes in the piece after one that leans on it', () => {
    const joined = joinSegments([
      tagged('We/PRON* wear/VERB masks/NOUN ./PUNCT'),
      tagged('Of/ADP* others/NOUN ./PUNCT'),
      tagged('Why/ADV* ?/PUNCT'),
      tagged('Of/ADP* course/NOUN ./PUNCT'),
      tagged('We/PRON* cut/VERB the/DET* ./PUNCT'),
      tagged('Budget/NOUN ./PUNCT'),
      tagged('Stella/PROPN called/VERB ./PUNCT'),
    ]);
    expect(joined.map((sentence) => sentence.text)).toEqual(['We wear masks of others.', 'Why?', 'Of course.', 'We cut the budget.', 'Stella called.']);
  });
});

describe('key points', () => {
  const lecture = [
    'The/DET* volcano/NOUN erupts/VERB lava/NOUN today/NOUN ./PUNCT',
    'Of/ADP* others/NOUN ./PUNCT',
    'Lava/NOUN flows/VERB from/ADP* the/DET* volcano/NOUN slowly/ADV ./PUNCT',
    'Gas/NOUN builds/VERB pressure/NOUN inside/ADP* the/DET* volcano/NOUN ./PUNCT',
    'Scientists/NOUN measure/VERB gas/NOUN and/CCONJ* pressure/NOUN daily/ADV ./PUNCT',
    ...Array.from({ length: 10 }, (_, index) => `Filler${index}/NOUN words${index}/NOUN go/VERB on/ADP* here/ADV ./PUNCT`),
  ].map(tagged);

  it('are acceptable sentences, in spoken order, within a fifth of the words', () => {
    const points = keyPoints(rankSentences(lecture), isCompleteSentence);
    expect(points.length).toBeGreaterThanOrEqual(1);
    expect(points).not.toContain('Of others.');
    const order = points.map((point) => lecture.findIndex((sentence) => sentence.text === point));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const words = (text: string) => text.split(' ').length;
    expect(words(points.join(' '))).toBeLessThanOrEqual(lecture.reduce((sum, sentence) => sum + words(sentence.text), 0) / 5);
  });

  it('ranks sentences that share words with many others highest (TextRank)', () => {
    const rank = textRank([
      [1, 0.5, 0.5],
      [0.5, 1, 0],
      [0.5, 0, 1],
    ]);
    expect(rank[0]).toBe(1);
    expect(rank[1]).toBeLessThan(1);
    expect(rank[1]).toBeCloseTo(rank[2]!, 5);
  });
});

describe('topic', () => {
  it('is a recurring noun phrase in Title Case', () => {
    const sentences = ['The/DET* bike/NOUN lane/NOUN opens/VERB ./PUNCT', 'Shops/NOUN fear/VERB the/DET* bike/NOUN lane/NOUN ./PUNCT'].map(tagged);
    expect(topicOf(rankSentences(sentences))).toBe('Bike Lane');
  });

  it('is none when no phrase recurs or stands out, rather than a fragment', () => {
    const sentences = ['Los/DET viajeros/NOUN que/PRON se/PRON informen/VERB ./PUNCT', 'Fat/ADJ mutton/NOUN pieces/NOUN went/VERB ./PUNCT', 'Home/NOUN number/NOUN ratio/NOUN is/AUX* up/ADV ./PUNCT'].map(tagged);
    expect(topicOf(rankSentences(sentences))).toBe('');
  });

  it('writes words in Title Case, capitals only where a word starts, function words inside in lower case', () => {
    expect(titleCase(['GREAT', 'sorrow'])).toBe('Great Sorrow');
    expect(titleCase(['volcanoes', 'and', 'magma'])).toBe('Volcanoes and Magma');
    expect(titleCase(['Mount', 'Saint', 'Helens'])).toBe('Mount Saint Helens');
  });
});
