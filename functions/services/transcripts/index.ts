/**
 * The transcript service: the one owner of a transcript's item, its stored body, its revisions, its share
 * links and its search index entry. Everything the API does to a transcript goes through these functions,
 * which take the signed-in user's id and plain values and answer views; the files beside this one are behind it.
 * The workflow's steps use jobs.ts instead, the service's door for a transcription job (without the downloads' docx writer).
 */
import type { SummaryRequest } from '../../domain/summary-templates';
import type { CreatedShareLink, ShareLinkView, SharedTranscriptView, TranscriptView, TranslationAnswer } from '../../contract';
import { allTranscripts, findTranscript, leaveProject, listTranscripts, listTranscriptsPage, projectTranscripts, projectTranscriptsPage, setState, setTags, type TranscriptItem } from '../../data/transcripts';
import { downloadName } from '../../domain/download-name';
import { CONTENT_TYPES, exportText, translatedExport, type ExportQuery } from '../../domain/export';
import { exportDocx } from '../../domain/export-docx';
import { MESSAGES } from '../../domain/messages';
import { sameName } from '../../domain/names';
import { sharedMediaPath, sharedTranscriptView, type ShareLinkRequest } from '../../domain/share-links';
import type { GroupEdit, SpeakerAssignment, TranscriptPatch } from '../../domain/text-edit';
import { audioUrl, transcriptView, type TranscriptBody } from '../../domain/transcript-view';
import { PLAYBACK_URL_SECONDS, SHARED_PLAYBACK_URL_SECONDS } from '../../domain/constants';
import { sharedPlaybackUrl } from '../../storage/media-store';
import { ServiceError } from '../service-error';
import { assertTemplateWritten, changeableTranscript, correctText, finishedTranscript, ownTranscript, patchTranscript, reassignSpeaker, revertText, summarizeAgain, summarizeAs, withText } from './edits';
import { transcriptList, type PageQuery, type TranscriptList } from './list-pages';
import { asRecord, readBody } from './records';
import { createLink, liveLinks, openSharedLink, revokeLink } from './share-links';
import { storedAnswer, storedTranslationLanguages, targetName, translated, translationToExport } from './translations';
import { startTextJob } from './text-jobs';
import { runsAsJob } from '../../domain/text-jobs';

export { askTranscripts } from './ask';
export { capabilities } from './capabilities';
export { askUpload, completeUpload, retryTranscription, signUploadParts, transcribeForm, transcribeUploaded } from './creation';
export { searchTranscripts } from './search';
export { removeSavedTemplate, savedTemplates, saveTemplate } from './saved-templates';
export type { PageQuery, TranscriptList } from './list-pages';

/** The page's view; a finished transcript's also names its stored translations (one listing). */
const viewOf = async ({ item, body }: { item: TranscriptItem; body: TranscriptBody | null }): Promise<TranscriptView> =>
  transcriptView(asRecord(item), body, body ? await storedTranslationLanguages(item) : []);

/** GET /api/transcripts/{id}: the transcript as its page shows it (its text once finished). */
export async function readTranscript(userId: string, transcriptId: string): Promise<TranscriptView> {
  const item = await ownTranscript(userId, transcriptId);
  return viewOf({ item, body: item.status === 'complete' ? await readBody(item) : null });
}

/** The user's active transcripts, or those in the trash, newest first. */
export function listOwnTranscripts(userId: string, state: 'active' | 'deleted', query: PageQuery | undefined): Promise<TranscriptList> {
  return transcriptList(query, () => listTranscripts(userId, state), (limit, cursor) => listTranscriptsPage(userId, state, limit, cursor));
}

/** A project's transcripts (not those in the trash), newest first; the caller has checked the project is the user's. */
export function listProjectTranscripts(userId: string, projectId: string, query: PageQuery | undefined): Promise<TranscriptList> {
  return transcriptList(
    query,
    async () => (await projectTranscripts(userId, projectId)).filter((item) => item.state !== 'deleted'),
    (limit, cursor) => projectTranscriptsPage(userId, projectId, limit, cursor),
  );
}

/** Soft delete and restore: doing either twice is harmless. Answers the transcript's id. */
export async function moveTranscript(userId: string, transcriptId: string, state: 'active' | 'deleted'): Promise<string> {
  const item = await ownTranscript(userId, transcriptId);
  await setState(item, state);
  return item.transcriptId;
}

/** PATCH: renamed, moved to a project, tagged, speakers named. */
export async function changeTranscript(userId: string, transcriptId: string, patch: TranscriptPatch): Promise<TranscriptView> {
  return viewOf(await patchTranscript(await changeableTranscript(userId, transcriptId), patch));
}

/** The text corrected (a new revision). */
export async function correctTranscript(userId: string, transcriptId: string, groups: readonly GroupEdit[]): Promise<TranscriptView> {
  return viewOf(await correctText(await finishedTranscript(userId, transcriptId), groups));
}

/** A paragraph's speaker changed (a new revision). */
export async function reassignTranscriptSpeaker(userId: string, transcriptId: string, assignment: SpeakerAssignment): Promise<TranscriptView> {
  return viewOf(await reassignSpeaker(await finishedTranscript(userId, transcriptId), assignment));
}

/** Back to the machine's text (a new revision). */
export async function revertTranscript(userId: string, transcriptId: string): Promise<TranscriptView> {
  return viewOf(await revertText(await finishedTranscript(userId, transcriptId)));
}

/** What a route that may start a job answers: the work's result, or (issue 31) the transcript with its job started. */
export type MaybeStarted<T> = { done: T; started?: undefined } | { started: TranscriptView; done?: undefined };

/**
 * Topic and summary again from today's text (key points), or another summary template's lines (issue 30); a long
 * text's runs as a job (issue 31), answered at once with the job in the view.
 */
export async function summarizeTranscript(userId: string, transcriptId: string, { template, instruction }: SummaryRequest = { template: 'key_points' }): Promise<MaybeStarted<TranscriptView>> {
  const item = await finishedTranscript(userId, transcriptId);
  if (template !== 'key_points') assertTemplateWritten(template);
  const body = (await readBody(item))!;
  if (runsAsJob(body)) return { started: await viewOf({ item: await startTextJob(item, { kind: 'summary', template }, instruction), body }) };
  return { done: await viewOf(template === 'key_points' ? await summarizeAgain(item) : await summarizeAs(item, template, instruction)) };
}

/** A download of the text, or of its stored translation into `lang`, in `format`; a deleted transcript is exported too (a download reads). */
export async function exportTranscript(userId: string, transcriptId: string, { format, lang, ...options }: ExportQuery) {
  const item = withText(await ownTranscript(userId, transcriptId), MESSAGES.notReadyToDownload);
  const original = transcriptView(asRecord(item), await readBody(item));
  const source = lang === undefined ? original : translatedExport(original, await translationToExport(item, lang));
  const file = format === 'docx' ? await exportDocx(source, options) : exportText(source, { ...options, format });
  return { file, contentType: CONTENT_TYPES[format], filename: downloadName(item.filename, lang === undefined ? format : `${source.language}.${format}`) };
}

/**
 * The text in another language; a deleted transcript is translated too (translating reads). Stored already or a short
 * text: at once; a long text's is made by a job (issue 31), answered at once with the job in the transcript's view.
 */
export async function translateTranscript(userId: string, transcriptId: string, language: string): Promise<MaybeStarted<TranslationAnswer>> {
  const item = withText(await ownTranscript(userId, transcriptId), MESSAGES.notReadyToTranslate);
  const stored = await storedAnswer(item, language);
  if (stored) return { done: stored };
  const body = (await readBody(item))!;
  if (runsAsJob(body)) return { started: await viewOf({ item: await startTextJob(item, { kind: 'translation', language: targetName(language) }), body }) };
  return { done: await translated(item, language) };
}

/** The short-lived address that plays the user's recording named `filename` (`<id>.<ext>`, as audio_url has it). */
export async function recordingUrl(userId: string, filename: string): Promise<string> {
  const item = await findTranscript(userId, filename.split('.')[0]!);
  if (!item || audioUrl(item) !== `/uploads/${filename}`) throw new ServiceError('not-found', MESSAGES.recordingNotFound);
  return sharedPlaybackUrl(item.mediaKey, item.mediaType, PLAYBACK_URL_SECONDS);
}

/** A new read-only link to a finished transcript; the token is in the answer only. */
export async function shareTranscript(userId: string, transcriptId: string, request: ShareLinkRequest): Promise<CreatedShareLink> {
  return createLink(await ownTranscript(userId, transcriptId), request);
}

/** The transcript's links that still work, newest first. */
export async function transcriptLinks(userId: string, transcriptId: string): Promise<ShareLinkView[]> {
  return liveLinks(await ownTranscript(userId, transcriptId));
}

/** Turns one of the transcript's links off; answers the link's id. */
export async function revokeTranscriptLink(userId: string, transcriptId: string, tokenOrId: string): Promise<string> {
  return revokeLink(await ownTranscript(userId, transcriptId), tokenOrId);
}

/** A shared transcript as anyone with the link reads it; each read is counted for `clientAddress`. */
export async function readSharedTranscript(token: string, clientAddress: string): Promise<SharedTranscriptView> {
  const { link, item } = await openSharedLink(token, clientAddress);
  const media = link.includeAudio ? sharedMediaPath(token, item.mediaExtension) : null;
  return sharedTranscriptView(asRecord(item), (await readBody(item))!, media);
}

/** The recording of a shared link that includes it, at its path `file` (`audio.<ext>`): a short-lived address. */
export async function sharedRecordingUrl(token: string, file: string, clientAddress: string): Promise<string> {
  const { link, item } = await openSharedLink(token, clientAddress);
  if (!link.includeAudio || sharedMediaPath(token, item.mediaExtension) !== `/api/shared/${token}/${file}`) throw new ServiceError('not-found', MESSAGES.sharedLinkNotFound);
  return sharedPlaybackUrl(item.mediaKey, item.mediaType, SHARED_PLAYBACK_URL_SECONDS);
}

/** A project is being deleted: its transcripts stay, in no project (one moved meanwhile stays where it went). */
export async function releaseProjectTranscripts(userId: string, projectId: string): Promise<void> {
  for (const item of await projectTranscripts(userId, projectId)) await leaveProject(item);
}

/** Replaces (or, with `replacement` null, removes) a tag name, whatever its case, on every transcript of the user that carries it. */
export async function retagTranscripts(userId: string, name: string, replacement: string | null): Promise<void> {
  for (const item of await allTranscripts(userId)) {
    const tags = item.tags ?? [];
    // In any case: a transcript tagged before it took the tag's own spelling may carry the name as typed.
    if (!tags.some((tag) => sameName(tag, name))) continue;
    const next = replacement === null ? tags.filter((tag) => !sameName(tag, name)) : [...new Set(tags.map((tag) => (sameName(tag, name) ? replacement : tag)))];
    await setTags(item, next);
  }
}
