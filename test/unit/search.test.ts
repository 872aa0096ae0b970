import { markWords, normalizeTerm, SearchQuery, SearchShard, shardOf, SEARCH_SHARDS, type SearchSource } from '../../functions/domain/search';
import type { WordGroup } from '../../functions/domain/parse-transcript';

/** Word groups from sentences, one word every 500 ms from `startMs`. */
function groups(startMs: number, ...sentences: string[]): WordGroup[] {
  let at = startMs;
  return sentences.map((sentence) => ({
    words: sentence.split(' ').map((word) => {
      const timed = { word, start: at, end: at + 400 };
      at += 500;
      return timed;
    }),
  }));
}

const source = (id: string, overrides: Partial<SearchSource>): SearchSource => ({ id, filename: `${id}.mp3`, topic: '', summary: '', speakers: [], groups: [], ...overrides });

function shardWith(...sources: SearchSource[]): SearchShard {
  const shard = SearchShard.empty();
  sources.forEach((item) => shard.upsert(item));
  return shard;
}

describe('search shard', () => {
  const meeting = source('meeting', { groups: groups(0, 'Welcome everyone to the meeting.', 'Today we discuss the budget for next year.', 'The budget is tight.') });
  const lecture = source('lecture', { groups: groups(60_000, 'The Café on the corner sells coffee.', 'Nothing about money here.'), topic: 'Coffee culture' });

  it('finds a word and gives the time of its first occurrence with a marked, escaped snippet', () => {
    const [hit, ...rest] = shardWith(meeting, lecture).search('budget');
    expect(rest).toEqual([]);
    expect(hit!.id).toBe('meeting');
    // "Today we discuss the budget": the 10th word, 500 ms apart.
    expect(hit!.start_ms).toBe(9 * 500);
    expect(hit!.snippet).toBe('Today we discuss the <mark>budget</mark> for next year.');
  });

  it('matches prefixes, small typos, any case and accents', () => {
    const shard = shardWith(meeting, lecture);
    expect(shard.search('budg').map((hit) => hit.id)).toEqual(['meeting']);
    expect(shard.search('budjet').map((hit) => hit.id)).toEqual(['meeting']);
    expect(shard.search('BUDGET').map((hit) => hit.id)).toEqual(['meeting']);
    expect(shard.search('cafe').map((hit) => hit.id)).toEqual(['lecture']);
    expect(shard.search('café')[0]!.snippet).toContain('<mark>Café</mark>');
  });

  it('needs every word of the query in one sentence and ranks a name or topic match high', () => {
    const shard = shardWith(meeting, lecture, source('budget-notes', { filename: 'Budget notes.m4a', groups: groups(0, 'Some words.') }));
    expect(shard.search('budget tight').map((hit) => hit.id)).toEqual(['meeting']);
    const hits = shard.search('budget');
    expect(hits.map((hit) => hit.id).sort()).toEqual(['budget-notes', 'meeting']);
    expect(hits.find((hit) => hit.id === 'budget-notes')).toMatchObject({ start_ms: 0, snippet: '<mark>Budget</mark> notes.m4a' });
    expect(shard.search('coffee')[0]!.id).toBe('lecture');
  });

  it('finds speaker names and summaries', () => {
    const shard = shardWith(source('interview', { speakers: ['Alice Martin', 'Speaker 2'], summary: 'Hiring plans', groups: groups(0, 'Hello there.') }));
    expect(shard.search('alice').map((hit) => hit.id)).toEqual(['interview']);
    expect(shard.search('hiring').map((hit) => hit.id)).toEqual(['interview']);
  });

  it('replaces what it held of a transcript on an update and forgets a removed one, also after a round trip', async () => {
    const shard = shardWith(meeting, lecture);
    shard.upsert({ ...meeting, groups: groups(0, 'We talk about salaries.') });
    expect(shard.search('budget')).toEqual([]);
    expect(shard.search('salaries').map((hit) => hit.id)).toEqual(['meeting']);
    const loaded = SearchShard.fromJSON(await shard.toJSON());
    expect(loaded.search('salaries').map((hit) => hit.id)).toEqual(['meeting']);
    loaded.remove('meeting');
    expect(loaded.search('salaries')).toEqual([]);
    expect(loaded.size).toBe(1);
    expect(SearchShard.fromJSON(await loaded.toJSON()).search('coffee').map((hit) => hit.id)).toEqual(['lecture']);
  });

  it('never marks up the text it shows', () => {
    const shard = shardWith(source('html', { groups: groups(0, '<script>alert(1)</script> budget & more') }));
    expect(shard.search('budget')[0]!.snippet).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>budget</mark> &amp; more');
  });
});

describe('a shard\'s passages for Ask (issue 30)', () => {
  const meeting = source('meeting', { groups: groups(0, 'Welcome everyone to the meeting.', 'Today we discuss the budget for next year.') });
  const lecture = source('lecture', { groups: groups(60_000, 'The Café on the corner sells coffee.') });

  it('keeps each transcript\'s passages through a store and a load, replaces them on an update and drops them on a removal', async () => {
    const shard = SearchShard.fromJSON(await shardWith(meeting, lecture).toJSON());
    expect(shard.passageIndex().passages.map((passage) => passage.transcript_id).sort()).toEqual(['lecture', 'meeting']);
    shard.upsert(source('meeting', { groups: groups(0, 'A corrected sentence.') }));
    expect(shard.passageIndex().passages.find((passage) => passage.transcript_id === 'meeting')?.text).toBe('A corrected sentence.');
    shard.remove('lecture');
    expect(shard.passageIndex().passages.map((passage) => passage.transcript_id)).toEqual(['meeting']);
    expect(shard.withoutPassages()).toEqual([]);
  });

  it('names the transcripts of a shard stored before Ask, which has no passages', async () => {
    const stored = JSON.parse(await shardWith(meeting, lecture).toJSON()) as Record<string, unknown>;
    delete stored.passages;
    const old = SearchShard.fromJSON(JSON.stringify(stored));
    expect(old.withoutPassages().sort()).toEqual(['lecture', 'meeting']);
    expect(old.passageIndex().passages).toEqual([]);
    expect(old.search('budget').map((hit) => hit.id)).toEqual(['meeting']);
  });
});

describe('search helpers', () => {
  it('puts a transcript in the same shard every time', () => {
    expect(shardOf('abc')).toBe(shardOf('abc'));
    const shards = new Set(Array.from({ length: 200 }, (_, index) => shardOf(`transcript-${index}`)));
    expect(shards.size).toBe(SEARCH_SHARDS);
  });

  it('cuts long snippets around the first match', () => {
    const words = Array.from({ length: 40 }, (_, index) => `w${index}`);
    expect(markWords(words, 20, new Set(['w20']))).toBe(`… ${words.slice(14, 20).join(' ')} <mark>w20</mark> ${words.slice(21, 33).join(' ')} …`);
  });

  it('folds case and accents', () => {
    expect(normalizeTerm('Éléphant')).toBe('elephant');
  });

  it('checks the query', () => {
    expect(SearchQuery.safeParse({ q: '  ' }).error!.issues[0]!.message).toBe('Type something to search for.');
    expect(SearchQuery.safeParse({ q: 'x', limit: '51' }).success).toBe(false);
    expect(SearchQuery.parse({ q: ' budget ', limit: '5' })).toEqual({ q: 'budget', limit: 5 });
    expect(SearchQuery.parse({ q: 'budget' }).limit).toBe(20);
  });
});
