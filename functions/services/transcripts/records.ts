/** What a transcript item leads to beyond the table: its body in S3, and its record as the views read it. */
import type { TranscriptItem } from '../../data/transcripts';
import type { TranscriptBody, TranscriptRecord } from '../../domain/transcript-view';
import { getJson } from '../../storage/media-store';

export async function readBody(item: Pick<TranscriptItem, 'bodyKey'>): Promise<TranscriptBody | null> {
  return item.bodyKey ? ((await getJson(item.bodyKey)) as TranscriptBody) : null;
}

/** The fields an item may lack (their defaults), as the views read them. */
type Defaulted = 'tags' | 'topic' | 'summary' | 'preview' | 'state';

export function asRecord<T extends Pick<TranscriptItem, Defaulted>>(item: T): Omit<T, Defaulted> & Pick<TranscriptRecord, Defaulted> {
  return { ...item, tags: item.tags ?? [], topic: item.topic ?? '', summary: item.summary ?? '', preview: item.preview ?? '', state: item.state ?? 'active' };
}
