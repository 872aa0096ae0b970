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

type Changes = Partial<Pick<TranscriptItem, 'status' | 'error' | 'topic' | 'summary' | 'preview' | 'bodyKey' | 'durationMs' | 'summarizedAt'>>;

export async function updateTranscript(userId: string, transcriptId: string, changes: Changes): Promise<void> {
  await db().entities.transcript.patch({ userId, transcriptId }).set(changes).go();
}

export async function listTranscripts(userId: string, state: 'active' | 'deleted'): Promise<TranscriptItem[]> {
  const { data } = await db().entities.transcript.query.byUser({ userId, state }).go({ order: 'desc', pages: 'all' });
  return data;
}

/** Every transcript of the user, active and deleted (for renaming or removing a tag everywhere). */
export async function allTranscripts(userId: string): Promise<TranscriptItem[]> {
  const [active, deleted] = await Promise.all([listTranscripts(userId, 'active'), listTranscripts(userId, 'deleted')]);
  return [...active, ...deleted];
}

/** Soft delete and restore; the list index key moves with the state, so both lists stay queries. */
export async function setState(item: TranscriptItem, state: 'active' | 'deleted'): Promise<void> {
  if (item.state === state) return;
  await db().entities.transcript.patch({ userId: item.userId, transcriptId: item.transcriptId }).set({ state, createdAt: item.createdAt, projectId: item.projectId }).go();
}

export async function setTags(item: TranscriptItem, tags: string[]): Promise<void> {
  await db().entities.transcript.patch({ userId: item.userId, transcriptId: item.transcriptId }).set({ tags }).go();
}

/** Takes a transcript out of its project (the project was deleted); it stays in the lists. */
export async function leaveProject(item: TranscriptItem): Promise<void> {
  await db().entities.transcript.patch({ userId: item.userId, transcriptId: item.transcriptId }).set({ projectId: '', createdAt: item.createdAt, state: item.state }).go();
}
