/**
 * GET /api/search: hits from the user's index, checked against the table (still there, active, finished,
 * in the asked project and tag), best first. The index holds only what is searched; the table is the
 * truth for everything that changes without the text.
 */
import type { SearchResult } from '../../contract';
import { allTranscripts, findTranscripts, type TranscriptItem } from '../../data/transcripts';
import { sameName } from '../../domain/names';
import { searchSourceOf, type SearchQuery, type SearchSource } from '../../domain/search';
import { concurrencyLimit } from '../../domain/concurrency';
import { searchIndex } from '../../storage/search-store';
import { asRecord, readBody } from './records';

/** Items read per round: enough for a full page even when filters drop some; BatchGetItem takes at most 100. */
const BATCH = 100;

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
  const hits = await searchIndex(userId, query.q, () => searchSources(userId));
  const results: SearchResult[] = [];
  for (let from = 0; from < hits.length && results.length < query.limit; from += BATCH) {
    const batch = hits.slice(from, from + BATCH);
    const found = await findTranscripts(userId, batch.map((hit) => hit.id));
    const items = new Map(found.map((item) => [item.transcriptId, item]));
    for (const hit of batch) {
      const item = items.get(hit.id);
      if (!matches(item, query)) continue;
      results.push({ id: item.transcriptId, filename: item.filename, created_at: item.createdAt, topic: item.topic ?? '', snippet: hit.snippet, start_ms: hit.start_ms });
      if (results.length === query.limit) break;
    }
  }
  return results;
}
