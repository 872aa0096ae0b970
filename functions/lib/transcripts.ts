/** Transcript items, always addressed by the session's user id and the transcript id. */
import { db } from '../data/db';
import type { TranscriptBody, TranscriptRecord } from '../domain/transcript-view';
import { getJson } from './media-store';

export type TranscriptItem = NonNullable<Awaited<ReturnType<ReturnType<typeof getItem>['go']>>['data']>;

const getItem = (userId: string, transcriptId: string) => db().entities.transcript.get({ userId, transcriptId });

export async function findTranscript(userId: string, transcriptId: string): Promise<TranscriptItem | null> {
  return (await getItem(userId, transcriptId).go()).data;
}

export async function readBody(item: Pick<TranscriptItem, 'bodyKey'>): Promise<TranscriptBody | null> {
  return item.bodyKey ? ((await getJson(item.bodyKey)) as TranscriptBody) : null;
}

export function asRecord(item: TranscriptItem): TranscriptRecord {
  return { ...item, tags: item.tags ?? [], topic: item.topic ?? '', summary: item.summary ?? '', preview: item.preview ?? '', state: item.state ?? 'active' };
}

type Changes = Partial<Pick<TranscriptItem, 'status' | 'error' | 'topic' | 'summary' | 'preview' | 'bodyKey'>>;

export async function updateTranscript(userId: string, transcriptId: string, changes: Changes): Promise<void> {
  await db().entities.transcript.patch({ userId, transcriptId }).set(changes).go();
}
