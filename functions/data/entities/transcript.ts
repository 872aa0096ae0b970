/**
 * A transcript's item: small (docs/architecture.md#data). The text and word timings live in S3 at `bodyKey`;
 * `preview` holds the start of the text for lists. Listed newest first, active or deleted, on byUser.
 */
import { Entity } from 'electrodb';
import { JOB_STAGES } from '../../domain/job-progress';
import { AUTO_LANGUAGE, LANGUAGES } from '../../domain/languages';
import { SUMMARY_TEMPLATES } from '../../domain/summary-templates';
import { TEXT_JOB_KINDS } from '../../domain/text-jobs';
import { TABLE_SCHEMA } from '../table-schema';
import { byUser, createdAtIso, model, primaryKey, required } from './table';

const projectGsi = TABLE_SCHEMA.indexes.byProject;

/** One summary template's result (issue 30): its lines and when they were made. */
const templateResult = () => ({ type: 'map', properties: { lines: { type: 'list', items: { type: 'string' }, required: true }, createdAt: { type: 'string', required: true } } }) as const;

export const Transcript = new Entity({
  model: model('transcript'),
  attributes: {
    /** `filename`, the original file name: data only, never part of a key. */
    ...required('string', 'userId', 'transcriptId', 'filename', 'mediaKey', 'mediaType', 'mediaExtension'),
    size: { type: 'number', required: true },
    /** 'auto' until the engine has found the language (issue 27). */
    language: { type: [AUTO_LANGUAGE, ...LANGUAGES.map((language) => language.code)] as unknown as readonly string[], required: true },
    /** The engine doubts the speech is in `language` (issue 27): the page offers to transcribe it again in another. */
    languageMismatch: { type: 'boolean' },
    /** Issue 31: the speech job's end event never came; its end was found by checking the job after the capped wait. */
    eventLost: { type: 'boolean' },
    /** Issue 31: the model stayed busy through every retry, so the job completed without its summary (the page says so). */
    summaryLeftOut: { type: 'boolean' },
    verbatim: { type: 'boolean', default: false },
    diarization: { type: 'boolean', default: false },
    /** How many speakers the user said there are (2 to 10); absent: the engine finds out. */
    speakerCount: { type: 'number' },
    useAiSummary: { type: 'boolean', default: true },
    includeTimestamps: { type: 'boolean', default: false },
    /** '' when the transcript is in no project (an index composite must always have a value). */
    projectId: { type: 'string', default: '', required: true },
    tags: { type: 'list', items: { type: 'string' }, default: () => [] },
    status: { type: ['processing', 'complete', 'failed'] as const, required: true },
    error: { type: 'string' },
    /** Issue 15: where the running job stands, recorded by the workflow (domain/job-progress.ts); 0: not known. */
    stage: { type: JOB_STAGES },
    progress: { type: 'number' },
    queuePosition: { type: 'number' },
    /** Runs of the workflow after the first (POST /api/transcripts/{id}/retry): names each run apart. */
    attempt: { type: 'number', default: 0 },
    /** ISO 8601: when the current run started (a retry starts a new one); absent: at creation. */
    startedAt: { type: 'string' },
    topic: { type: 'string', default: '' },
    summary: { type: 'string', default: '' },
    preview: { type: 'string', default: '' },
    bodyKey: { type: 'string' },
    /** Issue 14: corrections. The machine's body, kept at the first change (revert). */
    originalBodyKey: { type: 'string' },
    /** Counts body changes: each writes a new object, and a conditional write on this makes a concurrent change retry. */
    revision: { type: 'number', default: 0 },
    /** ISO 8601 of the last text correction; '' or absent when the text is the machine's. */
    editedAt: { type: 'string' },
    /** ISO 8601 of the last "Summarize again"; a summary older than editedAt was made from earlier text. */
    summarizedAt: { type: 'string' },
    /** Issue 30: each summary template's lines (bounded: domain/summary-templates.ts) and when they were made; key points stay in `summary`. */
    summaries: {
      type: 'map',
      properties: { meeting_minutes: templateResult(), action_items: templateResult(), lecture_notes: templateResult(), interview: templateResult(), custom: templateResult() },
    },
    /** Issue 31: the summary or translation being made by the text-jobs workflow, or the last one's failure (domain/text-jobs.ts). */
    textJob: {
      type: 'map',
      properties: {
        kind: { type: TEXT_JOB_KINDS, required: true },
        template: { type: SUMMARY_TEMPLATES },
        language: { type: 'string' },
        startedAt: { type: 'string', required: true },
        error: { type: 'string' },
      },
    },
    /** Where the last word ends (ms): the length shown in lists. */
    durationMs: { type: 'number' },
    /**
     * The whole recording's length (ms), which the speech service bills: usage, the quota and AudioSeconds count it.
     * Known from the file's start or ffmpeg while the job runs, the engine's own measure once it has run it; 0 after
     * a failure before the speech service finished.
     */
    audioMs: { type: 'number' },
    /** What this transcript holds of the month `quotaMonth`'s quota (AudioMonth, ms); 0 or absent: nothing. */
    quotaMs: { type: 'number' },
    quotaMonth: { type: 'string' },
    state: { type: ['active', 'deleted'] as const, default: 'active', required: true },
    createdAt: createdAtIso(),
    updatedAt: { type: 'number', watch: '*', set: () => Date.now(), readOnly: false },
  },
  indexes: {
    primary: primaryKey(['userId'], ['transcriptId']),
    byUser: byUser(['state', 'createdAt', 'transcriptId']),
    byProject: {
      index: projectGsi.name,
      // Sparse: only transcripts in a project are on this index.
      condition: (attributes) => Boolean(attributes.projectId),
      // Writes that touch createdAt must also give projectId (see changeTranscript in data/transcripts.ts).
      pk: { field: projectGsi.partitionKey, composite: ['userId', 'projectId'] },
      sk: { field: projectGsi.sortKey, composite: ['createdAt', 'transcriptId'] },
    },
  },
});
