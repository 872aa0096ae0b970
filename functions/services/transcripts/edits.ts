/**
 * Changing a finished transcript (issue 14): corrections, revert, names (file, project, tags, speakers),
 * and "Summarize again". Every body change writes a new S3 object and moves the item's `bodyKey` to it
 * with a conditional write on `revision`, so two saves at once never lose one: the later one re-applies
 * its change to the newer body. The machine's body stays where the workflow wrote it (`originalBodyKey`).
 * Each change updates the user's search index before answering, so it is found at once.
 */
import { findProject } from '../../data/projects';
import { ensureTags } from '../../data/tags';
import { changeTranscript, findTranscript, setTemplateSummary, untilWritten, updateTranscript, updateTranscriptAtRevision, type TranscriptItem } from '../../data/transcripts';
import { MESSAGES } from '../../domain/messages';
import { paragraphsOf } from '../../domain/paragraphs';
import { boundedLines, TEMPLATE_NAMES, type ShapedTemplate } from '../../domain/summary-templates';
import { searchSourceOf } from '../../domain/search';
import { applyTextEdits, assignSpeaker, EditError, renameSpeakers, revertedBody, type GroupEdit, type SpeakerAssignment, type TranscriptPatch } from '../../domain/text-edit';
import { previewOf, spokenLength, type TranscriptBody } from '../../domain/transcript-view';
import { EngineError } from '../../engines/engine-error';
import { embeddingEngine, summaryEngine } from '../../engines/wiring';
import { ServiceError } from '../service-error';
import { deleteObject, putJson } from '../../storage/media-store';
import { indexTranscriptQuietly } from '../../storage/search-store';
import { asRecord, readBody } from './records';
import { userPrefix } from '../../storage/user-data';

const CHANGE_TRIES = 3;
const revisionKey = (item: TranscriptItem, revision: number): string => `${userPrefix(item.userId)}transcripts/${item.transcriptId}.r${revision}.json`;

/** The user's transcript, or 404. */
export async function ownTranscript(userId: string, transcriptId: string): Promise<TranscriptItem> {
  const item = await findTranscript(userId, transcriptId);
  if (!item) throw new ServiceError('not-found', MESSAGES.transcriptNotFound);
  return item;
}

/**
 * The user's transcript for a route that changes its content or metadata, or 404. The trash is
 * read-only: a deleted transcript is changed only once restored (409). Deleting and restoring are
 * not changes, and reading, exporting and translating stay open in the trash.
 */
export async function changeableTranscript(userId: string, transcriptId: string): Promise<TranscriptItem> {
  const item = await ownTranscript(userId, transcriptId);
  if (item.state === 'deleted') throw new ServiceError('conflict', MESSAGES.restoreToEdit);
  return item;
}

/**
 * The transcript when it has its text; one still processing (or failed) has none: 409 with `notReady`,
 * which names what the route would have done (changed, downloaded).
 */
export function withText(item: TranscriptItem, notReady: string): TranscriptItem {
  if (item.status !== 'complete' || !item.bodyKey) throw new ServiceError('conflict', notReady);
  return item;
}

/** A finished transcript of the user that may be changed (see changeableTranscript). */
export async function finishedTranscript(userId: string, transcriptId: string): Promise<TranscriptItem> {
  return withText(await changeableTranscript(userId, transcriptId), MESSAGES.notReadyToEdit);
}

interface BodyChange {
  /** The new body from the current one (called again on the newer body when another change came first). */
  apply: (body: TranscriptBody, item: TranscriptItem) => TranscriptBody;
  /** Item fields set with it: editedAt for corrections, '' on revert. */
  editedAt?: string;
}

/** Applies a body change with optimistic concurrency; answers the item and body as stored. */
async function changeBody(start: TranscriptItem, change: BodyChange): Promise<{ item: TranscriptItem; body: TranscriptBody }> {
  let item = start;
  for (let attempt = 0; attempt < CHANGE_TRIES; attempt++) {
    const current = await readBody(item);
    if (!current) throw new ServiceError('conflict', MESSAGES.notReadyToEdit);
    const body = change.apply(current, item);
    const revision = (item.revision ?? 0) + 1;
    const key = revisionKey(item, revision);
    await putJson(key, body);
    const originalBodyKey = item.originalBodyKey ?? item.bodyKey!;
    const set = { bodyKey: key, revision, originalBodyKey, preview: previewOf(body.text), durationMs: spokenLength(body), ...(change.editedAt !== undefined ? { editedAt: change.editedAt } : {}) };
    let written = false;
    try {
      written = await updateTranscriptAtRevision(item, set);
    } finally {
      // A body that did not become the item's is never read: remove it.
      if (!written) await deleteObject(key);
    }
    if (!written) {
      item = await finishedTranscript(item.userId, item.transcriptId);
      continue;
    }
    // The replaced revision is no longer read; the machine's body is kept for revert.
    if (item.bodyKey && item.bodyKey !== originalBodyKey) await deleteObject(item.bodyKey);
    const stored = { ...item, ...set };
    await indexTranscriptQuietly(item.userId, searchSourceOf(asRecord(stored), body), await embeddingEngine());
    return { item: stored, body };
  }
  throw new ServiceError('conflict', MESSAGES.changedMeanwhile);
}

/** A correction of the body: a group that is not there is the request's fault (400); the edit time is now. */
function correction(edit: (body: TranscriptBody, includeTimestamps: boolean) => TranscriptBody): BodyChange {
  return {
    apply: (body, current) => {
      try {
        return edit(body, current.includeTimestamps ?? false);
      } catch (error) {
        if (error instanceof EditError) throw new ServiceError('invalid', error.message);
        throw error;
      }
    },
    editedAt: new Date().toISOString(),
  };
}

/** PUT /api/transcripts/{id}/text */
export function correctText(item: TranscriptItem, groups: readonly GroupEdit[]) {
  return changeBody(item, correction((body, includeTimestamps) => applyTextEdits(body, groups, includeTimestamps)));
}

/** PUT /api/transcripts/{id}/speaker: a paragraph given to another speaker (issue 28). */
export function reassignSpeaker(item: TranscriptItem, assignment: SpeakerAssignment) {
  return changeBody(item, correction((body, includeTimestamps) => assignSpeaker(body, assignment, includeTimestamps)));
}

/** POST /api/transcripts/{id}/revert: the machine's text and timings, with today's speaker names. */
export async function revertText(item: TranscriptItem) {
  if (!item.originalBodyKey) return { item, body: (await readBody(item))! };
  const original = (await readBody({ bodyKey: item.originalBodyKey }))!;
  return changeBody(item, { apply: (body, current) => revertedBody(original, body, current.includeTimestamps ?? false), editedAt: '' });
}

/** PATCH /api/transcripts/{id}: the item's fields, then the speakers (a body change) when asked. */
export async function patchTranscript(item: TranscriptItem, patch: TranscriptPatch) {
  if (patch.project_id && !(await findProject(item.userId, patch.project_id))) throw new ServiceError('not-found', MESSAGES.projectNotFound);
  const tags = patch.tags && (await ensureTags(item.userId, patch.tags));
  const set = {
    ...(patch.filename !== undefined ? { filename: patch.filename } : {}),
    ...(tags !== undefined ? { tags } : {}),
    ...(patch.project_id !== undefined ? { projectId: patch.project_id ?? '' } : {}),
  };
  // A delete, restore or move that came between the read and this write is kept: read again (in the trash: 409) and retry.
  const written = await untilWritten(item, (current) => changeTranscript(current, set), () => changeableTranscript(item.userId, item.transcriptId));
  const updated: TranscriptItem = { ...written!, ...set };
  if (patch.speakers && item.status === 'complete' && item.bodyKey) {
    const names = patch.speakers;
    return changeBody(updated, { apply: (body, current) => renameSpeakers(body, names, current.includeTimestamps ?? false) });
  }
  const body = updated.status === 'complete' ? await readBody(updated) : null;
  if (body && patch.filename !== undefined) await indexTranscriptQuietly(item.userId, searchSourceOf(asRecord(updated), body), await embeddingEngine());
  return { item: updated, body };
}

/** Called once the engine has answered, before its result is written: a text job checks it still owns the transcript's job (issue 31). */
export type BeforeWrite = () => Promise<void>;
const writeAnyway: BeforeWrite = async () => undefined;

/** POST /api/transcripts/{id}/summary: topic and summary from today's text, with the job's engine. */
export async function summarizeAgain(item: TranscriptItem, beforeWrite = writeAnyway) {
  const body = (await readBody(item))!;
  const { topic, summary } = await summaryEngine()
    .summarize(body.text)
    .catch((error: Error) => {
      throw error instanceof EngineError ? new ServiceError('unavailable', MESSAGES.summaryUnavailable) : error;
    });
  await beforeWrite();
  const set = { topic, summary: summary.join('\n'), summarizedAt: new Date().toISOString(), summaryLeftOut: false };
  await updateTranscript(item.userId, item.transcriptId, set);
  const updated = { ...item, ...set };
  await indexTranscriptQuietly(item.userId, searchSourceOf(asRecord(updated), body), await embeddingEngine());
  return { item: updated, body };
}

/** 422 when this deployment's engine does not write the template (before any work starts, issue 31). */
export function assertTemplateWritten(template: ShapedTemplate): void {
  if (!summaryEngine().templates.includes(template)) throw new ServiceError('unprocessable', MESSAGES.templateUnavailable(TEMPLATE_NAMES[template]));
}

/**
 * Issue 30: a summary template's lines from today's text, kept beside the others on the item (a few KB:
 * domain/summary-templates.ts bounds them). 422 when this deployment's engine does not write the template.
 */
export async function summarizeAs(item: TranscriptItem, template: ShapedTemplate, instruction?: string, beforeWrite = writeAnyway) {
  const engine = summaryEngine();
  assertTemplateWritten(template);
  const body = (await readBody(item))!;
  const turns = paragraphsOf(body.word_timings).map(({ speaker, text }) => ({ speaker, text }));
  const lines = await engine.summarizeAs(template, turns, instruction).catch((error: Error) => {
    throw error instanceof EngineError ? new ServiceError('unavailable', MESSAGES.summaryUnavailable) : error;
  });
  const result = { lines: boundedLines(lines), createdAt: new Date().toISOString() };
  await beforeWrite();
  await setTemplateSummary(item, template, result);
  return { item: { ...item, summaries: { ...item.summaries, [template]: result } }, body };
}
