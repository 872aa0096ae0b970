/** What a transcript item leads to beyond the table: its body in S3, and its record as the views read it. */
import type { TranscriptItem } from '../data/transcripts';
import type { TranscriptBody, TranscriptRecord } from '../domain/transcript-view';
import { getJson } from './media-store';

export async function readBody(item: Pick<TranscriptItem, 'bodyKey'>): Promise<TranscriptBody | null> {
  return item.bodyKey ? ((await getJson(item.bodyKey)) as TranscriptBody) : null;
}

export function asRecord(item: TranscriptItem): TranscriptRecord {
  return { ...item, tags: item.tags ?? [], topic: item.topic ?? '', summary: item.summary ?? '', preview: item.preview ?? '', state: item.state ?? 'active' };
}
