/** Transcript items (docs/architecture.md#data), always addressed by the session's user id and the transcript id. */
import { ElectroError, type CreateEntityItem, type EntityItem } from 'electrodb';
import { db } from './db';
import type { ShapedTemplate } from '../domain/summary-templates';
import type { ListedRecord } from '../domain/transcript-view';
import type { Transcript } from './entities/transcript';
import { writtenIf } from './errors';

export type TranscriptItem = EntityItem<typeof Transcript>;
export type NewTranscript = CreateEntityItem<typeof Transcript>;
/** Fields a workflow step, an edit or a summary changes in place (not keys, not index composites; summary templates: setTemplateSummary). */
export type TranscriptChanges = Partial<
  Pick<TranscriptItem, 'status' | 'error' | 'language' | 'languageMismatch' | 'eventLost' | 'summaryLeftOut' | 'stage' | 'progress' | 'queuePosition' | 'attempt' | 'startedAt' | 'topic' | 'summary' | 'preview' | 'bodyKey' | 'originalBodyKey' | 'revision' | 'editedAt' | 'durationMs' | 'audioMs' | 'quotaMs' | 'quotaMonth' | 'summarizedAt' | 'filename' | 'tags'>
>;

type TemplateResult = NonNullable<NonNullable<TranscriptItem['summaries']>[ShapedTemplate]>;

const key = (item: Pick<TranscriptItem, 'userId' | 'transcriptId'>) => ({ userId: item.userId, transcriptId: item.transcriptId });

export async function findTranscript(userId: string, transcriptId: string): Promise<TranscriptItem | null> {
  return (await db().entities.transcript.get({ userId, transcriptId }).go()).data;
}

/** Several of the user's transcripts at once (those that exist). */
export async function findTranscripts(userId: string, transcriptIds: string[]): Promise<TranscriptItem[]> {
  if (transcriptIds.length === 0) return [];
  const { data } = await db().entities.transcript.get(transcriptIds.map((transcriptId) => ({ userId, transcriptId }))).go();
  return data;
}

/** Creates the item; false when one with the same id exists already (a repeated or concurrent request). */
export function createTranscript(item: NewTranscript): Promise<boolean> {
  return writtenIf(db().entities.transcript.create(item).go());
}

export async function updateTranscript(userId: string, transcriptId: string, changes: TranscriptChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db().entities.transcript.patch({ userId, transcriptId }).set(changes).go();
}

/**
 * Issue 30: one summary template's result set in its own key of `summaries`, so that another template written at the
 * same moment is kept (a whole map written from what each read would drop one). DynamoDB sets a map's key only in a map
 * that is there: an item without one gets an empty one first (if_not_exists: never replacing one written meanwhile).
 */
export async function setTemplateSummary(item: Pick<TranscriptItem, 'userId' | 'transcriptId'>, template: ShapedTemplate, result: TemplateResult): Promise<void> {
  const transcript = db().entities.transcript;
  await transcript.patch(key(item)).data(({ summaries }, { ifNotExists }) => ifNotExists(summaries, {})).go();
  await transcript.patch(key(item)).data(({ summaries }, { set }) => set(summaries[template], result)).go();
}

type TextJob = NonNullable<TranscriptItem['textJob']>;

/**
 * Issue 31: claims the transcript for a text job only while none runs (none recorded, the last one failed, or one
 * started before `staleBefore`, stopped without word): false when another request's job runs.
 */
export function claimTextJob(item: Pick<TranscriptItem, 'userId' | 'transcriptId'>, job: TextJob, staleBefore: string): Promise<boolean> {
  return writtenIf(
    db()
      .entities.transcript.patch(key(item))
      .set({ textJob: job })
      .where(({ textJob }, { exists, notExists, lt }) => `${notExists(textJob)} OR ${exists(textJob.error)} OR ${lt(textJob.startedAt, staleBefore)}`)
      .go(),
  );
}

/** The text job started at `startedAt` ended: done (`error` absent: the record goes) or failed; a newer run's record is left alone. */
export function endTextJob(item: Pick<TranscriptItem, 'userId' | 'transcriptId'>, startedAt: string, error?: string): Promise<boolean> {
  const patch = db().entities.transcript.patch(key(item));
  const change = error === undefined ? patch.remove(['textJob']) : patch.data(({ textJob }, { set }) => set(textJob.error, error));
  return writtenIf(change.where(({ textJob }, { eq }) => eq(textJob.startedAt, startedAt)).go());
}

/**
 * Changes the item only if its body revision is still the one read (a concurrent edit makes this
 * false, and the caller retries on the new revision).
 */
export function updateTranscriptAtRevision(item: TranscriptItem, changes: TranscriptChanges): Promise<boolean> {
  return writtenIf(
    db()
      .entities.transcript.patch(key(item))
      .set(changes)
      .where((attributes, { eq, notExists }) => (item.revision ? eq(attributes.revision, item.revision) : `${notExists(attributes.revision)} OR ${eq(attributes.revision, 0)}`))
      .go(),
  );
}

/**
 * Starts run `attempt` of a failed transcription (issue 15's "Try again") only if no other retry started
 * one since `item` was read and it did not go to the trash meanwhile: false when either happened (a double
 * click, a late request, or a delete between the caller's check and this write).
 */
export function claimRetry(item: TranscriptItem, attempt: number, changes: TranscriptChanges): Promise<boolean> {
  const previous = item.attempt ?? 0;
  return writtenIf(
    db()
      .entities.transcript.patch(key(item))
      .set({ ...changes, attempt })
      .where((attributes, { eq, notExists }) => `${eq(attributes.state, 'active')} AND (${previous ? eq(attributes.attempt, previous) : `${notExists(attributes.attempt)} OR ${eq(attributes.attempt, 0)}`})`)
      .go(),
  );
}

/**
 * Claims a transcript whose workflow could not start (its `error` says so) for a new start, only while it
 * is still so and not in the trash: false when another request restarted it or it was deleted meanwhile.
 */
export function claimRestart(item: TranscriptItem, changes: TranscriptChanges): Promise<boolean> {
  return writtenIf(
    db()
      .entities.transcript.patch(key(item))
      .set(changes)
      .where((attributes, { eq }) => `${eq(attributes.state, 'active')} AND ${eq(attributes.status, 'failed')} AND ${eq(attributes.error, item.error ?? '')}`)
      .go(),
  );
}

export async function listTranscripts(userId: string, state: 'active' | 'deleted'): Promise<TranscriptItem[]> {
  const { data } = await db().entities.transcript.query.byUser({ userId, state }).go({ order: 'desc', pages: 'all' });
  return data;
}

/**
 * What a list page reads of each item: what listItemView shows. Read alone, a page of 50 costs about a
 * fifth less in the table and in the app (issue 16 point 5: no keys, storage names or options).
 */
const LISTED: Record<keyof ListedRecord, true> = {
  transcriptId: true, filename: true, mediaExtension: true, language: true, projectId: true, tags: true, status: true, error: true, topic: true,
  summary: true, preview: true, createdAt: true, state: true, editedAt: true, durationMs: true, audioMs: true, mediaType: true, startedAt: true, stage: true, progress: true, queuePosition: true,
};
const LISTED_ATTRIBUTES = Object.keys(LISTED) as (keyof ListedRecord)[];
export type ListedTranscript = Pick<TranscriptItem, keyof ListedRecord>;

/** One page of a list: its items and the cursor of the next page (null: the last one). */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** Thrown for a cursor this table did not give out (or another user's). */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
}

interface PagedQuery {
  go(options: { order: 'desc'; limit: number; cursor: string | null; attributes: typeof LISTED_ATTRIBUTES }): Promise<{ data: ListedTranscript[]; cursor: string | null }>;
}

/**
 * Runs one page of a query; a cursor DynamoDB or ElectroDB can't use is the caller's fault, not ours.
 * A filtered query (a project's, without its deleted items) reads `limit` items before the filter, so it
 * asks again for what is missing until the page is full or the list ends: never a short page with more after.
 */
async function pageOf(query: PagedQuery, limit: number, cursor: string | undefined): Promise<Page<ListedTranscript>> {
  try {
    const items: ListedTranscript[] = [];
    let next: string | null = cursor ?? null;
    do {
      const page = await query.go({ order: 'desc', limit: limit - items.length, cursor: next, attributes: LISTED_ATTRIBUTES });
      items.push(...page.data);
      next = page.cursor;
    } while (next !== null && items.length < limit);
    return { items, cursor: next };
  } catch (error) {
    if (cursor !== undefined && (error instanceof ElectroError || (error as Error).name === 'ValidationException')) throw new InvalidCursorError((error as Error).message);
    throw error;
  }
}

/** A page of the user's transcripts in one state, newest first. */
export function listTranscriptsPage(userId: string, state: 'active' | 'deleted', limit: number, cursor?: string): Promise<Page<ListedTranscript>> {
  return pageOf(db().entities.transcript.query.byUser({ userId, state }), limit, cursor);
}

/** A page of a project's active transcripts, newest first (deleted ones are filtered out; pageOf fills the page). */
export function projectTranscriptsPage(userId: string, projectId: string, limit: number, cursor?: string): Promise<Page<ListedTranscript>> {
  return pageOf(
    db()
      .entities.transcript.query.byProject({ userId, projectId })
      .where(({ state }, { ne }) => ne(state, 'deleted')),
    limit,
    cursor,
  );
}

/** Every transcript of the user, active and deleted (for renaming or removing a tag everywhere). */
export async function allTranscripts(userId: string): Promise<TranscriptItem[]> {
  const [active, deleted] = await Promise.all([listTranscripts(userId, 'active'), listTranscripts(userId, 'deleted')]);
  return [...active, ...deleted];
}

/** The transcripts in one of the user's projects, newest first (active and deleted). */
export async function projectTranscripts(userId: string, projectId: string): Promise<TranscriptItem[]> {
  const { data } = await db().entities.transcript.query.byProject({ userId, projectId }).go({ order: 'desc', pages: 'all' });
  return data;
}

/** How often a change is tried on an item that a concurrent delete, restore or move keeps changing. */
const MOVE_TRIES = 3;

/**
 * Changes an item the caller has read; false when its state or project changed since (a concurrent delete,
 * restore or move): the write would have put them back. Index keys are built from several attributes: a
 * change of state or project gives state, projectId and createdAt together, so ElectroDB rebuilds both
 * index keys, and so it is written only if state and projectId are still as read.
 */
export async function changeTranscript(item: TranscriptItem, changes: TranscriptChanges & Partial<Pick<TranscriptItem, 'state' | 'projectId'>>): Promise<boolean> {
  if (changes.state === undefined && changes.projectId === undefined) {
    await updateTranscript(item.userId, item.transcriptId, changes);
    return true;
  }
  return writtenIf(
    db()
      .entities.transcript.patch(key(item))
      .set({ state: item.state, projectId: item.projectId, createdAt: item.createdAt, ...changes })
      .where((attributes, { eq }) => `${eq(attributes.state, item.state ?? 'active')} AND ${eq(attributes.projectId, item.projectId)}`)
      .go(),
  );
}

/**
 * Runs `write` on the item as read, and again on the item as it is now (`reread`) while a concurrent
 * delete, restore or move got there first (`write` answers false); answers the item it was written on.
 */
export async function untilWritten(
  item: TranscriptItem,
  write: (current: TranscriptItem) => boolean | Promise<boolean>,
  reread: () => Promise<TranscriptItem | null> = () => findTranscript(item.userId, item.transcriptId),
): Promise<TranscriptItem | null> {
  let current: TranscriptItem | null = item;
  for (let attempt = 1; current; attempt++) {
    if (await write(current)) return current;
    if (attempt === MOVE_TRIES) throw new Error(`Transcript ${item.transcriptId} kept changing during ${MOVE_TRIES} tries to change it.`);
    current = await reread();
  }
  return null;
}

/** Soft delete and restore; the list index key moves with the state, so both lists stay queries. */
export async function setState(item: TranscriptItem, state: 'active' | 'deleted'): Promise<void> {
  await untilWritten(item, (current) => current.state === state || changeTranscript(current, { state }));
}

export async function setTags(item: TranscriptItem, tags: string[]): Promise<void> {
  await updateTranscript(item.userId, item.transcriptId, { tags });
}

/** Takes a transcript out of its project (the project was deleted); it stays in the lists, and one moved meanwhile stays where it went. */
export async function leaveProject(item: TranscriptItem): Promise<void> {
  await untilWritten(item, (current) => current.projectId !== item.projectId || changeTranscript(current, { projectId: '' }));
}

/**
 * Sets what the transcript holds of a month's quota (quotaMs, quotaMonth) only while it still holds `held`
 * (ms; 0: nothing): a reservation, its settlement or its return happens once however often a step runs.
 */
export function changeQuotaHold(item: Pick<TranscriptItem, 'userId' | 'transcriptId'>, held: number, changes: Pick<TranscriptChanges, 'quotaMs' | 'quotaMonth'>): Promise<boolean> {
  return writtenIf(
    db()
      .entities.transcript.patch(key(item))
      .set(changes)
      .where((attributes, { eq, notExists }) => (held ? eq(attributes.quotaMs, held) : `${notExists(attributes.quotaMs)} OR ${eq(attributes.quotaMs, 0)}`))
      .go(),
  );
}
