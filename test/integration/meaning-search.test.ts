/**
 * Search by meaning (issue 30) on the real local stack: the passages' vectors kept with the user's search
 * index, a correction that embeds again only the passage it changed, another user's passages never found,
 * and the library's search marking a match by meaning. The sentence encoder is used when its packages are
 * installed; without them the engine is the hashed words of the AWS stand-in (same shape and storage), and
 * the test that needs meaning rather than words runs only with the encoder.
 */
import type { EmbeddingEngine } from '../../functions/domain/embedding';
import { sentenceEncoderInstalled } from '../../functions/engines/embeddings/local-sentence-encoder';
import { renderText, type WordGroup } from '../../functions/domain/parse-transcript';
import { localEngines } from '../../functions/engines/wiring';
import { storedPassageIndexes } from '../../functions/storage/search-store';
import { MEETING_TRANSCRIPT } from '../fixtures/ask-made-transcripts';
import { Browser, signedUpBrowser, userIdOf } from './http-client';
import { useTestStack } from './local-stack';
import { seedFinished } from './seed';

/** Every text the engine was asked to embed, in order. */
const mockEmbedded: string[] = [];
let mockEncoder = false;

jest.mock('../../functions/engines/embeddings/local-sentence-encoder', () => {
  const actual = jest.requireActual<typeof import('../../functions/engines/embeddings/local-sentence-encoder')>('../../functions/engines/embeddings/local-sentence-encoder');
  const { hashedVector: hashed } = jest.requireActual<typeof import('../../functions/domain/embedding')>('../../functions/domain/embedding');
  return {
    ...actual,
    loadSentenceEncoder: async (): Promise<EmbeddingEngine> => {
      const real = await actual.loadSentenceEncoder();
      mockEncoder = real !== null;
      const engine: EmbeddingEngine = real ?? { model: 'hashed-words', embed: async (texts) => texts.map((text) => hashed(text)) };
      return { model: engine.model, embed: (texts) => (mockEmbedded.push(...texts), engine.embed(texts)) };
    },
  };
});

const ENCODER_INSTALLED = sentenceEncoderInstalled();

const stack = useTestStack();
let ann: Browser;
let bob: Browser;
let meeting: string;

const bodyOf = (groups: WordGroup[]) => ({ text: renderText(groups, false), word_timings: groups, speakers: [...new Set(groups.flatMap((group) => (group.speaker ? [group.speaker] : [])))] });
type Citation = { transcript_id: string; text: string };
const citations = async (browser: Browser, question: string) => ((await browser.post('/api/ask', { question })).body as { citations: Citation[] }).citations;
/** Ann's stored passages and their vectors, in order. */
const stored = async () => {
  const [index] = (await storedPassageIndexes(await userIdOf(ann), async () => [], mockEncoder ? 'use-lite-512' : 'hashed-words')).filter((shard) => shard.passages.length > 0);
  return index!.passages.map((passage, position) => ({ text: passage.text, vector: index!.vectors[position] }));
};

beforeAll(async () => {
  ann = await signedUpBrowser(stack, 'ann@example.com');
  bob = await signedUpBrowser(stack, 'bob@example.com');
  meeting = await seedFinished(ann, bodyOf(MEETING_TRANSCRIPT.groups), 'meeting.m4a');
  await seedFinished(bob, bodyOf([{ words: 'Our advertising money shrinks by a fifth next quarter.'.split(' ').map((word, index) => ({ word, start: index * 400, end: index * 400 + 300 })) }]), 'bob.m4a');
});

it('says search by meaning is on, and the backfill a first question starts gives every passage a vector kept with the index', async () => {
  expect((await new Browser(stack.url).get('/api/capabilities')).body).toMatchObject({ search: { meaning: true } });
  expect((await citations(ann, 'launch date')).length).toBeGreaterThan(0);
  await localEngines.vectorBackfill().settled();
  const passages = await stored();
  expect(passages.length).toBeGreaterThan(3);
  expect(passages.every((passage) => passage.vector !== undefined)).toBe(true);
});

it('a correction embeds again only the passage it changed, and its stored vector is the only one that moves', async () => {
  const before = await stored();
  mockEmbedded.length = 0;
  // Group 4 is Mei on the budget: one word changed, the same number of words.
  const corrected = MEETING_TRANSCRIPT.groups[4]!.words.map((word) => word.word).join(' ').replace('twenty', 'thirty');
  expect((await ann.put(`/api/transcripts/${meeting}/text`, { groups: [{ index: 4, text: corrected }] })).status).toBe(200);
  const after = await stored();
  const changed = after.filter((passage, index) => passage.text !== before[index]!.text);
  expect(changed).toHaveLength(1);
  expect(changed[0]!.text).toContain('thirty percent');
  expect(mockEmbedded).toEqual([changed[0]!.text]);
  after.forEach((passage, index) => {
    if (passage.text === before[index]!.text) expect([...passage.vector!]).toEqual([...before[index]!.vector!]);
    else expect([...passage.vector!]).not.toEqual([...before[index]!.vector!]);
  });
});

it("never cites or finds another user's passages, however close their meaning", async () => {
  const asked = await citations(ann, 'How much less money will advertising get next quarter?');
  expect(asked.every((citation) => citation.transcript_id === meeting)).toBe(true);
  const found = (await ann.get('/api/search?q=advertising%20money%20shrinks')).body as { results: { id: string }[] };
  expect(found.results.every((result) => result.id === meeting)).toBe(true);
});

(ENCODER_INSTALLED ? it : it.skip)('finds a paraphrase by meaning when its words are not in the passage, and the library marks such a match (sentence encoder only)', async () => {
  // None of these words is said; the moment is Ravi on the battery draining overnight.
  const question = 'mobile handset power problems';
  const [first] = await citations(ann, question);
  expect(first?.text).toContain('battery drains overnight');
  const found = (await ann.get(`/api/search?q=${encodeURIComponent(question)}`)).body as { results: { id: string; match: string }[] };
  expect(found.results).toEqual([expect.objectContaining({ id: meeting, match: 'meaning' })]);
});

it('marks the matches by words as such', async () => {
  const found = (await ann.get('/api/search?q=casings')).body as { results: { id: string; match: string }[] };
  expect(found.results.filter((result) => result.match === 'words').map((result) => result.id)).toEqual([meeting]);
});
