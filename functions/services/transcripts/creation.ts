/**
 * A transcript comes to be (docs/product.md#calls; docs/architecture.md#data, docs/architecture.md#workflow):
 * from an upload (presigned, straight to storage) or a form's file, made once per id, its workflow started;
 * and "Try again" on a failed one.
 */
import type { CompletedUpload, TranscribeAnswer, TranscriptView, UploadPartUrls, UploadTicket } from '../../contract';
import { newUploadId } from '../../data/ids';
import { findProject } from '../../data/projects';
import { ensureTags } from '../../data/tags';
import { claimRestart, claimRetry, createTranscript as createItem, findTranscript } from '../../data/transcripts';
import { createUpload, findLiveUpload, recordVerifiedType, verifiedType } from '../../data/uploads';
import { MAX_FORM_UPLOAD_BYTES, MAX_UPLOAD_BYTES, MULTIPART_THRESHOLD_BYTES, UPLOAD_KEPT_SECONDS } from '../../domain/constants';
import { formatBytes } from '../../domain/file-size';
import type { MediaType } from '../../domain/media-type';
import { MESSAGES } from '../../domain/messages';
import type { TranscribeFormInput, TranscribeOptionsInput, TranscribeUploadedInput } from '../../domain/transcribe-request';
import { effectiveStatus, transcriptView } from '../../domain/transcript-view';
import { nowSeconds } from '../../platform/clock';
import { completeMultipart, keepUpload, markPending, mediaKey, partCount, presignUpload, putObject, signParts, uploadedParts } from '../../storage/media-store';
import { inspectBytes, inspectStoredMedia } from '../media/inspection';
import { ServiceError } from '../service-error';
import { giveBack, holdOf, msOf, quotaOn, refuseOverQuota, reserveAudio, type Reservation } from '../usage';
import { assertTranscribable } from './capabilities';
import { changeableTranscript } from './edits';
import { queueRun } from './admission';
import { asRecord } from './records';

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
async function createTranscript(userId: string, transcriptId: string, media: StoredMedia, options: TranscribeOptionsInput, reservation: Reservation | undefined): Promise<boolean> {
  const tags = await ensureTags(userId, options.tags);
  return createItem({
    userId,
    transcriptId,
    filename: media.filename,
    mediaKey: media.key,
    mediaType: media.type.mime,
    mediaExtension: media.type.extension,
    size: media.size,
    language: options.language,
    verbatim: options.verbatim,
    diarization: options.diarization,
    ...(options.diarization && options.speaker_count !== 'auto' ? { speakerCount: options.speaker_count } : {}),
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
async function startTranscription(userId: string, transcriptId: string, media: StoredMedia, options: TranscribeOptionsInput): Promise<TranscribeAnswer> {
  await checkProject(userId, options);
  const existing = await findTranscript(userId, transcriptId);
  // The trash is read-only: a transcript there is never started (or started again) behind its owner's back.
  if (existing?.state === 'deleted') throw new ServiceError('conflict', MESSAGES.trashedNotStarted);
  const created = !existing && (await createWithin(userId, transcriptId, media, options));
  // A retry after a start that failed starts it again (same upload, same transcript), unless another request just did or it went to the trash.
  const restart = existing?.status === 'failed' && existing.error === MESSAGES.workflowNotStarted && (await claimRestart(existing, { status: 'processing', error: '' }));
  if (created || restart) await startWorkflow(userId, transcriptId, existing?.attempt ?? 0);
  const item = (created || restart ? null : existing) ?? (await findTranscript(userId, transcriptId))!;
  const view = transcriptView(asRecord(item), null);
  const { id, status, audio_url, filename, stage, progress, queue_position } = view;
  return { id, status, audio_url, filename, stage, progress, queue_position, transcript: '', summary: '', topic: '', word_timings: [] };
}

/**
 * A new transcript: its recording's length reserved in the month's quota first when the file's start tells it
 * (429 with what is left when it does not fit; else the workflow reserves it once ffmpeg has read it), then
 * the upload kept, then the item made. A start that makes no transcript gives the reservation back.
 */
async function createWithin(userId: string, transcriptId: string, media: StoredMedia, options: TranscribeOptionsInput): Promise<boolean> {
  const reservation = typeof media.durationSeconds === 'number' ? await reserveAudio(userId, media.durationSeconds) : undefined;
  let created = false;
  try {
    // Kept before the transcript exists: a failure in between leaves a file kept too long, never a transcript without its recording.
    if (media.uploaded && !(await keepUpload(media.key))) throw new ServiceError('not-found', MESSAGES.uploadNotFound);
    created = await createTranscript(userId, transcriptId, media, options, reservation);
    return created;
  } finally {
    if (reservation && !created) await giveBack(userId, reservation);
  }
}

/**
 * Starts the transcript's workflow once it may run (issue 31 point 1: it waits in line, fair between users, while
 * the deployment's transcriptions are at TRANSCRIBE_CONCURRENCY). The execution name is the transcript id (and the
 * run's number after a "Try again"): Step Functions starts it once, however often this is retried. If it can't
 * start, the transcript fails at once with a reason the user can act on (a retry from the same upload starts it again).
 */
async function startWorkflow(userId: string, transcriptId: string, attempt: number): Promise<void> {
  const run = attempt > 0 ? { name: `${transcriptId}-${attempt}`, input: { userId, transcriptId, attempt } } : { name: transcriptId, input: { userId, transcriptId } };
  if (!(await queueRun(run))) throw new ServiceError('unavailable', MESSAGES.workflowNotStarted);
}

async function checkProject(userId: string, options: TranscribeOptionsInput): Promise<void> {
  if (options.project_id && !(await findProject(userId, options.project_id))) throw new ServiceError('not-found', MESSAGES.projectNotFound);
}

/**
 * The multipart form of docs/product.md: the file itself plus the options, for API users and small files.
 * Everything is checked before the file is stored; `checkName` is the edge's check of the name the user sent.
 */
export async function transcribeForm(userId: string, { file, ...options }: TranscribeFormInput, checkName: (name: string) => string): Promise<TranscribeAnswer> {
  assertTranscribable(options);
  await refuseOverQuota(userId);
  if (file.size > MAX_FORM_UPLOAD_BYTES) throw new ServiceError('too-large', MESSAGES.formFileTooLarge(formatBytes(MAX_FORM_UPLOAD_BYTES)));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { type, durationSeconds } = inspectBytes(bytes);
  const filename = checkName(file.name || `recording.${type.extension}`);
  await checkProject(userId, options);
  const transcriptId = newUploadId();
  const key = mediaKey(userId, transcriptId);
  await putObject(key, bytes, type.mime);
  return startTranscription(userId, transcriptId, { key, filename, size: file.size, type, durationSeconds }, options);
}

/** The JSON form, after a direct upload: the upload's id; the transcript takes that id, so a double click starts one job. */
export async function transcribeUploaded(userId: string, request: TranscribeUploadedInput): Promise<TranscribeAnswer> {
  assertTranscribable(request);
  const existing = await findTranscript(userId, request.upload_id);
  if (existing) return startTranscription(userId, request.upload_id, { key: existing.mediaKey, filename: existing.filename, size: existing.size, type: { kind: 'audio', mime: existing.mediaType, extension: existing.mediaExtension } }, request);
  const upload = await findLiveUpload(userId, request.upload_id);
  if (!upload) throw new ServiceError('not-found', MESSAGES.uploadNotFound);
  // Checked when the upload was asked for too, but an upload waits up to a day: the allowance may be used up since.
  await refuseOverQuota(userId);
  // Checked at /complete, the type is on the upload; a single-part upload sent without /complete is checked now,
  // and so is any when a quota is on: the recording's length, where its start tells it, is reserved at once.
  const known = verifiedType(upload);
  const inspected = known && !quotaOn() ? { type: known, durationSeconds: null } : await inspectStoredMedia(upload.key);
  const { type, durationSeconds } = inspected;
  return startTranscription(userId, upload.uploadId, { key: upload.key, filename: upload.filename, size: upload.size, type, uploaded: true, durationSeconds }, request);
}

/** Reserves a stored recording's length when its start tells it (else the workflow will, once ffmpeg has read it). */
async function reserveFromStart(userId: string, key: string): Promise<Reservation | undefined> {
  const { durationSeconds } = await inspectStoredMedia(key);
  return durationSeconds === null ? undefined : reserveAudio(userId, durationSeconds);
}

/**
 * "Try again" (issue 15): a failed transcription runs again from its stored upload with its own options.
 * The run's number names it, so a double click starts one run.
 */
export async function retryTranscription(userId: string, transcriptId: string, language?: string): Promise<TranscriptView> {
  // Running again changes the transcript: not in the trash.
  const item = await changeableTranscript(userId, transcriptId);
  // A transcript whose speech may not be in its language runs again in another (issue 27); otherwise only a failed one.
  const inAnotherLanguage = language !== undefined && item.status === 'complete' && item.languageMismatch === true;
  if (effectiveStatus(asRecord(item)).status !== 'failed' && !inAnotherLanguage) throw new ServiceError('conflict', MESSAGES.notFailed);
  if (language !== undefined) assertTranscribable({ language, diarization: item.diarization ?? false });
  // One that still holds its part of the quota (run again in another language) costs nothing more: an allowance used up does not stop it.
  if (!item.quotaMs) await refuseOverQuota(userId);
  // Its reservation went back when it failed: reserved again now where the file's start tells the length (429 when it does not fit).
  const reservation = quotaOn() && !item.quotaMs ? await reserveFromStart(userId, item.mediaKey) : undefined;
  const attempt = (item.attempt ?? 0) + 1;
  const changes = {
    status: 'processing',
    error: '',
    stage: 'uploaded',
    progress: 0,
    queuePosition: 0,
    startedAt: new Date().toISOString(),
    eventLost: false,
    ...(language !== undefined ? { language, languageMismatch: false } : {}),
    ...holdOf(reservation),
  } as const;
  // Another retry got there first: this one is no longer retrying a failed job.
  if (!(await claimRetry(item, attempt, changes))) {
    if (reservation) await giveBack(userId, reservation);
    throw new ServiceError('conflict', MESSAGES.notFailed);
  }
  await startWorkflow(userId, transcriptId, attempt);
  return transcriptView(asRecord((await findTranscript(userId, transcriptId))!), null);
}

/** An upload's ticket (POST /api/uploads): told the options up front, the server refuses what it can't transcribe before the file is sent. */
export async function askUpload(userId: string, request: { filename: string; size: number; language?: string | undefined; diarization: boolean }): Promise<UploadTicket> {
  const { filename, size, language, diarization } = request;
  if (language !== undefined) assertTranscribable({ language, diarization });
  if (size > MAX_UPLOAD_BYTES) throw new ServiceError('too-large', MESSAGES.fileTooLarge(formatBytes(MAX_UPLOAD_BYTES)));
  await refuseOverQuota(userId);
  const uploadId = newUploadId();
  const key = mediaKey(userId, uploadId);
  const presigned = await presignUpload(key, size, size > MULTIPART_THRESHOLD_BYTES);
  // The record lives as long as the file waits for its transcription (then both go).
  await createUpload({ userId, uploadId, key, filename, size, multipartId: presigned.multipartId, expiresAt: nowSeconds() + UPLOAD_KEPT_SECONDS });
  return { upload_id: uploadId, url: presigned.url, parts: presigned.parts, part_size: presigned.part_size, part_count: presigned.part_count, max_bytes: MAX_UPLOAD_BYTES };
}

/** More part URLs of a multipart upload. */
export async function signUploadParts(userId: string, uploadId: string, partNumbers: number[]): Promise<UploadPartUrls> {
  const upload = await findLiveUpload(userId, uploadId);
  if (!upload?.multipartId) throw new ServiceError('not-found', MESSAGES.uploadNotFound);
  if (partNumbers.some((number) => number > partCount(upload.size))) throw new ServiceError('invalid', MESSAGES.noSuchUploadPart);
  return { parts: await signParts(upload.key, upload.multipartId, upload.size, partNumbers) };
}

/** The browser's list names each expected part (1..count) once, with the ETag S3 holds for it. */
function partsMatch(parts: { part_number: number; etag: string }[], stored: Map<number, string>, count: number): boolean {
  const numbers = new Set(parts.map((part) => part.part_number));
  if (parts.length !== count || numbers.size !== count) return false;
  return parts.every((part) => part.part_number <= count && stored.get(part.part_number) === part.etag.replace(/"/g, ''));
}

/** An upload is complete: its parts joined (multipart), its type checked and recorded. */
export async function completeUpload(userId: string, uploadId: string, parts: { part_number: number; etag: string }[] | undefined): Promise<CompletedUpload> {
  const upload = await findLiveUpload(userId, uploadId);
  if (!upload) throw new ServiceError('not-found', MESSAGES.uploadNotFound);
  if (upload.multipartId) {
    const stored = await uploadedParts(upload.key, upload.multipartId);
    // null: completed before, so this answers as that first completion did (from the stored file).
    if (stored) {
      if (!partsMatch(parts ?? [], stored, partCount(upload.size))) throw new ServiceError('invalid', MESSAGES.uploadIncomplete);
      await completeMultipart(upload.key, upload.multipartId, parts!);
    }
  }
  const { type } = await inspectStoredMedia(upload.key);
  await recordVerifiedType(upload, type);
  // A single PUT's tag again (presignUpload), unless a transcription started from it and kept it.
  if (!upload.multipartId && !(await findTranscript(userId, uploadId))) await markPending(upload.key);
  return { upload_id: uploadId, media_type: type.mime, kind: type.kind };
}
