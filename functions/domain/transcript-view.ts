/** What the API shows of a transcript (docs/product.md#entities, #calls), from its item and its body. Pure. */
import { LIST_PREVIEW_LENGTH, MAX_PROCESSING_SECONDS } from './constants';
import { jobProgress, type StoredProgress, type TranscriptStatus } from './job-progress';
import { keyPointsOf } from './key-point-moments';
import type { WordGroup } from './parse-transcript';
import { summariesView, type TemplateSummaries } from './summary-templates';
import { textJobView, type StoredTextJob } from './text-jobs';

export interface TranscriptRecord extends StoredProgress {
  transcriptId: string;
  filename: string;
  mediaExtension: string;
  language: string;
  projectId?: string | undefined;
  tags: string[];
  status: TranscriptStatus;
  error?: string | undefined;
  topic: string;
  summary: string;
  preview: string;
  createdAt: string;
  state: 'active' | 'deleted';
  editedAt?: string | undefined;
  summarizedAt?: string | undefined;
  /** Issue 30: the summary templates' results (key points are `summary`). */
  summaries?: TemplateSummaries | undefined;
  durationMs?: number | undefined;
  /** The recording's length as the job read it from the media (absent until then; 0 when the job failed before reading it). */
  audioMs?: number | undefined;
  /** The type found in the recording's bytes (`audio/webm`, `video/mp4`). */
  mediaType?: string | undefined;
  /** When the current run started (a retry starts a new one); absent: at creation. */
  startedAt?: string | undefined;
  /** The engine doubts the speech is in `language` (issue 27). */
  languageMismatch?: boolean | undefined;
  /** Issue 31: the speech job's end was found by a status check, its event lost. */
  eventLost?: boolean | undefined;
  /** Issue 31: the job completed without its summary, the model busy through every retry. */
  summaryLeftOut?: boolean | undefined;
  /** Issue 31: the summary or translation being made as a job, or the last one's failure. */
  textJob?: StoredTextJob | undefined;
}

/** What a list shows of each transcript (listItemView): all but what only the transcript's own page needs. */
export type ListedRecord = Omit<TranscriptRecord, 'summarizedAt' | 'summaries' | 'languageMismatch' | 'eventLost' | 'summaryLeftOut' | 'textJob'>;

export interface TranscriptBody {
  text: string;
  word_timings: WordGroup[];
  speakers: string[];
  speakers_missing?: boolean;
}

export const STALE_REASON = 'The transcription took too long and was stopped. Please try again.';

/** `/uploads/<id>.<ext>`: the recording's address in the app (docs/product.md#calls). */
export const audioUrl = (record: Pick<TranscriptRecord, 'transcriptId' | 'mediaExtension'>): string =>
  `/uploads/${record.transcriptId}.${record.mediaExtension}`;

/** Whether the recording has a picture (a video player) or not (an audio player), by the type found in its bytes. */
export const mediaKindOf = (mediaType: string | undefined): 'audio' | 'video' => (mediaType?.startsWith('video/') ? 'video' : 'audio');

/**
 * The recording's length as the page shows it ("Length"): what the job read of the media, as the player will
 * (issue 28 point 5); else where the last word ends; null until either is known.
 */
export const lengthMsOf = (record: Pick<TranscriptRecord, 'audioMs' | 'durationMs'>): number | null => (record.audioMs || record.durationMs) ?? null;

/** A job still processing long after any engine would have finished is reported failed: nothing stays processing forever. */
export function effectiveStatus(record: Pick<TranscriptRecord, 'status' | 'createdAt' | 'startedAt' | 'error'>, now = Date.now()): { status: TranscriptStatus; error?: string } {
  if (record.status === 'processing' && now - Date.parse(record.startedAt || record.createdAt) > MAX_PROCESSING_SECONDS * 1000) {
    return { status: 'failed', error: STALE_REASON };
  }
  return record.status === 'failed' ? { status: 'failed', error: record.error ?? STALE_REASON } : { status: record.status };
}

/** The start of the text kept on the item for lists: a little more than a list shows (docs/product.md#constants-and-limits: 100), so it can tell the text goes on. */
export function previewOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, LIST_PREVIEW_LENGTH + 1);
}

/** An item of the transcript lists: no body, the preview instead (docs/product.md#screens-and-routes: cut at 100 characters by the list). */
export function listItemView(record: ListedRecord, now = Date.now()) {
  const { status, error } = effectiveStatus(record, now);
  return {
    id: record.transcriptId,
    filename: record.filename,
    status,
    ...(error ? { error } : {}),
    /** Issue 15: where an unfinished job stands (all null once it has ended). */
    ...jobProgress(status, record),
    preview: record.preview,
    summary: record.summary,
    topic: record.topic,
    audio_url: audioUrl(record),
    media_kind: mediaKindOf(record.mediaType),
    language: record.language,
    tags: record.tags,
    project_id: record.projectId || null,
    created_at: record.createdAt,
    deleted: record.state === 'deleted',
    duration_ms: lengthMsOf(record),
    /** When the text was last corrected; null while it is the machine's. */
    edited_at: record.editedAt || null,
  };
}

/** The summary and topic were made from the text as it was before a later correction. */
export const summaryOutdated = (record: Pick<TranscriptRecord, 'editedAt' | 'summarizedAt' | 'summary' | 'topic'>): boolean =>
  Boolean(record.editedAt) && Boolean(record.summary || record.topic) && (!record.summarizedAt || record.summarizedAt < record.editedAt!);

/** The end of the last word of a body, in ms. */
export const spokenLength = (body: Pick<TranscriptBody, 'word_timings'>): number =>
  Math.max(0, ...body.word_timings.flatMap((group) => group.words.map((word) => word.end)));

/** GET /api/transcripts/{id}: the list item's fields with the body's text, timings and speakers. */
export function transcriptView(record: TranscriptRecord, body: TranscriptBody | null, translations: readonly string[] = [], now = Date.now()) {
  const { preview: _preview, ...item } = listItemView(record, now);
  return {
    ...item,
    text: body?.text ?? '',
    word_timings: body?.word_timings ?? [],
    speakers: body?.speakers ?? [],
    speakers_missing: body?.speakers_missing ?? false,
    summary_outdated: summaryOutdated(record),
    /** Issue 28: the summary's lines, each with where it was said (the page links to that moment). */
    key_points: keyPointsOf(record.summary, body?.word_timings ?? []),
    /** Issue 30: each summary template's lines, by template. */
    summaries: summariesView(record.summaries, record.editedAt),
    /** Issue 27: the speech may not be in `language`; the page offers to transcribe it again in another. */
    language_mismatch: record.languageMismatch ?? false,
    /** Issue 31: the smoke test fails a job whose end event was lost. */
    event_lost: record.eventLost ?? false,
    /** Issue 31: the job completed without its summary (the model busy through every retry); Summarize again makes it. */
    summary_left_out: record.summaryLeftOut ?? false,
    /** The languages the text as it is now was translated into (stored), newest first. */
    translations: [...translations],
    /** Issue 31: the summary or translation being made (the page polls while it runs), or why the last one failed. */
    text_job: textJobView(record.textJob, now),
  };
}
