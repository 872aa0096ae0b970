import { MEANING_MINIMUM, PassageIndex, rankPassages } from '../../functions/domain/ask-ranking';
import { decodeVector, dot, encodeVector, hashedVector, normalize } from '../../functions/domain/embedding';
import { fuseRanks } from '../../functions/domain/fusion';
import { SearchShard } from '../../functions/domain/search';

describe('sentence vectors (issue 30: search by meaning)', () => {
  it('normalises to unit length, a zero vector staying zero, and takes the dot product', () => {
    const unit = normalize([3, 4]);
    expect([...unit]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect([...normalize([0, 0])]).toEqual([0, 0]);
    expect(dot(unit, unit)).toBeCloseTo(1, 6);
    expect(dot([1, 0], [0, 1])).toBe(0);
  });

  it('stores a vector in a byte a dimension and reads back nearly the same direction', () => {
    const vector = normalize(Array.from({ length: 512 }, (_, index) => Math.sin(index * 1.7)));
    const stored = encodeVector(vector);
    expect(stored).toHaveLength(684);
    expect(dot(decodeVector(stored), vector)).toBeGreaterThan(0.999);
  });

  it('hashes the same words to the same unit vector, and unrelated words far apart', () => {
    const budget = hashedVector('The marketing budget is cut');
    expect([...hashedVector('the marketing budget is CUT')]).toEqual([...budget]);
    expect(dot(budget, budget)).toBeCloseTo(1, 5);
    expect(dot(budget, hashedVector('Grandmother grew tomatoes'))).toBeLessThan(0.2);
    expect([...hashedVector('the of and')].every((value) => value === 0)).toBe(true);
  });
});

describe('fuseRanks (reciprocal rank fusion)', () => {
  it('sums weight/(k + rank) over the lists, so an item high in both beats one first in only one', () => {
    expect(fuseRanks([{ items: ['a', 'b', 'c'], weight: 1 }, { items: ['b', 'd'], weight: 1 }])).toEqual(['b', 'a', 'd', 'c']);
    // A heavier list's first item wins over the other's.
    expect(fuseRanks([{ items: ['a'], weight: 1 }, { items: ['z'], weight: 2 }])[0]).toBe('z');
    expect(fuseRanks([])).toEqual([]);
  });
});

describe('rankPassages by meaning', () => {
  const passages = [
    { transcript_id: 'launch', start_ms: 0, end_ms: 1, speaker: null, text: 'We agreed to move the product launch to March.' },
    { transcript_id: 'garden', start_ms: 0, end_ms: 1, speaker: null, text: 'My grandmother grew tomatoes every summer.' },
  ];
  // Fake vectors: the launch passage points one way, the garden passage another.
  const index = [new PassageIndex(passages, [normalize([1, 0.1]), normalize([0, 1])])];

  it('finds the passage whose vector is closest when no word matches, and fuses it with the words', () => {
    const question = 'When is the release?';
    expect(rankPassages(index, question, { limit: 3, signal: 'lexical' })).toEqual([]);
    expect(rankPassages(index, question, { limit: 1, signal: 'meaning', meaning: normalize([1, 0]) })[0]!.transcript_id).toBe('launch');
    expect(rankPassages(index, question, { limit: 1, meaning: normalize([1, 0]) })[0]!.transcript_id).toBe('launch');
    // The garden's words and the launch's meaning: both cited.
    expect(rankPassages(index, 'tomatoes', { limit: 3, meaning: normalize([1, 0]) }).map((passage) => passage.transcript_id).sort()).toEqual(['garden', 'launch']);
  });

  it('leaves out passages without a vector from the meaning ranking', () => {
    const partial = [new PassageIndex(passages, [undefined, normalize([0, 1])])];
    expect(rankPassages(partial, 'anything', { limit: 3, signal: 'meaning', meaning: normalize([0.1, 1]) }).map((passage) => passage.transcript_id)).toEqual(['garden']);
  });

  it('cites nothing by meaning for a question unlike every passage (each has some cosine, under MEANING_MINIMUM)', () => {
    const unlike = normalize([1, -3.5]);
    expect(Math.max(...index[0]!.vectors.map((vector) => vector!.reduce((sum, value, i) => sum + value * unlike[i]!, 0)))).toBeLessThan(MEANING_MINIMUM);
    expect(rankPassages(index, 'rainbow', { limit: 3, meaning: unlike })).toEqual([]);
  });
});

describe('SearchShard passage vectors', () => {
  const source = (text: string) => ({
    id: 't1', filename: 'a.m4a', topic: '', summary: '', speakers: [],
    // A word every 40 s: each two-word sentence is a passage of its own.
    groups: [{ words: text.split(' ').map((word, index) => ({ word, start: index * 40_000, end: index * 40_000 + 500 })) }],
  });

  it('keeps vectors by model through JSON, reuses those of unchanged passage texts, and drops them with the transcript', async () => {
    const shard = SearchShard.empty();
    shard.upsert(source('First one. Second one.'), { model: 'm', vectors: [encodeVector(normalize([1, 0])), encodeVector(normalize([0, 1]))] });
    const stored = SearchShard.fromJSON(await shard.toJSON());
    expect(stored.withoutVectors('m')).toEqual([]);
    expect(stored.withoutVectors('other')).toEqual(['t1']);
    expect([...stored.vectorsByText('t1', 'm').keys()]).toEqual(['First one.', 'Second one.']);
    expect(stored.vectorsByText('t1', 'other').size).toBe(0);
    expect(stored.passageIndex('m').vectors.filter(Boolean)).toHaveLength(2);
    expect(stored.passageIndex('other').vectors.filter(Boolean)).toHaveLength(0);
    stored.remove('t1');
    expect(stored.vectorsByText('t1', 'm').size).toBe(0);
  });
});
