/**
 * Transcripts domain: uploads (presigned, straight to S3), starting a transcription, reading it,
 * and playing the recording (docs/product.md#calls; docs/architecture.md#http-contract, docs/architecture.md#data, docs/architecture.md#workflow).
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { newUploadId } from '../data/ids';
import { findProject } from '../data/projects';
import { ensureTags } from '../data/tags';
import { claimRestart, claimRetry, createTranscript as createItem, findTranscript, listTranscripts, listTranscriptsPage, setState, updateTranscript, type TranscriptItem } from '../data/transcripts';
import { createUpload, findLiveUpload, recordVerifiedType, verifiedType } from '../data/uploads';
import { MAX_FORM_UPLOAD_BYTES, MAX_UPLOAD_BYTES, MULTIPART_THRESHOLD_BYTES, SHARED_PLAYBACK_URL_SECONDS, UPLOAD_KEPT_SECONDS } from '../domain/constants';
import { formatBytes } from '../domain/file-size';
import type { MediaType } from '../domain/media-type';
import { MESSAGES } from '../domain/messages';
import type { MovedAnswer, TranscribeAnswer, TranscriptView } from '../contract/views';
import { downloadName } from '../domain/download-name';
import { CONTENT_TYPES, exportText } from '../domain/export';
import { exportDocx } from '../domain/export-docx';
import { FileName, type TranscribeFormInput, type TranscribeOptionsInput, type TranscribeUploadedInput } from '../domain/transcribe-request';
import { audioUrl, effectiveStatus, transcriptView, type TranscriptBody } from '../domain/transcript-view';
import { sfnClient } from '../platform/aws-clients';
import { assertTranscribable, capabilities } from '../services/transcripts/capabilities';
import { setting } from '../platform/config';
import { logger } from '../platform/logger';
import { createDomainHandler, type RequestContext } from '../http/handler';
import { transcriptList } from '../services/transcripts/list-pages';
import { giveBack, holdOf, monthUsage, msOf, quotaOn, refuseOverQuota, releaseHold, reserveAudio, type Reservation } from '../services/usage/usage';
import { HttpError, validate } from '../http/http';
import { inspectBytes, inspectStoredMedia } from '../services/media/inspection';
import { completeMultipart, keepUpload, markPending, mediaKey, partCount, playbackUrl, presignUpload, putObject, sharedPlaybackUrl, signParts, uploadedParts } from '../storage/media-store';
import type { Session } from '../services/accounts/sessions';
import { changeableTranscript, correctText, finishedTranscript, ownTranscript, patchTranscript, revertText, summarizeAgain, withText } from '../services/transcripts/edits';
import { searchTranscripts } from '../services/transcripts/search';
import { createLink, liveLinks, openSharedLink, revokeLink } from '../services/transcripts/share-links';
import { NOINDEX_HEADERS, sharedMediaPath, sharedTranscriptView } from '../domain/share-links';
import { asRecord, readBody } from '../services/transcripts/records';

interface StoredMedia {
  key: string;
  filename: string;
  size: number;
  type: MediaType;
  /** A presigned upload, tagged pending until a transcription starts from it. */
  uploaded?: boolean;
  /** The recording's length when its start tells it (WAV, FLAC, MP4): counted from the start (usage, the quota). */
  durationSeconds?: number | null;
}

/** Creates the transcript item, holding `reservation` of the quota; false when a concurrent request with the same id made it first. */
async function createTranscript(session: Session, transcriptId: string, media: StoredMedia, options: TranscribeOptionsInput, reservation: Reservation | undefined): Promise<boolean> {
  const tags = await ensureTags(session.userId, options.tags);
  return createItem({
    userId: session.userId,
    transcriptId,
    filename: media.filename,
    mediaKey: media.key,
    mediaType: media.type.mime,
    mediaExtension: media.type.extension,
    size: media.size,
    language: options.language,
    verbatim: options.verbatim,
    diarization: options.diarization,
    useAiSummary: options.use_ai_summary,
    includeTimestamps: options.include_timestamps,
    tags,
    projectId: options.project_id ?? '',
    status: 'processing',
    stage: 'uploaded',
    ...(typeof media.durationSeconds === 'number' ? { audioMs: msOf(media.durationSeconds) } : {}),
    ...holdOf(reservation),
  });
}

/** Creates the transcript (once per id: a repeated request finds the first) and starts its workflow. */
async function startTranscription(session: Session, transcriptId: string, media: StoredMedia, options: TranscribeOptionsInput): Promise<TranscribeAnswer> {
  await checkProject(session, options);
  const existing = await findTranscript(session.userId, transcriptId);
  // The trash is read-only: a transcript there is never started (or started again) behind its owner's back.
  if (existing?.state === 'deleted') throw new HttpError(409, MESSAGES.trashedNotStarted);
  const created = !existing && (await createWithin(session, transcriptId, media, options));
  // A retry after a start that failed starts it again (same upload, same transcript), unless another request just did or it went to the trash.
  const restart = existing?.status === 'failed' && existing.error === MESSAGES.workflowNotStarted && (await claimRestart(existing, { status: 'processing', error: '' }));
  if (created || restart) await startWorkflow(session.userId, transcriptId, existing?.attempt ?? 0);
  const item = (created || restart ? null : existing) ?? (await findTranscript(session.userId, transcriptId))!;
  const view = transcriptView(asRecord(item), null);
  const { id, status, audio_url, filename, stage, progress, queue_position } = view;
  return { id, status, audio_url, filename, stage, progress, queue_position, transcript: '', summary: '', topic: '', word_timings: [] };
}

/**
 * A new transcript: its recording's length reserved in the month's quota first when the file's start tells it
 * (429 with what is left when it does not fit; else the workflow reserves it once ffmpeg has read it), then
 * the upload kept, then the item made. A start that makes no transcript gives the reservation back.
 */
async function createWithin(session: Session, transcriptId: string, media: StoredMedia, options: TranscribeOptionsInput): Promise<boolean> {
  const reservation = typeof media.durationSeconds === 'number' ? await reserveAudio(session.userId, media.durationSeconds) : undefined;
  let created = false;
  try {
    // Kept before the transcript exists: a failure in between leaves a file kept too long, never a transcript without its recording.
    if (media.uploaded && !(await keepUpload(media.key))) throw new HttpError(404, MESSAGES.uploadNotFound);
    created = await createTranscript(session, transcriptId, media, options, reservation);
    return created;
  } finally {
    if (reservation && !created) await giveBack(session.userId, reservation);
  }
}

/**
 * Starts the transcript's workflow. The execution name is the transcript id (and the run's number after
 * a "Try again"): Step Functions starts it once, however often this is retried. If it can't start, the
 * transcript fails at once with a reason the user can act on (a retry from the same upload starts it again).
 */
async function startWorkflow(userId: string, transcriptId: string, attempt: number): Promise<void> {
  const run = attempt > 0 ? { name: `${transcriptId}-${attempt}`, input: { userId, transcriptId, attempt } } : { name: transcriptId, input: { userId, transcriptId } };
  try {
    await sfnClient().send(new StartExecutionCommand({ stateMachineArn: setting('STATE_MACHINE_ARN'), name: run.name, input: JSON.stringify(run.input) }));
  } catch (error) {
    if ((error as Error).name === 'ExecutionAlreadyExists') return;
    logger.error('The workflow could not be started', { transcriptId, error: error as Error });
    await updateTranscript(userId, transcriptId, { status: 'failed', error: MESSAGES.workflowNotStarted });
    // Nothing ran: its reservation goes back (a restart reserves again, in the workflow).
    const item = await findTranscript(userId, transcriptId);
    if (item) await releaseHold(item);
    throw new HttpError(503, MESSAGES.workflowNotStarted);
  }
}

async function checkProject(session: Session, options: TranscribeOptionsInput): Promise<void> {
  if (options.project_id && !(await findProject(session.userId, options.project_id))) throw new HttpError(404, MESSAGES.projectNotFound);
}

/** The multipart form of docs/product.md: the file itself plus the options, for API users and small files. Everything is checked before the file is stored. */
async function transcribeForm(session: Session, { file, ...options }: TranscribeFormInput): Promise<TranscribeAnswer> {
  assertTranscribable(options);
  await refuseOverQuota(session.userId);
  if (file.size > MAX_FORM_UPLOAD_BYTES) throw new HttpError(413, MESSAGES.formFileTooLarge(formatBytes(MAX_FORM_UPLOAD_BYTES)));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { type, durationSeconds } = inspectBytes(bytes);
  const filename = validate(FileName, file.name || `recording.${type.extension}`, 400);
  await checkProject(session, options);
  const transcriptId = newUploadId();
  const key = mediaKey(session.userId, transcriptId);
  await putObject(key, bytes, type.mime);
  return startTranscription(session, transcriptId, { key, filename, size: file.size, type, durationSeconds }, options);
}

/** The JSON form, after a direct upload: the upload's id; the transcript takes that id, so a double click starts one job. */
async function transcribeUploaded(session: Session, request: TranscribeUploadedInput): Promise<TranscribeAnswer> {
  assertTranscribable(request);
  const existing = await findTranscript(session.userId, request.upload_id);
  if (existing) return startTranscription(session, request.upload_id, { key: existing.mediaKey, filename: existing.filename, size: existing.size, type: { kind: 'audio', mime: existing.mediaType, extension: existing.mediaExtension } }, request);
  const upload = await findLiveUpload(session.userId, request.upload_id);
  if (!upload) throw new HttpError(404, MESSAGES.uploadNotFound);
  // Checked when the upload was asked for too, but an upload waits up to a day: the allowance may be used up since.
  await refuseOverQuota(session.userId);
  // Checked at /complete, the type is on the upload; a single-part upload sent without /complete is checked now,
  // and so is any when a quota is on: the recording's length, where its start tells it, is reserved at once.
  const known = verifiedType(upload);
  const inspected = known && !quotaOn() ? { type: known, durationSeconds: null } : await inspectStoredMedia(upload.key);
  const { type, durationSeconds } = inspected;
  return startTranscription(session, upload.uploadId, { key: upload.key, filename: upload.filename, size: upload.size, type, uploaded: true, durationSeconds }, request);
}

/** Reserves a stored recording's length when its start tells it (else the workflow will, once ffmpeg has read it). */
async function reserveFromStart(userId: string, key: string): Promise<Reservation | undefined> {
  const { durationSeconds } = await inspectStoredMedia(key);
  return durationSeconds === null ? undefined : reserveAudio(userId, durationSeconds);
}

/** The changed transcript, whole, as GET /api/transcripts/{id} answers it. */
const whole = ({ item, body }: { item: TranscriptItem; body: TranscriptBody | null }): { body: TranscriptView } => ({ body: transcriptView(asRecord(item), body) });

/** The browser's list names each expected part (1..count) once, with the ETag S3 holds for it. */
function partsMatch(parts: { part_number: number; etag: string }[], stored: Map<number, string>, count: number): boolean {
  const numbers = new Set(parts.map((part) => part.part_number));
  if (parts.length !== count || numbers.size !== count) return false;
  return parts.every((part) => part.part_number <= count && stored.get(part.part_number) === part.etag.replace(/"/g, ''));
}

/**
 * "Try again" (issue 15): a failed transcription runs again from its stored upload with its own options.
 * The run's number names it, so a double click starts one run.
 */
async function retryTranscription(session: Session, transcriptId: string): Promise<{ body: TranscriptView }> {
  // Running again changes the transcript: not in the trash.
  const item = await changeableTranscript(session.userId, transcriptId);
  if (effectiveStatus(asRecord(item)).status !== 'failed') throw new HttpError(409, MESSAGES.notFailed);
  await refuseOverQuota(session.userId);
  // Its reservation went back when it failed: reserved again now where the file's start tells the length (429 when it does not fit).
  const reservation = quotaOn() && !item.quotaMs ? await reserveFromStart(session.userId, item.mediaKey) : undefined;
  const attempt = (item.attempt ?? 0) + 1;
  const changes = { status: 'processing', error: '', stage: 'uploaded', progress: 0, queuePosition: 0, startedAt: new Date().toISOString(), ...holdOf(reservation) } as const;
  // Another retry got there first: this one is no longer retrying a failed job.
  if (!(await claimRetry(item, attempt, changes))) {
    if (reservation) await giveBack(session.userId, reservation);
    throw new HttpError(409, MESSAGES.notFailed);
  }
  await startWorkflow(session.userId, transcriptId, attempt);
  return whole({ item: (await findTranscript(session.userId, transcriptId))!, body: null });
}

/** Soft delete and restore: doing either twice is harmless. */
async function moveTo({ session, params }: RequestContext<'DELETE /api/transcripts/{id}'>, state: 'active' | 'deleted', message: string): Promise<{ body: MovedAnswer }> {
  const item = await ownTranscript(session.userId, params.id);
  await setState(item, state);
  return { body: { message, id: item.transcriptId } };
}

export const handler = createDomainHandler('transcripts', {
  'GET /api/capabilities': async () => ({ body: await capabilities() }),

  'POST /api/uploads': async ({ session, body: { filename, size, language, diarization } }) => {
    // Told the options up front, the server refuses what it can't transcribe before the file is sent.
    if (language !== undefined) assertTranscribable({ language, diarization });
    if (size > MAX_UPLOAD_BYTES) throw new HttpError(413, MESSAGES.fileTooLarge(formatBytes(MAX_UPLOAD_BYTES)));
    await refuseOverQuota(session.userId);
    const uploadId = newUploadId();
    const key = mediaKey(session.userId, uploadId);
    const presigned = await presignUpload(key, size, size > MULTIPART_THRESHOLD_BYTES);
    // The record lives as long as the file waits for its transcription (then both go).
    await createUpload({ userId: session.userId, uploadId, key, filename, size, multipartId: presigned.multipartId, expiresAt: Math.floor(Date.now() / 1000) + UPLOAD_KEPT_SECONDS });
    return { body: { upload_id: uploadId, url: presigned.url, parts: presigned.parts, part_size: presigned.part_size, part_count: presigned.part_count, max_bytes: MAX_UPLOAD_BYTES } };
  },

  'POST /api/uploads/{id}/parts': async ({ session, params: { id: uploadId }, body: { part_numbers } }) => {
    const upload = await findLiveUpload(session.userId, uploadId);
    if (!upload?.multipartId) throw new HttpError(404, MESSAGES.uploadNotFound);
    if (part_numbers.some((number) => number > partCount(upload.size))) throw new HttpError(400, MESSAGES.noSuchUploadPart);
    return { body: { parts: await signParts(upload.key, upload.multipartId, upload.size, part_numbers) } };
  },

  'POST /api/uploads/{id}/complete': async ({ session, params: { id: uploadId }, body: { parts } }) => {
    const upload = await findLiveUpload(session.userId, uploadId);
    if (!upload) throw new HttpError(404, MESSAGES.uploadNotFound);
    if (upload.multipartId) {
      const stored = await uploadedParts(upload.key, upload.multipartId);
      // null: completed before, so this answers as that first completion did (from the stored file).
      if (stored) {
        if (!partsMatch(parts ?? [], stored, partCount(upload.size))) throw new HttpError(400, MESSAGES.uploadIncomplete);
        await completeMultipart(upload.key, upload.multipartId, parts!);
      }
    }
    const { type } = await inspectStoredMedia(upload.key);
    await recordVerifiedType(upload, type);
    // A single PUT's tag again (presignUpload), unless a transcription already started from it and kept it.
    if (!upload.multipartId && !(await findTranscript(session.userId, uploadId))) await markPending(upload.key);
    return { body: { upload_id: uploadId, media_type: type.mime, kind: type.kind } };
  },

  'POST /api/transcribe': async ({ session, body, form }) => ({
    body: body ? await transcribeUploaded(session, body) : await transcribeForm(session, form),
  }),

  'GET /api/transcripts/{id}': async ({ session, params }) => {
    const item = await ownTranscript(session.userId, params.id);
    const record = asRecord(item);
    return { body: transcriptView(record, record.status === 'complete' ? await readBody(item) : null) };
  },

  'GET /api/usage': async ({ session }) => ({ body: await monthUsage(session.userId) }),

  'GET /api/transcripts': ({ session, query }) =>
    transcriptList(query, () => listTranscripts(session.userId, 'active'), (limit, cursor) => listTranscriptsPage(session.userId, 'active', limit, cursor)),
  'GET /api/deleted_transcripts': ({ session, query }) =>
    transcriptList(query, () => listTranscripts(session.userId, 'deleted'), (limit, cursor) => listTranscriptsPage(session.userId, 'deleted', limit, cursor)),
  'DELETE /api/transcripts/{id}': (ctx) => moveTo(ctx, 'deleted', 'Transcript deleted.'),
  'POST /api/transcripts/{id}/restore': (ctx) => moveTo(ctx, 'active', 'Transcript restored.'),

  'PATCH /api/transcripts/{id}': async ({ session, params, body }) => {
    return whole(await patchTranscript(await changeableTranscript(session.userId, params.id), body));
  },
  'PUT /api/transcripts/{id}/text': async ({ session, params, body }) => whole(await correctText(await finishedTranscript(session.userId, params.id), body.groups)),
  'POST /api/transcripts/{id}/revert': async ({ session, params }) => whole(await revertText(await finishedTranscript(session.userId, params.id))),
  'POST /api/transcripts/{id}/summary': async ({ session, params }) => whole(await summarizeAgain(await finishedTranscript(session.userId, params.id))),

  'POST /api/transcripts/{id}/retry': ({ session, params }) => retryTranscription(session, params.id),

  'GET /api/transcripts/{id}/export': async ({ session, params, query }) => {
    // A download reads: a deleted transcript is exported too.
    const item = withText(await ownTranscript(session.userId, params.id), MESSAGES.notReadyToDownload);
    const source = transcriptView(asRecord(item), await readBody(item));
    const { format, ...options } = query;
    const file = format === 'docx' ? await exportDocx(source, options) : exportText(source, { ...options, format });
    return { file, contentType: CONTENT_TYPES[format], filename: downloadName(item.filename, format) };
  },

  'GET /api/search': async ({ session, query }) => ({ body: { results: await searchTranscripts(session.userId, query) } }),

  'POST /api/transcripts/{id}/share': async ({ session, params, body }) => ({ status: 201, body: await createLink(await ownTranscript(session.userId, params.id), body) }),
  'GET /api/transcripts/{id}/share': async ({ session, params }) => ({ body: await liveLinks(await ownTranscript(session.userId, params.id)) }),
  'DELETE /api/transcripts/{id}/share/{token}': async ({ session, params }) => ({
    body: { message: 'Link turned off.', id: await revokeLink(await ownTranscript(session.userId, params.id), params.token) },
  }),

  'GET /api/shared/{token}': async ({ event, params: { token } }) => {
    const { link, item } = await openSharedLink(event, token);
    const body = (await readBody(item))!;
    const media = link.includeAudio ? sharedMediaPath(token, item.mediaExtension) : null;
    return { body: sharedTranscriptView(asRecord(item), body, media), headers: { ...NOINDEX_HEADERS } };
  },
  'GET /api/shared/{token}/{file}': async ({ event, params: { token, file } }) => {
    const { link, item } = await openSharedLink(event, token);
    if (!link.includeAudio || sharedMediaPath(token, item.mediaExtension) !== `/api/shared/${token}/${file}`) throw new HttpError(404, MESSAGES.sharedLinkNotFound);
    return { location: await sharedPlaybackUrl(item.mediaKey, item.mediaType, SHARED_PLAYBACK_URL_SECONDS), headers: { ...NOINDEX_HEADERS } };
  },

  'GET /uploads/{filename}': async ({ session, params: { filename } }) => {
    const item = await findTranscript(session.userId, filename.split('.')[0]!);
    if (!item || audioUrl(item) !== `/uploads/${filename}`) throw new HttpError(404, MESSAGES.recordingNotFound);
    return { location: await playbackUrl(item.mediaKey, item.mediaType) };
  },
});
