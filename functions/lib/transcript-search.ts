/**
 * GET /api/search: hits from the user's index, checked against the table (still there, active, finished,
 * in the asked project and tag), best first. The index holds only what is searched; the table is the
 * truth for everything that changes without the text.
 */
import { db } from '../data/db';
import type { SearchQuery } from '../domain/search';
import { sameName } from './library';
import { searchIndex } from './search-store';
import type { TranscriptItem } from './transcripts';

/** Items read per round: enough for a full page even when filters drop some; BatchGetItem takes at most 100. */
const BATCH = 100;

export interface SearchResultView {
  id: string;
  filename: string;
  created_at: string;
  topic: string;
  snippet: string;
  start_ms: number;
}

const matches = (item: TranscriptItem | undefined, query: SearchQuery): item is TranscriptItem =>
  item !== undefined &&
  item.state === 'active' &&
  item.status === 'complete' &&
  (!query.project_id || item.projectId === query.project_id) &&
  (!query.tag || (item.tags ?? []).some((tag) => sameName(tag, query.tag!)));

export async function searchTranscripts(userId: string, query: SearchQuery): Promise<SearchResultView[]> {
  const hits = await searchIndex(userId, query.q);
  const results: SearchResultView[] = [];
  for (let from = 0; from < hits.length && results.length < query.limit; from += BATCH) {
    const batch = hits.slice(from, from + BATCH);
    const { data } = await db().entities.transcript.get(batch.map((hit) => ({ userId, transcriptId: hit.id }))).go();
    const items = new Map(data.map((item) => [item.transcriptId, item]));
    for (const hit of batch) {
      const item = items.get(hit.id);
      if (!matches(item, query)) continue;
      results.push({ id: item.transcriptId, filename: item.filename, created_at: item.createdAt, topic: item.topic ?? '', snippet: hit.snippet, start_ms: hit.start_ms });
      if (results.length === query.limit) break;
    }
  }
  return results;
}
