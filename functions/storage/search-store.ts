/**
 * The per-user search index in S3 (functions/domain/search.ts says why): shard `n` at version `v` is
 * the object `users/{userId}/search/{n}-{v}-{write}.json`; the table holds each shard's current version.
 * Shards read once stay in memory while the function is warm, checked against the version on each search.
 */
import { newItemId } from '../data/ids';
import { advanceShardVersion, putShardVersion, shardVersion, shardVersions, type ShardState } from '../data/search-shards';
import type { PassageIndex } from '../domain/ask-ranking';
import { encodeVector, type EmbeddingEngine } from '../domain/embedding';
import { passagesOf } from '../domain/passages';
import { SearchShard, shardOf, type SearchHit, type SearchSource, type StoredVectors } from '../domain/search';
import { logger } from '../platform/logger';
import { deleteObject, getText, isMissingObject, putObject } from './media-store';
import { userPrefix } from './user-data';

const shardKey = (userId: string, shard: number, { version, object }: ShardState): string =>
  `${userPrefix(userId)}search/${shard}-${version}${object ? `-${object}` : ''}.json`;
/** Shards kept in memory (a few MB each at most); the least recently used go first. */
const MAX_CACHED_SHARDS = 64;
/**
 * Concurrent updates of one shard retry this often before giving up: each round one of them wins, so a
 * dozen jobs of one user finishing at once all land. A short random pause spreads the next round.
 */
const UPDATE_TRIES = 12;
const RETRY_PAUSE_MS = 40;

/** The marker row's shard number: every transcript of the user has been indexed once. */
const ALL_INDEXED = -1;

const cache = new Map<string, { version: number; shard: SearchShard }>();

function remember(userId: string, shard: number, version: number, loaded: SearchShard): void {
  const key = `${userId}/${shard}`;
  cache.delete(key);
  cache.set(key, { version, shard: loaded });
  if (cache.size > MAX_CACHED_SHARDS) cache.delete(cache.keys().next().value!);
}

async function loadShard(userId: string, shard: number, state: ShardState): Promise<SearchShard> {
  const { version } = state;
  const cached = cache.get(`${userId}/${shard}`);
  if (cached?.version === version) {
    remember(userId, shard, version, cached.shard);
    return cached.shard;
  }
  let text: string | undefined;
  try {
    text = version === 0 ? undefined : await getText(shardKey(userId, shard, state));
  } catch (error) {
    // A newer version replaced it between reading the version and the object (its commit deletes the old one):
    // read that one. An update that loaded it commits against the older version, loses, and tries again.
    const now = isMissingObject(error) ? await shardVersion(userId, shard) : state;
    if (now.version !== version) return loadShard(userId, shard, now);
    throw error;
  }
  const loaded = text === undefined ? SearchShard.empty() : SearchShard.fromJSON(text);
  remember(userId, shard, version, loaded);
  return loaded;
}

/**
 * The user's shards. On a user's first search or question every transcript the index does not hold yet is
 * indexed once from `existing` (those finished before search existed); a marker row says it was done.
 */
async function userShards(userId: string, existing: () => Promise<SearchSource[]>): Promise<SearchShard[]> {
  let versions = await shardVersions(userId);
  if (!versions.has(ALL_INDEXED)) {
    // Those indexed since (a finished job, a correction) stay as they are, with their vectors: indexed again
    // words only, they lost them to the backfill. Words only: a first search stays quick; the vector backfill makes the others'.
    const held = new Set((await loadShards(userId, versions)).flatMap((shard) => shard.transcriptIds()));
    await indexTranscripts(userId, (await existing()).filter((source) => !held.has(source.id)), null);
    await putShardVersion(userId, ALL_INDEXED, 1);
    versions = await shardVersions(userId);
  }
  versions.delete(ALL_INDEXED);
  return loadShards(userId, versions);
}

const loadShards = (userId: string, versions: ReadonlyMap<number, ShardState>): Promise<SearchShard[]> =>
  Promise.all([...versions].map(([shard, state]) => loadShard(userId, shard, state)));

/** The user's transcripts matching the query, best first (not yet checked for state or filters). */
export async function searchIndex(userId: string, query: string, existing: () => Promise<SearchSource[]>): Promise<SearchHit[]> {
  const shards = await userShards(userId, existing);
  return shards.flatMap((shard) => shard.search(query)).sort((a, b) => b.score - a.score);
}

/**
 * The user's passages, one ranking index a shard (Ask), with the vectors of `model` the shards hold, and whether
 * some passages lack them (transcripts indexed before search by meaning: the vector backfill makes them, never the
 * question, which would embed a whole library). Transcripts indexed before Ask are indexed again once, words only,
 * from `sources` of their ids, to gain their passages.
 */
export async function passageIndexes(
  userId: string,
  existing: () => Promise<SearchSource[]>,
  sources: (transcriptIds: string[]) => Promise<SearchSource[]>,
  model: string | undefined,
): Promise<{ indexes: PassageIndex[]; withoutVectors: boolean }> {
  let shards = await userShards(userId, existing);
  const missing = shards.flatMap((shard) => shard.withoutPassages());
  if (missing.length > 0) {
    await indexTranscripts(userId, await sources(missing), null);
    shards = await userShards(userId, existing);
  }
  return { indexes: shards.map((shard) => shard.passageIndex(model)), withoutVectors: model !== undefined && shards.some((shard) => shard.withoutVectors(model).length > 0) };
}

/**
 * One run of the vector backfill: the vectors of `engine` for the passages of transcripts that lack them, about
 * `maxPassages` of them (whole transcripts, one at least), made before any shard changes and then written through
 * the shard update, each only to a transcript whose passages are still those embedded: a correction meanwhile
 * made its own. True when more transcripts lack vectors. Running it again, or twice at once, makes nothing twice
 * that is stored.
 */
export async function addMissingVectors(userId: string, engine: EmbeddingEngine, maxPassages: number): Promise<boolean> {
  const versions = await shardVersions(userId);
  versions.delete(ALL_INDEXED);
  const batch = new Map<number, string[]>();
  const texts = new Set<string>();
  let passages = 0;
  let more = false;
  for (const [shard, state] of versions) {
    const loaded = await loadShard(userId, shard, state);
    for (const transcriptId of loaded.withoutVectors(engine.model)) {
      const own = loaded.passageTexts(transcriptId);
      if (passages > 0 && passages + own.length > maxPassages) {
        more = true;
        break;
      }
      passages += own.length;
      own.forEach((text) => texts.add(text));
      batch.set(shard, [...(batch.get(shard) ?? []), transcriptId]);
    }
    if (more) break;
  }
  if (batch.size === 0) return false;
  const list = [...texts];
  const made = await engine.embed(list);
  const byText = new Map(list.map((text, index) => [text, encodeVector(made[index]!)]));
  for (const [shard, transcriptIds] of batch) {
    await updateShard(userId, shard, (loaded) => transcriptIds.forEach((transcriptId) => loaded.addVectors(transcriptId, engine.model, byText)));
  }
  return more;
}

/** The passages as the shards hold them, with the vectors `model` made (the library's search: nothing is made on the way). */
export async function storedPassageIndexes(userId: string, existing: () => Promise<SearchSource[]>, model: string): Promise<PassageIndex[]> {
  return (await userShards(userId, existing)).map((shard) => shard.passageIndex(model));
}

/**
 * The vectors of a transcript's passages: those the shard holds for unchanged texts, the others made by
 * `engine` (a correction embeds only the passages it changed). None when the engine fails: the words are
 * indexed all the same, and the vector backfill a question starts makes them (addMissingVectors).
 */
async function passageVectors(shard: SearchShard, source: SearchSource, engine: EmbeddingEngine | null): Promise<StoredVectors | undefined> {
  if (!engine) return undefined;
  const texts = passagesOf(source.id, source.groups).map((passage) => passage.text);
  const known = shard.vectorsByText(source.id, engine.model);
  const missing = [...new Set(texts.filter((text) => !known.has(text)))];
  try {
    const made = await engine.embed(missing);
    missing.forEach((text, index) => known.set(text, encodeVector(made[index]!)));
  } catch (error) {
    logger.error('Passage vectors were not made', { transcriptId: source.id, error: (error as Error).message });
    return undefined;
  }
  return { model: engine.model, vectors: texts.map((text) => known.get(text)!) };
}

/**
 * Stores a new version of the shard; false when another update came first (then nothing changed). Each
 * write has its own object name: an update racing from the same version must not overwrite, or on losing
 * delete, the object the winner's version names.
 */
async function commit(userId: string, shard: number, current: ShardState, updated: SearchShard): Promise<boolean> {
  const object = newItemId();
  const next: ShardState = { version: current.version + 1, object };
  await putObject(shardKey(userId, shard, next), await updated.toJSON(), 'application/json');
  if (!(await advanceShardVersion(userId, shard, current.version, object))) {
    await deleteObject(shardKey(userId, shard, next));
    return false;
  }
  remember(userId, shard, next.version, updated);
  if (current.version > 0) await deleteObject(shardKey(userId, shard, current));
  return true;
}

async function updateShard(userId: string, shard: number, change: (shard: SearchShard) => void | Promise<void>): Promise<void> {
  for (let attempt = 0; attempt < UPDATE_TRIES; attempt++) {
    const current = await shardVersion(userId, shard);
    // Changed in place, not on a copy (copying a large shard through JSON held the app for as long as the
    // write, issue 25); an update that loses the race drops the cached shard, so the next one reads it as stored.
    const loaded = await loadShard(userId, shard, current);
    await change(loaded);
    if (await commit(userId, shard, current, loaded)) return;
    cache.delete(`${userId}/${shard}`);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_PAUSE_MS));
  }
  throw new Error(`The search index of shard ${shard} kept changing; the update was not stored.`);
}

/** Adds a transcript to the user's index or replaces what it held of it (complete, edit, rename, summary). */
export async function indexTranscript(userId: string, source: SearchSource, embedder: EmbeddingEngine | null): Promise<void> {
  await indexTranscripts(userId, [source], embedder);
}

/**
 * Many transcripts at once: one write per shard (a first index of older transcripts, the benchmark), with
 * their passages' vectors made by `embedder` (null: words only).
 */
export async function indexTranscripts(userId: string, sources: readonly SearchSource[], embedder: EmbeddingEngine | null): Promise<void> {
  const byShard = new Map<number, SearchSource[]>();
  for (const source of sources) byShard.set(shardOf(source.id), [...(byShard.get(shardOf(source.id)) ?? []), source]);
  for (const [shard, list] of byShard) {
    await updateShard(userId, shard, async (loaded) => {
      // Every vector is made before the shard changes: a search meanwhile sees it whole, before or after.
      const vectors: (StoredVectors | undefined)[] = [];
      for (const source of list) vectors.push(await passageVectors(loaded, source, embedder));
      list.forEach((source, index) => loaded.upsert(source, vectors[index]));
    });
  }
}

/**
 * The same for a step whose main work is done: a failure to index is logged, never turned into a failed
 * edit or transcription (the next change of the transcript indexes it again).
 */
export async function indexTranscriptQuietly(userId: string, source: SearchSource, embedder: EmbeddingEngine | null): Promise<void> {
  await indexTranscript(userId, source, embedder).catch((error: Error) => logger.error('Search index update failed', { transcriptId: source.id, error: error.message }));
}
