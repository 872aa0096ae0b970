/**
 * Transcripts (docs/product.md#calls): what this deployment can do, uploads, transcription, the lists, one
 * transcript's reading, corrections and export, search, the month's usage and the recordings.
 */
import { z } from 'zod';
import { ExportQuery } from '../domain/export';
import { ID_PATTERN } from '../domain/ids';
import { JOB_STAGES } from '../domain/job-progress';
import { MESSAGES } from '../domain/messages';
import { SearchQuery } from '../domain/search';
import { SavedTemplateBody, SHAPED_TEMPLATES, SUMMARY_TEMPLATES, SummaryRequest, type ShapedTemplate } from '../domain/summary-templates';
import { TEXT_JOB_KINDS } from '../domain/text-jobs';
import { SpeakerAssignment, TextEditRequest, TranscriptPatch } from '../domain/text-edit';
import { CompleteUpload, RetryRequest, TranscribeForm, TranscribeUploaded, UploadPartsRequest, UploadRequest } from '../domain/transcribe-request';
import { FILE, json, MovedAnswer, onOwn, PageQuery, pathId, REDIRECT, type AreaRoutes } from './common';

export type { TranscriptStatus, JobStage, JobProgressView } from '../domain/job-progress';

/** GET /api/capabilities: what this server can do, asked before anything is uploaded (no session, no user data). */
export const CapabilitiesView = z.strictObject({
  transcription: z.strictObject({
    /** The product's names of the languages it transcribes. */
    languages: z.array(z.string()),
    speaker_identification: z.boolean(),
    /** The most speakers `speaker_count` takes. */
    max_speakers: z.number().int(),
  }),
  translation: z.strictObject({
    /** Names of the languages it translates into. */
    languages: z.array(z.string()),
  }),
  /** 'ai': a language model writes the summary; 'extractive': key points picked from the transcript. */
  summary: z.enum(['ai', 'extractive']),
  /** Ask (POST /api/ask): 'ai', a language model answers from the passages; 'passages', the best passages are the answer. */
  ask: z.enum(['ai', 'passages']),
  /** Issue 30: whether Ask and the library's search also match by meaning (sentence vectors), not only by words. */
  search: z.strictObject({ meaning: z.boolean() }),
  /** Issue 30: the summary templates this deployment writes (POST /api/transcripts/{id}/summary; the others answer 422). */
  summary_templates: z.array(z.enum(SUMMARY_TEMPLATES)),
  /**
   * Issue 29: live text while recording. `languages`: names of the languages with a live engine; `engine`:
   * where it runs ('browser': in the page, 'service': a streaming service, 'both': by language).
   */
  live: z.strictObject({ languages: z.array(z.string()), engine: z.enum(['browser', 'service', 'both']) }),
});
export type CapabilitiesView = z.output<typeof CapabilitiesView>;

/** Issue 31: a summary or translation made as a job (domain/text-jobs.ts). */
export const TextJobView = z.strictObject({
  kind: z.enum(TEXT_JOB_KINDS),
  template: z.enum(SUMMARY_TEMPLATES).nullable(),
  /** A translation's language (its name). */
  language: z.string().nullable(),
  status: z.enum(['running', 'failed']),
  stage: z.enum(['summarizing', 'translating']).nullable(),
  /** Why it failed, for the user; what was there before is kept. */
  error: z.string().nullable(),
  started_at: z.string(),
});
export type TextJobView = z.output<typeof TextJobView>;

/** GET /api/usage: this calendar month's use (UTC), and the monthly quota if there is one; `live_seconds`: live transcription (issue 29). */
export const UsageView = z.strictObject({ month: z.string(), audio_seconds: z.number(), live_seconds: z.number(), jobs: z.number(), quota_seconds: z.number().nullable() });
export type UsageView = z.output<typeof UsageView>;

const PartUrl = z.strictObject({ part_number: z.number(), url: z.string() });

/**
 * Where the browser puts the recording: one presigned PUT `url`, or `part_count` parts of `part_size` bytes
 * each, with the URLs of the first `parts` (the others from POST /api/uploads/{id}/parts when needed).
 */
export const UploadTicket = z.strictObject({
  upload_id: z.string(),
  max_bytes: z.number(),
  url: z.string().optional(),
  parts: z.array(PartUrl).optional(),
  part_size: z.number().optional(),
  part_count: z.number().optional(),
});
export type UploadTicket = z.output<typeof UploadTicket>;

/** More part URLs of a multipart upload, signed now. */
export const UploadPartUrls = z.strictObject({ parts: z.array(PartUrl) });
export type UploadPartUrls = z.output<typeof UploadPartUrls>;

export const CompletedUpload = z.strictObject({
  upload_id: z.string(),
  /** The type found in the file's bytes. */
  media_type: z.string(),
  kind: z.enum(['audio', 'video']),
});
export type CompletedUpload = z.output<typeof CompletedUpload>;

export const WordTiming = z.strictObject({
  /** The word with the punctuation that follows it ("dog."). */
  word: z.string(),
  /** Milliseconds from the start of the recording. */
  start: z.number(),
  end: z.number(),
});
export type WordTiming = z.output<typeof WordTiming>;
/** "Speaker 1", ... when grouped by speaker turn. */
export const WordGroup = z.strictObject({ words: z.array(WordTiming), speaker: z.string().optional() });
export type WordGroup = z.output<typeof WordGroup>;

export const KeyPointView = z.strictObject({ text: z.string(), start_ms: z.number().nullable() });
export type KeyPointView = z.output<typeof KeyPointView>;

const TranscriptStatus = z.enum(['processing', 'complete', 'failed']);

/** The fields of a list item and of a transcript's own page (docs/product.md#entities). */
const transcriptFields = {
  id: z.string(),
  filename: z.string(),
  status: TranscriptStatus,
  /** Why it failed. */
  error: z.string().optional(),
  /** Issue 15: where an unfinished job stands (all null once it has ended). */
  stage: z.enum(JOB_STAGES).nullable(),
  progress: z.number().nullable(),
  queue_position: z.number().nullable(),
  summary: z.string(),
  topic: z.string(),
  audio_url: z.string(),
  /** Whether the recording has a picture (played as video) or is sound only (played as audio). */
  media_kind: z.enum(['audio', 'video']),
  language: z.string(),
  tags: z.array(z.string()),
  project_id: z.string().nullable(),
  created_at: z.string(),
  deleted: z.boolean(),
  /** The recording's length in ms, as read from the media while the job ran (else where the last word ends); null until known. */
  duration_ms: z.number().nullable(),
  /** When the text was last corrected; null while it is the machine's. */
  edited_at: z.string().nullable(),
};

/** An item of the transcript lists: no body, a preview (a little over 100 characters) instead. */
export const TranscriptListItem = z.strictObject({ ...transcriptFields, preview: z.string() });
export type TranscriptListItem = z.output<typeof TranscriptListItem>;

/** `outdated`: made before a later correction of the text (the page offers to make it again). */
const TemplateSummaryView = z.strictObject({ lines: z.array(z.string()), created_at: z.string(), outdated: z.boolean() });

/** `GET /api/transcripts/{id}`: the list item's fields with the text, word timings and speakers. */
export const TranscriptView = z.strictObject({
  ...transcriptFields,
  text: z.string(),
  word_timings: z.array(WordGroup),
  speakers: z.array(z.string()),
  /** Speakers were asked for but could not be told apart: the text is kept without them. */
  speakers_missing: z.boolean(),
  /** Issue 27: the engine doubts the speech is in `language`; the page offers to transcribe it again in another. */
  language_mismatch: z.boolean(),
  /**
   * Issue 31: the speech job's end event never came, and its end was found by checking the job after the capped
   * wait (up to 15 minutes late): the operator's smoke test fails on it.
   */
  event_lost: z.boolean(),
  /** Issue 31: the model stayed busy through every retry, so the job completed without its summary; Summarize again makes it. */
  summary_left_out: z.boolean(),
  /** The summary and topic were made before a later correction of the text. */
  summary_outdated: z.boolean(),
  /** Issue 28: `summary`'s lines, each with where it is said (null when the words do not hold it, as with a written summary). */
  key_points: z.array(KeyPointView),
  /** Issue 30: the summary templates made so far (key points are `summary`), each with its lines and when it was made. */
  /** The languages (names) the text as it is now has a stored translation in, newest first: each is exported with `lang`. */
  translations: z.array(z.string()),
  summaries: z.strictObject(Object.fromEntries(SHAPED_TEMPLATES.map((template) => [template, TemplateSummaryView.optional()])) as Record<ShapedTemplate, z.ZodOptional<typeof TemplateSummaryView>>),
  /** Issue 31: the summary or translation of a long text being made as a job (poll this view while `running`), or why the last one failed; null: none. */
  text_job: TextJobView.nullable(),
});
export type TranscriptView = z.output<typeof TranscriptView>;

/** `POST /api/transcribe` answers at once, with the job still processing (docs/product.md#calls fields). */
export const TranscribeAnswer = z.strictObject({
  ...TranscriptView.pick({ id: true, status: true, audio_url: true, summary: true, topic: true, filename: true, stage: true, progress: true, queue_position: true }).shape,
  transcript: z.string(),
  word_timings: z.array(WordGroup),
});
export type TranscribeAnswer = z.output<typeof TranscribeAnswer>;

/** One transcript found: `snippet` is escaped HTML with the matching words in `<mark>`; `start_ms` opens it at that moment. */
export const SearchResult = z.strictObject({
  id: z.string(),
  filename: z.string(),
  created_at: z.string(),
  topic: z.string(),
  snippet: z.string(),
  start_ms: z.number(),
  /** Issue 30: found by its words, or by a passage of similar meaning (the snippet is then that passage, unmarked). Absent: words. */
  match: z.enum(['words', 'meaning']).optional(),
});
export type SearchResult = z.output<typeof SearchResult>;

export const SearchAnswer = z.strictObject({ results: z.array(SearchResult) });
export type SearchAnswer = z.output<typeof SearchAnswer>;

/** `/uploads/<id>.<ext>`. */
const RecordingFile = z.string().regex(new RegExp(`^${ID_PATTERN.source.slice(1, -1)}\\.[A-Za-z0-9]{1,10}$`), MESSAGES.recordingNotFound);

/** Issue 30: a custom instruction the user saved as a template of their own, to summarize with again. */
export const SavedTemplateView = z.strictObject({ id: z.string(), name: z.string(), instruction: z.string(), created_at: z.string() });
export type SavedTemplateView = z.output<typeof SavedTemplateView>;

const SAVED_TEMPLATES_WHY =
  'Issue 30: the custom instructions a user saved as templates of their own (summarized with as {"template": "custom", "instruction"}); 422 with the custom template\'s reason where it is not written.';
const onTranscript = onOwn('transcripts', MESSAGES.transcriptNotFound);
const onUpload = onOwn('transcripts', MESSAGES.uploadNotFound);

export const TRANSCRIPT_ROUTES = {
  'GET /api/capabilities': {
    domain: 'transcripts',
    auth: 'none',
    answer: json(CapabilitiesView),
    beyondSpec: 'Issue 12, honest options: the languages, speaker identification, translation targets and kind of summary this deployment offers, asked before anything is uploaded.',
  },
  'GET /api/usage': {
    domain: 'transcripts',
    auth: 'session',
    answer: json(UsageView),
    beyondSpec: "Issue 16: the month's audio seconds and jobs against the monthly quota, for the user and for the people who pay.",
  },
  'POST /api/uploads': {
    domain: 'transcripts',
    auth: 'session',
    body: UploadRequest,
    answer: json(UploadTicket),
    errors: [422],
    beyondSpec: 'docs/architecture.md#data: the browser uploads straight to S3 through a presigned URL (multipart for large files).',
  },
  'POST /api/uploads/{id}/parts': onUpload({
    body: UploadPartsRequest,
    answer: json(UploadPartUrls),
    beyondSpec: 'Issue 13: the URLs of a multipart upload\'s next parts, signed when the browser is about to send them (a 2 GB upload can outlast URLs signed up front).',
  }),
  'POST /api/uploads/{id}/complete': onUpload({
    body: CompleteUpload,
    answer: json(CompletedUpload),
    errors: [409, 422],
    beyondSpec: 'Completes a multipart upload and checks the stored file before transcription starts.',
  }),
  'POST /api/transcribe': { domain: 'transcripts', auth: 'session', body: TranscribeUploaded, form: TranscribeForm, answer: json(TranscribeAnswer), errors: [404, 409, 422] },
  'GET /api/transcripts/{id}': onTranscript({ answer: json(TranscriptView) }),
  'GET /api/transcripts': { domain: 'transcripts', auth: 'session', query: PageQuery, answer: json(z.array(TranscriptListItem)) },
  'GET /api/deleted_transcripts': { domain: 'transcripts', auth: 'session', query: PageQuery, answer: json(z.array(TranscriptListItem)) },
  'DELETE /api/transcripts/{id}': onTranscript({ answer: json(MovedAnswer) }),
  'POST /api/transcripts/{id}/restore': onTranscript({ answer: json(MovedAnswer) }),
  'PATCH /api/transcripts/{id}': onTranscript({
    body: TranscriptPatch,
    answer: json(TranscriptView),
    errors: [409],
    beyondSpec: 'Issue 14, names for things: renames the transcript, moves it to a project, sets its tags and renames its speakers everywhere.',
  }),
  'PUT /api/transcripts/{id}/text': onTranscript({
    body: TextEditRequest,
    answer: json(TranscriptView),
    errors: [409],
    beyondSpec: 'Issue 14, correct while listening: new text for some word groups; unchanged words keep their times (docs/architecture.md#data).',
  }),
  'PUT /api/transcripts/{id}/speaker': onTranscript({
    body: SpeakerAssignment,
    answer: json(TranscriptView),
    errors: [409],
    beyondSpec: 'Issue 28, editing like a document: gives some word groups (a paragraph) to another speaker of the transcript or a new one; words and times stay as they are.',
  }),
  'POST /api/transcripts/{id}/revert': onTranscript({
    answer: json(TranscriptView),
    errors: [409],
    beyondSpec: "Issue 14: brings back the machine's text and timings, kept beside the edited version (docs/architecture.md#data).",
  }),
  'POST /api/transcripts/{id}/summary': onTranscript({
    body: SummaryRequest,
    answer: json(TranscriptView),
    accepted: TranscriptView,
    errors: [409, 422],
    beyondSpec:
      'Issue 14, "Summarize again": topic and summary from the corrected text, with the same engine as the job. Issue 30: with {"template", "instruction"?}, another shape of summary (meeting minutes, action items, lecture notes, interview, custom), kept per template in `summaries`; 422 with the reason when this deployment cannot write it. Issue 31: a text of more than 1,000 words is summarized by a job: 202 with the view, whose `text_job` the page polls; 409 while another summary or translation of it runs.',
  }),
  'GET /api/summary-templates': { domain: 'transcripts', auth: 'session', answer: json(z.array(SavedTemplateView)), errors: [422], beyondSpec: SAVED_TEMPLATES_WHY },
  'POST /api/summary-templates': {
    domain: 'transcripts',
    auth: 'session',
    body: SavedTemplateBody,
    answer: json(SavedTemplateView, 201),
    errors: [409, 422],
    beyondSpec: `${SAVED_TEMPLATES_WHY} 409 for a name the user already has or more than 20 templates.`,
  },
  'DELETE /api/summary-templates/{id}': {
    domain: 'transcripts',
    auth: 'session',
    params: { id: pathId(MESSAGES.savedTemplateNotFound) },
    answer: json(MovedAnswer),
    errors: [422],
    beyondSpec: `${SAVED_TEMPLATES_WHY} Another user's template is not found (404).`,
  },
  'POST /api/transcripts/{id}/retry': onTranscript({
    body: RetryRequest,
    answer: json(TranscriptView),
    errors: [409, 422],
    beyondSpec:
      'Issue 15, "Try again": runs a failed transcription again from the same upload with the same options (409 unless it failed). Issue 27: with a language, runs it in that language, also when it completed with language_mismatch.',
  }),
  'GET /api/transcripts/{id}/export': onTranscript({
    query: ExportQuery,
    answer: FILE,
    errors: [409],
    beyondSpec:
      'Issue 14, export: txt, md, docx, srt, vtt or json made on the server (plain text can still be made in the browser, as docs/product.md says). Issue 28: with lang, the stored translation into that language (404 when there is none).',
  }),
  'GET /api/search': {
    domain: 'transcripts',
    auth: 'session',
    query: SearchQuery,
    answer: json(SearchAnswer),
    beyondSpec: "Issue 14, find anything: the user's own active transcripts matching words, names, topics, summaries or speakers, each with the moment it was said.",
  },
  'GET /uploads/{filename}': {
    domain: 'transcripts',
    auth: 'session',
    params: { filename: RecordingFile },
    answer: REDIRECT,
    beyondSpec: 'docs/product.md#calls: recordings are served from /uploads/{filename} (not a row of its table).',
  },
} as const satisfies AreaRoutes;
