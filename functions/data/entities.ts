/**
 * ElectroDB entities of the single table. Every user-owned entity has a `byUser` index in the
 * `userData` collection, keyed by the user id from the session: one query finds all of a user's
 * items (account deletion), and no request can name another user's partition.
 */
import { Entity } from 'electrodb';
import { JOB_STAGES } from '../domain/job-progress';
import { LANGUAGES } from '../domain/languages';
import { TABLE_SCHEMA } from './table-schema';

const SERVICE = 'app';
const { partitionKey: pk, sortKey: sk } = TABLE_SCHEMA;
const gsi = TABLE_SCHEMA.indexes.byUser;
const projectGsi = TABLE_SCHEMA.indexes.byProject;

/** The user-owned index: all of one user's items, by kind. */
const byUser = (sortComposite: string[]) =>
  ({
    index: gsi.name,
    collection: 'userData',
    pk: { field: gsi.partitionKey, composite: ['userId'] },
    sk: { field: gsi.sortKey, composite: sortComposite },
  }) as const;

/** The indexes of an item kept under its user by `keys`, and found among the user's items by the same keys. */
const underUser = <const K extends string[]>(keys: K) =>
  ({
    primary: { pk: { field: pk, composite: ['userId'] }, sk: { field: sk, composite: keys } },
    byUser: byUser(keys),
  }) as const;

/** Server-side sessions: keyed by the SHA-256 of the cookie token, so a table leak yields no usable cookie. */
export const Session = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    firstLogin: { type: 'boolean', default: false },
    /** How the person signed in; sessions stored before this field read as 'password' (the stricter rule). */
    method: { type: ['password', 'google', 'google-stand-in'] as const, default: 'password' },
    /** When the person signed in (epoch seconds). */
    createdAt: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['tokenHash'] }, sk: { field: sk, composite: [] } },
    byUser: byUser(['tokenHash']),
  },
});

/** The user's profile (docs/product.md#entities). `age` holds the date of birth. */
export const Profile = new Entity({
  model: { entity: 'profile', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    name: { type: 'string', default: '' },
    country: { type: 'string', default: '' },
    gender: { type: 'string', default: '' },
    customGender: { type: 'string', default: '' },
    age: { type: 'string', default: '' },
    ageChangeCount: { type: 'number', default: 0 },
    /** Set once the user has been in (welcome or dashboard): later sessions are not first logins. */
    welcomed: { type: 'boolean', default: false },
    /** Epoch milliseconds; set at creation. */
    createdAt: { type: 'number', required: true, default: () => Date.now() },
  },
  indexes: underUser([]),
});

/** A password-reset link's token: works once, until `expiresAt`. */
export const ResetToken = new Entity({
  model: { entity: 'resetToken', version: '1', service: SERVICE },
  attributes: {
    tokenId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['tokenId'] }, sk: { field: sk, composite: [] } },
    byUser: byUser(['tokenId']),
  },
});

/**
 * A sign-up waiting for its code (issue 16): the identity it made (`userId`, Cognito's sub) and the SHA-256
 * of the cookie of each browser that may confirm it (the one that made it; one that logged in with its
 * password). Not user-owned: there is no account yet.
 */
export const PendingSignUp = new Entity({
  model: { entity: 'pendingSignUp', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    nonceHashes: { type: 'list', items: { type: 'string' }, required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['email'] }, sk: { field: sk, composite: [] } },
  },
});

/**
 * A browser that signed in to an account with its password (issue 25): keyed by the SHA-256 of its device
 * cookie's token and the account's e-mail (the token itself is never stored). Under the user: removed with the account.
 */
export const KnownDevice = new Entity({
  model: { entity: 'knownDevice', version: '1', service: SERVICE },
  attributes: {
    deviceKey: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['deviceKey'] }, sk: { field: sk, composite: [] } },
    byUser: byUser(['deviceKey']),
  },
});

/** Fixed-window counters for throttling (login failures, wrong codes); not user-owned. */
export const Counter = new Entity({
  model: { entity: 'counter', version: '1', service: SERVICE },
  attributes: {
    scope: { type: 'string', required: true },
    key: { type: 'string', required: true },
    window: { type: 'number', required: true },
    count: { type: 'number', default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['scope', 'key'] }, sk: { field: sk, composite: ['window'] } },
  },
});

/**
 * A transcript's item: small (docs/architecture.md#data). The text and word timings live in S3 at `bodyKey`;
 * `preview` holds the start of the text for lists. Listed newest first, active or deleted, on byUser.
 */
export const Transcript = new Entity({
  model: { entity: 'transcript', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    transcriptId: { type: 'string', required: true },
    /** The original file name: data only, never part of a key. */
    filename: { type: 'string', required: true },
    mediaKey: { type: 'string', required: true },
    mediaType: { type: 'string', required: true },
    mediaExtension: { type: 'string', required: true },
    size: { type: 'number', required: true },
    language: { type: LANGUAGES.map((language) => language.code) as unknown as readonly string[], required: true },
    verbatim: { type: 'boolean', default: false },
    diarization: { type: 'boolean', default: false },
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
    /** ISO 8601, sorts as text; set at creation. */
    createdAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'number', watch: '*', set: () => Date.now(), readOnly: false },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['userId'] }, sk: { field: sk, composite: ['transcriptId'] } },
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

/** A presigned upload in progress: which key the user may complete, until `expiresAt`. */
export const Upload = new Entity({
  model: { entity: 'upload', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    uploadId: { type: 'string', required: true },
    key: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    size: { type: 'number', required: true },
    /** S3's id when the upload is multipart. */
    multipartId: { type: 'string' },
    /** The type found in the stored file's bytes once it was checked (POST /api/uploads/{id}/complete). */
    mediaType: { type: 'string' },
    mediaExtension: { type: 'string' },
    mediaKind: { type: ['audio', 'video'] as const },
    expiresAt: { type: 'number', required: true },
  },
  indexes: underUser(['uploadId']),
});

/** An Amazon Transcribe job the workflow waits for: the task token to resume, by job name. */
export const PendingJob = new Entity({
  model: { entity: 'pendingJob', version: '1', service: SERVICE },
  attributes: {
    jobName: { type: 'string', required: true },
    taskToken: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    transcriptId: { type: 'string', required: true },
    outputKey: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['jobName'] }, sk: { field: sk, composite: [] } },
    byUser: byUser(['jobName']),
  },
});

/**
 * A user's speech-job slots (functions/domain/job-slots.ts): the jobs holding one and those waiting, each
 * with a lease. One item per user, changed only by a write conditional on `version` (no lost update).
 */
export const JobSlots = new Entity({
  model: { entity: 'jobSlots', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    holders: { type: 'list', items: { type: 'map', properties: { job: { type: 'string', required: true }, until: { type: 'number', required: true } } }, default: [] },
    waiting: { type: 'list', items: { type: 'map', properties: { job: { type: 'string', required: true }, until: { type: 'number', required: true }, since: { type: 'number', required: true } } }, default: [] },
    version: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: underUser([]),
});

/**
 * The audio one user's jobs hold of one calendar month's quota (UTC; issue 25): each job reserves its
 * recording's length here with one conditional add that never passes the quota, and a job that fails before
 * the speech service got through it gives its part back. Under the user: account deletion removes it.
 */
export const AudioMonth = new Entity({
  model: { entity: 'audioMonth', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    /** YYYY-MM (UTC). */
    month: { type: 'string', required: true },
    reservedMs: { type: 'number', required: true },
    /** The table's TTL: gone a month after its own ends. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: underUser(['month']),
});

/** A project (docs/product.md#entities): a named group of the user's transcripts. */
export const Project = new Entity({
  model: { entity: 'project', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    projectId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    description: { type: 'string', default: '' },
    /** ISO 8601; set at creation. */
    createdAt: { type: 'string', required: true, default: () => new Date().toISOString() },
  },
  indexes: underUser(['projectId']),
});

/**
 * A tag name taken by one of the user's tags: created with a condition, so two requests for one new
 * name (or two renames to it) make one tag, however close together (issue 16).
 */
export const TagName = new Entity({
  model: { entity: 'tagName', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    /** The name as compared (case folded, Unicode-normalised). */
    nameKey: { type: 'string', required: true },
    tagId: { type: 'string', required: true },
  },
  indexes: underUser(['nameKey']),
});

/** A tag (docs/product.md#entities). Transcripts carry tag names; renaming or deleting a tag updates them. */
export const Tag = new Entity({
  model: { entity: 'tag', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    tagId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** ISO 8601; set at creation. */
    createdAt: { type: 'string', required: true, default: () => new Date().toISOString() },
  },
  indexes: underUser(['tagId']),
});

/**
 * The version of one shard of a user's search index (the shard itself is an S3 object named by it).
 * A conditional write on the version makes concurrent index updates retry instead of losing one.
 */
export const SearchShard = new Entity({
  model: { entity: 'searchShard', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    shard: { type: 'number', required: true },
    version: { type: 'number', required: true },
  },
  indexes: underUser(['shard']),
});

/**
 * A read-only link to one transcript (issue 15): keyed by the SHA-256 of its token (the token itself is
 * never stored), listed per transcript on byUser, and so removed with the account. `expiresAt` is the
 * table's TTL attribute; absent, the link does not expire (expiry is checked in code too).
 */
export const ShareLink = new Entity({
  model: { entity: 'shareLink', version: '1', service: SERVICE },
  attributes: {
    linkId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    transcriptId: { type: 'string', required: true },
    includeAudio: { type: 'boolean', required: true },
    /** ISO 8601; set at creation. */
    createdAt: { type: 'string', required: true },
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['linkId'] }, sk: { field: sk, composite: [] } },
    byUser: byUser(['transcriptId', 'linkId']),
  },
});
