/**
 * GET /api/search: hits from the user's index by words, then (issue 30) by meaning, checked against the table (still there, active, finished,
 * in the asked project and tag), best first. The index holds only what is searched; the table is the
 * truth for everything that changes without the text.
 */
import type { SearchResult } from '../../contract';
import { allTranscripts, findTranscripts, type TranscriptItem } from '../../data/transcripts';
import { sameName } from '../../domain/names';
import { markWords, searchSourceOf, type SearchHit, type SearchQuery, type SearchSource } from '../../domain/search';
import { concurrencyLimit } from '../../domain/concurrency';
import { closestPassages } from '../../domain/ask-ranking';
import { embeddingEngine } from '../../engines/wiring';
import { searchIndex, storedPassageIndexes } from '../../storage/search-store';
import { asRecord, readBody } from './records';
import { requestVectorBackfill } from './vector-backfill';

/** Items read per round: enough for a full page even when filters drop some; BatchGetItem takes at most 100. */
const BATCH = 100;
/** Matches by meaning shown at most: they come after every match by words. */
const MEANING_RESULTS = 5;
/**
 * Words a query needs before matches by meaning are added: a lone word has little meaning of its own to compare,
 * and a rare one (a name) came out close to unrelated text (a transcript of stray characters matched "zanzibar").
 */
const MEANING_MIN_WORDS = 2;

/**
 * The transcripts with a passage close in meaning to the query and no match by words, each at its closest
 * passage; none for a one-word query, without sentence vectors, or when the query can't be embedded (the words
 * alone answer). `withoutVectors`: some passages have none yet (indexed before search by meaning).
 */
async function meaningHits(userId: string, q: string, byWords: ReadonlySet<string>): Promise<{ hits: SearchHit[]; withoutVectors: boolean }> {
  const engine = await embeddingEngine();
  if (!engine || q.trim().split(/\s+/).length < MEANING_MIN_WORDS) return { hits: [], withoutVectors: false };
  const indexes = await storedPassageIndexes(userId, () => searchSources(userId), engine.model);
  const withoutVectors = indexes.some((index) => index.passages.some((_, position) => index.vectors[position] === undefined));
  // The query is embedded (a paid call on AWS) only when some passage has a vector to compare it with.
  const anyVectors = indexes.some((index) => index.vectors.some((vector) => vector !== undefined));
  const [query] = anyVectors ? await engine.embed([q]).catch(() => []) : [];
  if (!query) return { hits: [], withoutVectors };
  const hits = new Map<string, SearchHit>();
  for (const { passage, similarity } of closestPassages(indexes, query)) {
    if (hits.size === MEANING_RESULTS) break;
    if (byWords.has(passage.transcript_id) || hits.has(passage.transcript_id)) continue;
    hits.set(passage.transcript_id, { id: passage.transcript_id, score: similarity, snippet: markWords(passage.text.split(' '), 0, new Set()), start_ms: passage.start_ms, match: 'meaning' });
  }
  return { hits: [...hits.values()], withoutVectors };
}

/** Still there, active, finished, in the asked project and tag (the table is the truth the index is checked against). */
export const matches = (item: TranscriptItem | undefined, query: Pick<SearchQuery, 'project_id' | 'tag'>): item is TranscriptItem =>
  item !== undefined &&
  item.state === 'active' &&
  item.status === 'complete' &&
  (!query.project_id || item.projectId === query.project_id) &&
  (!query.tag || (item.tags ?? []).some((tag) => sameName(tag, query.tag!)));

/** Every finished transcript of the user (or those of `transcriptIds`) as the index holds it (the first index of older transcripts). */
export async function searchSources(userId: string, transcriptIds?: readonly string[]): Promise<SearchSource[]> {
  const limit = concurrencyLimit(8);
  const items = transcriptIds ? await findTranscripts(userId, [...transcriptIds]) : await allTranscripts(userId);
  const finished = items.filter((item) => item.status === 'complete' && item.bodyKey);
  const sources = await Promise.all(finished.map((item) => limit(async () => {
    const body = await readBody(item);
    return body ? searchSourceOf(asRecord(item), body) : null;
  })));
  return sources.filter((source) => source !== null);
}

export async function searchTranscripts(userId: string, query: SearchQuery): Promise<SearchResult[]> {
  const byWords = await searchIndex(userId, query.q, () => searchSources(userId));
  // Meaning fills what the words leave of a page.
  const byMeaning = byWords.length >= query.limit ? { hits: [], withoutVectors: false } : await meaningHits(userId, query.q, new Set(byWords.map((hit) => hit.id)));
  const hits = [...byWords, ...byMeaning.hits];
  const results: SearchResult[] = [];
  for (let from = 0; from < hits.length && results.length < query.limit; from += BATCH) {
    const batch = hits.slice(from, from + BATCH);
    const found = await findTranscripts(userId, batch.map((hit) => hit.id));
    const items = new Map(found.map((item) => [item.transcriptId, item]));
    for (const hit of batch) {
      const item = items.get(hit.id);
      if (!matches(item, query)) continue;
      results.push({ id: item.transcriptId, filename: item.filename, created_at: item.createdAt, topic: item.topic ?? '', snippet: hit.snippet, start_ms: hit.start_ms, match: hit.match ?? 'words' });
      if (results.length === query.limit) break;
    }
  }
  // Passages indexed before search by meaning matched by their words; they gain vectors once this answer is made (as after a question).
  if (byMeaning.withoutVectors) await requestVectorBackfill(userId);
  return results;
}
