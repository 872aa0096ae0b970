/**
 * A search shard is updated in place (issue 25: copying a large one through JSON held the app): an update
 * that loses every race to other writers leaves nothing of itself in the cached shard, and the next one is
 * stored whole.
 */
import { advanceShardVersion, shardVersions } from '../../functions/data/search-shards';
import { shardOf, type SearchSource } from '../../functions/domain/search';
import { indexTranscript, searchIndex } from '../../functions/storage/search-store';
import { useTestStack } from './local-stack';

// Every other writer of a shard goes through this module: a test makes each of an update's writes lose.
jest.mock('../../functions/data/search-shards', () => {
  const actual = jest.requireActual<typeof import('../../functions/data/search-shards')>('../../functions/data/search-shards');
  return { ...actual, advanceShardVersion: jest.fn(actual.advanceShardVersion), shardVersions: jest.fn(actual.shardVersions) };
});
const advance = advanceShardVersion as jest.MockedFunction<typeof advanceShardVersion>;
const versions = shardVersions as jest.MockedFunction<typeof shardVersions>;

useTestStack();

const userId = 'search-races-user';
const source = (id: string, word: string): SearchSource => ({ id, filename: `${id}.wav`, topic: '', summary: '', speakers: [], groups: [{ words: [{ word, start: 0, end: 400 }] }] });
const found = async (word: string) => (await searchIndex(userId, word, async () => [])).map((hit) => hit.id);

it('an update that loses every race leaves the cached shard as stored; the next update stores it', async () => {
  const first = 'transcript-one';
  // A second transcript in the same shard, so the lost update would change the cached one.
  const second = Array.from({ length: 100 }, (_, index) => `transcript-${index}`).find((id) => id !== first && shardOf(id) === shardOf(first))!;
  await indexTranscript(userId, source(first, 'harbour'), null);
  expect(await found('harbour')).toEqual([first]);

  advance.mockResolvedValue(false);
  await expect(indexTranscript(userId, source(second, 'lighthouse'), null)).rejects.toThrow('kept changing');
  advance.mockImplementation(jest.requireActual<typeof import('../../functions/data/search-shards')>('../../functions/data/search-shards').advanceShardVersion);
  expect(await found('lighthouse')).toEqual([]);
  expect(await found('harbour')).toEqual([first]);

  await indexTranscript(userId, source(second, 'lighthouse'), null);
  expect(await found('lighthouse')).toEqual([second]);
  expect(await found('harbour')).toEqual([first]);
});

it('a reader that read a version just before another update replaced it reads the newer one, not a missing object', async () => {
  const reader = 'search-races-reader';
  const [first, second] = Array.from({ length: 100 }, (_, index) => `reader-${index}`).filter((id, _, all) => shardOf(id) === shardOf(all[0]!));
  await indexTranscript(reader, source(first!, 'harbour'), null);
  // Read once so every transcript counts as indexed, then keep the versions as they are now.
  await searchIndex(reader, 'harbour', async () => []);
  const before = await jest.requireActual<typeof import('../../functions/data/search-shards')>('../../functions/data/search-shards').shardVersions(reader);
  // Another update stores the next version and deletes this one's object.
  await indexTranscript(reader, source(second!, 'lighthouse'), null);
  versions.mockResolvedValueOnce(before);
  expect((await searchIndex(reader, 'lighthouse', async () => [])).map((hit) => hit.id)).toEqual([second]);
});

it('updates racing from one version each store their own object: the loser never deletes or overwrites what the winner stored', async () => {
  const racer = 'search-races-racer';
  const ids = Array.from({ length: 200 }, (_, index) => `racer-${index}`).filter((id, _, all) => shardOf(id) === shardOf(all[0]!)).slice(0, 6);
  const words = ['harbour', 'lighthouse', 'meadow', 'orchard', 'quarry', 'glacier'];
  await searchIndex(racer, 'anything', async () => []);
  // Every update starts from the same version; all but one lose the first round and try again.
  await Promise.all(ids.map((id, index) => indexTranscript(racer, source(id, words[index]!), null)));
  for (const [index, word] of words.entries()) expect((await searchIndex(racer, word, async () => [])).map((hit) => hit.id)).toEqual([ids[index]]);
});
