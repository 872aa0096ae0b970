/**
 * The vectors of transcripts indexed before search by meaning (issue 30): a question answers at once with what
 * the index holds (its words; no passage is embedded inside the request), and starts a backfill that runs after
 * the answer, in bounded batches, through the shard update. Driven explicitly here: the test awaits the local
 * backfill, or runs one batch itself. The engine is a small stand-in that knows a few synonyms, so a match by
 * meaning is told apart from one by words without the sentence encoder.
 */
import type { EmbeddingEngine } from '../../functions/domain/embedding';
import { renderText, type WordGroup } from '../../functions/domain/parse-transcript';
import { embeddingEngine, localEngines } from '../../functions/engines/wiring';
import { backfillVectorsBatch } from '../../functions/engines/vector-backfill/batch';
import { addMissingVectors, indexTranscript, storedPassageIndexes } from '../../functions/storage/search-store';
import { LECTURE_TRANSCRIPT, MEETING_TRANSCRIPT } from '../fixtures/ask-made-transcripts';
import { Browser, signedUpBrowser, userIdOf } from './http-client';
import { useTestStack } from './local-stack';
import { seedFinished } from './seed';

/** Each call's texts. */
const mockCalls: string[][] = [];

jest.mock('../../functions/engines/embeddings/local-sentence-encoder', () => {
  const actual = jest.requireActual<typeof import('../../functions/engines/embeddings/local-sentence-encoder')>('../../functions/engines/embeddings/local-sentence-encoder');
  const { hashedVector } = jest.requireActual<typeof import('../../functions/domain/embedding')>('../../functions/domain/embedding');
  // Words of one meaning share a concept; other words count for nothing.
  const concepts: Record<string, string> = { phone: 'device', handset: 'device', mobile: 'device', battery: 'energy', power: 'energy', drains: 'energy', complaining: 'trouble', problems: 'trouble' };
  const vectorOf = (text: string) => hashedVector(text.toLowerCase().split(/\W+/).flatMap((word) => (concepts[word] ? [concepts[word]] : [])).join(' '));
  return {
    ...actual,
    loadSentenceEncoder: async (): Promise<EmbeddingEngine> => ({ model: 'concepts', embed: async (texts) => (mockCalls.push([...texts]), texts.map(vectorOf)) }),
  };
});

const stack = useTestStack();
let ann: Browser;
let meeting: string;

const bodyOf = (groups: WordGroup[]) => ({ text: renderText(groups, false), word_timings: groups, speakers: [...new Set(groups.flatMap((group) => (group.speaker ? [group.speaker] : [])))] });
const citations = async (browser: Browser, question: string) => ((await browser.post('/api/ask', { question })).body as { citations: { text: string }[] }).citations;
/** Passages of the user with and without a vector. */
const vectorCounts = async (browser: Browser) => {
  const indexes = await storedPassageIndexes(await userIdOf(browser), async () => [], 'concepts');
  const vectors = indexes.flatMap((index) => index.passages.map((_, position) => index.vectors[position]));
  return { with: vectors.filter(Boolean).length, without: vectors.filter((vector) => !vector).length };
};
const PARAPHRASE = 'mobile handset power problems';
/** Where the passage on the battery is among the citations (-1: not cited). */
const battery = (cited: { text: string }[]) => cited.findIndex((citation) => citation.text.includes('battery drains overnight'));

beforeAll(async () => {
  ann = await signedUpBrowser(stack, 'ann@example.com');
  // Stored as before search by meaning: no index at all until the first search or question.
  meeting = await seedFinished(ann, bodyOf(MEETING_TRANSCRIPT.groups), 'meeting.m4a');
  await seedFinished(ann, bodyOf(LECTURE_TRANSCRIPT.groups), 'lecture.m4a');
});

it('a first question answers with word matches without embedding any passage, and the backfill after it lets the same question find a passage by meaning', async () => {
  // None of the paraphrase's words is said: by words alone, the moment is not found.
  expect(battery(await citations(ann, PARAPHRASE))).toBe(-1);
  // Only the question was embedded inside the request (the backfill starts after the answer).
  expect(mockCalls[0]).toEqual([PARAPHRASE]);
  expect(battery(await citations(ann, 'battery overnight'))).toBe(0);

  await localEngines.vectorBackfill().settled();
  expect((await vectorCounts(ann)).without).toBe(0);
  expect(battery(await citations(ann, PARAPHRASE))).toBe(0);
});

it('a batch embeds at most its passages, says whether more remain, and a second run finds nothing to do', async () => {
  const bob = await signedUpBrowser(stack, 'bob@example.com');
  for (const transcript of [MEETING_TRANSCRIPT, LECTURE_TRANSCRIPT]) await seedFinished(bob, bodyOf(transcript.groups), `${transcript.id}.m4a`);
  // A search indexes the words (no vectors, no backfill started).
  expect((await bob.get('/api/search?q=battery')).status).toBe(200);
  const before = await vectorCounts(bob);
  expect(before.with).toBe(0);
  const engine = (await embeddingEngine())!;
  const userId = await userIdOf(bob);
  mockCalls.length = 0;
  expect(await addMissingVectors(userId, engine, 1)).toBe(true);
  expect(mockCalls).toHaveLength(1);
  // One transcript a batch at least: its passages, however few the batch allows.
  const first = await vectorCounts(bob);
  expect(first.with).toBe(mockCalls[0]!.length);
  expect(first.without).toBeGreaterThan(0);
  while (await backfillVectorsBatch(userId, engine));
  expect(await vectorCounts(bob)).toEqual({ with: before.without, without: 0 });
  mockCalls.length = 0;
  expect(await backfillVectorsBatch(userId, engine)).toBe(false);
  expect(mockCalls).toEqual([]);
});

it('keeps a correction made while a batch was embedding: its passages are left to the correction, never written back', async () => {
  const userId = await userIdOf(ann);
  const engine = (await embeddingEngine())!;
  // The meeting loses its vectors (as a transcript indexed before search by meaning), then is corrected while a batch embeds.
  const corrected = MEETING_TRANSCRIPT.groups[4]!.words.map((word) => word.word).join(' ').replace('twenty', 'thirty');
  const slow: EmbeddingEngine = {
    model: engine.model,
    embed: async (texts) => {
      expect((await ann.put(`/api/transcripts/${meeting}/text`, { groups: [{ index: 4, text: corrected }] })).status).toBe(200);
      return engine.embed(texts);
    },
  };
  await addMissingVectors(userId, { model: 'another-model', embed: engine.embed }, 1000);
  await addMissingVectors(userId, slow, 1000);
  const texts = (await storedPassageIndexes(userId, async () => [], engine.model)).flatMap((index) => index.passages.map((passage) => passage.text));
  expect(texts.some((text) => text.includes('thirty percent'))).toBe(true);
});

it("a user's first question keeps the vectors of transcripts indexed since search by meaning: nothing is embedded again", async () => {
  const cy = await signedUpBrowser(stack, 'cy@example.com');
  const userId = await userIdOf(cy);
  const id = await seedFinished(cy, bodyOf(MEETING_TRANSCRIPT.groups), 'meeting.m4a');
  // As a finished job indexes it: words, passages and their vectors.
  await indexTranscript(userId, { id, filename: 'meeting.m4a', topic: '', summary: '', speakers: [], groups: MEETING_TRANSCRIPT.groups }, (await embeddingEngine())!);
  mockCalls.length = 0;
  expect(battery(await citations(cy, PARAPHRASE))).toBe(0);
  await localEngines.vectorBackfill().settled();
  expect(mockCalls).toEqual([[PARAPHRASE]]);
});

it("the library's search by meaning starts the backfill too: a user who searches and never asks gains the older transcripts' vectors", async () => {
  const dee = await signedUpBrowser(stack, 'dee@example.com');
  await seedFinished(dee, bodyOf(MEETING_TRANSCRIPT.groups), 'meeting.m4a');
  // A query of two words or more looks for meaning; the passages have no vectors yet.
  expect((await dee.get(`/api/search?q=${encodeURIComponent(PARAPHRASE)}`)).status).toBe(200);
  await localEngines.vectorBackfill().settled();
  expect(await vectorCounts(dee)).toMatchObject({ without: 0 });
  expect((await vectorCounts(dee)).with).toBeGreaterThan(0);
  const found = (await dee.get(`/api/search?q=${encodeURIComponent(PARAPHRASE)}`)).body as { results: { match: string }[] };
  expect(found.results.map((hit) => hit.match)).toContain('meaning');
});
