/**
 * The AWS calls each function makes: the one list that the SDK clients check every call against
 * (functions/platform/aws-clients.ts: a call not listed for the running function fails), and that the infra
 * test evaluates against the synthesized role policies with an IAM policy simulator. A new call therefore
 * needs its entry here, and its entry needs a grant, or a test fails.
 */
import { DOMAINS, type Domain } from './contract';
import { TABLE_SCHEMA } from './data/table-schema';
import { ENGINE_FILES_PREFIX } from './domain/constants';

/** Every Lambda of the stack that runs our code: one per API domain, the workflow steps, the media function PrepareMedia runs ffmpeg in, the Cognito trigger. */
export const APP_FUNCTIONS = [...DOMAINS, 'workflow', 'admission', 'media', 'custom-message'] as const;
export type AppFunctionName = Domain | 'workflow' | 'admission' | 'media' | 'custom-message';

type IndexName = (typeof TABLE_SCHEMA.indexes)[keyof typeof TABLE_SCHEMA.indexes]['name'];
const BY_USER: IndexName = TABLE_SCHEMA.indexes.byUser.name;
const BY_PROJECT: IndexName = TABLE_SCHEMA.indexes.byProject.name;

/**
 * What a call acts on, as IAM sees it. The infra test builds the real ARN from the function's environment
 * (TABLE_NAME, UPLOADS_BUCKET, ...) and, for objects, from the code's own key builders.
 */
export type CallResource =
  | { type: 'table' }
  | { type: 'index'; index: IndexName }
  | { type: 'bucket' }
  /** An object under `users/<userId>/`. */
  | { type: 'user-object' }
  /** A job's temporary engine file under `engine/<userId>/` (ENGINE_FILES_PREFIX): with user objects, the only keys the code builds. */
  | { type: 'engine-file' }
  | { type: 'user-pool' }
  | { type: 'state-machine' }
  /** Issue 31: the text-jobs state machine (TEXT_JOBS_STATE_MACHINE_ARN). */
  | { type: 'text-jobs-machine' }
  /** Issue 30: the vector-backfill state machine (VECTOR_BACKFILL_STATE_MACHINE_ARN). */
  | { type: 'vector-backfill-machine' }
  /** An execution of the state machine (its name known only at run time). */
  | { type: 'execution' }
  /** A Transcribe job of ours: `<TRANSCRIBE_JOB_PREFIX><id>`. */
  | { type: 'transcription-job' }
  /** The media function (MEDIA_FUNCTION_NAME). */
  | { type: 'media-function' }
  /** The Bedrock model (BEDROCK_MODEL_ID: an inference profile and the model it routes to). */
  | { type: 'model' }
  /** An action with no resource type in the Service Authorization Reference: granted on "*". */
  | { type: 'any' }
  /** Cognito's public client API (SignUp, InitiateAuth, ...): no IAM, the app client id is the credential. */
  | { type: 'public' };

export interface AwsCall {
  /** The IAM action, e.g. `dynamodb:GetItem` (see iamActionOf for how an SDK command maps to it). */
  action: string;
  resource: CallResource;
  /** Condition keys the request carries; `${UPLOADS_BUCKET}` and such name the function's environment. */
  context?: Record<string, string>;
  /** Why the function makes it (the grant in infra follows from this). */
  why: string;
}

const item = (actions: ('GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem')[], why: string): AwsCall[] =>
  actions.map((action) => ({ action: `dynamodb:${action}`, resource: { type: 'table' }, why }));
const ALL_ITEM_ACTIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] as ('GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem')[];
const query = (resource: CallResource, why: string): AwsCall => ({ action: 'dynamodb:Query', resource, why });
const objects = (actions: ('GetObject' | 'PutObject' | 'DeleteObject')[], why: string, type: 'user-object' | 'engine-file' = 'user-object'): AwsCall[] =>
  actions.map((action) => ({ action: `s3:${action}`, resource: { type }, why }));
/** HeadObject of a missing key answers 404 only with ListBucket (403 without). */
const LIST_BUCKET: AwsCall = { action: 's3:ListBucket', resource: { type: 'bucket' }, why: 'A missing object answers 404, not 403.' };
const cognitoAdmin = (actions: string[], why: string): AwsCall[] =>
  actions.map((action) => ({ action: `cognito-idp:${action}`, resource: { type: 'user-pool' }, why }));
const cognitoPublic = (actions: string[], why: string): AwsCall[] =>
  actions.map((action) => ({ action: `cognito-idp:${action}`, resource: { type: 'public' }, why }));
/** Expired sessions are deleted when found; every function that reads a session may do so. */
const SESSION = item(['GetItem', 'DeleteItem'], 'Reads the session of the request; deletes it once expired.');
/** Every API request counts against its user's or client address's limit (functions/http/request-limits.ts): an update per batch of requests. */
const REQUEST_COUNTER = item(['UpdateItem'], "Counts the request against its user's or client address's request limit.");

export const AWS_CALLS: Record<AppFunctionName, readonly AwsCall[]> = {
  session: [
    ...item(ALL_ITEM_ACTIONS, 'Sessions (create, read, delete), login throttle counters, the profile on first sign-in, the browsers tied to a pending sign-up, the browsers that signed in (device cookies).'),
    ...cognitoAdmin(['AdminGetUser'], 'The identity waiting at an unconfirmed address, to tie the browser that logged in with its password.'),
    ...cognitoPublic(['InitiateAuth', 'ResendConfirmationCode'], 'Password sign-in; the code again for an unconfirmed account.'),
  ],
  accounts: [
    ...item(ALL_ITEM_ACTIONS, 'Profile and session at sign-up, the browser tied to a pending sign-up, the browser that confirmed it (device cookie), reset tokens, throttle counters.'),
    query({ type: 'index', index: BY_USER }, "Account deletion finds every item of the user; a reset revokes the user's sessions."),
    { action: 'dynamodb:BatchWriteItem', resource: { type: 'table' }, why: 'Account deletion removes the items in batches.' },
    LIST_BUCKET,
    ...objects(['DeleteObject'], "Account deletion removes every object under the user's prefix."),
    ...objects(['DeleteObject'], "Account deletion removes what the user's jobs left in the engine prefix.", 'engine-file'),
    ...cognitoAdmin(['AdminGetUser', 'AdminDeleteUser'], 'Sign-up state of an e-mail; account deletion.'),
    ...cognitoPublic(['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'InitiateAuth', 'ForgotPassword', 'ConfirmForgotPassword'], 'Sign-up, verification, a new code, the password check before deletion, password reset.'),
  ],
  profile: [...item(ALL_ITEM_ACTIONS, "The user's profile and the session's first-login flag.")],
  transcripts: [
    ...item(ALL_ITEM_ACTIONS, "Transcript and upload items; the user's month of the audio quota (reserved at a job's start, conditionally); a new job's place in the admission line and the admitted jobs (a put conditional on its version)."),
    query({ type: 'index', index: BY_USER }, 'Transcripts of the user, newest first.'),
    query({ type: 'index', index: BY_PROJECT }, 'Ask within a project: the transcripts it reaches.'),
    query({ type: 'table' }, 'Projects and tags of the user (their own partition), to check what a transcript is filed under; the admission line, to start a new job at once when it may run.'),
    { ...LIST_BUCKET, why: `${LIST_BUCKET.why} Lists the stored translations of a transcript's text.` },
    ...objects(['PutObject', 'GetObject', 'DeleteObject'], 'Presigned uploads (single and multipart), type checks, playback links, removing non-media files; corrected transcript bodies and the search index shards.'),
    { action: 's3:ListMultipartUploadParts', resource: { type: 'user-object' }, why: "Checks a multipart upload's parts before completing it." },
    { action: 's3:PutObjectTagging', resource: { type: 'user-object' }, why: 'Uploads are stored tagged pending (removed after a day by the bucket lifecycle); a transcription started from one removes the tag.' },
    { action: 'states:StartExecution', resource: { type: 'state-machine' }, why: 'Starts the transcription workflow.' },
    { action: 'states:StartExecution', resource: { type: 'text-jobs-machine' }, why: "Starts a long text's summary as a text job (issue 31)." },
    { action: 'states:StartExecution', resource: { type: 'vector-backfill-machine' }, why: 'A question over passages without vectors starts their backfill (issue 30).' },
    { action: 'dynamodb:BatchGetItem', resource: { type: 'table' }, why: 'Search: the items of the hits (state, project, tags) in one read.' },
    { action: 'bedrock:InvokeModel', resource: { type: 'model' }, why: '"Summarize again" after a correction (Converse), with the job\'s model.' },
  ],
  projects: [
    ...item(ALL_ITEM_ACTIONS, 'Projects, and transcripts leaving a deleted project.'),
    query({ type: 'table' }, 'Projects of the user (their own partition).'),
    query({ type: 'index', index: BY_PROJECT }, 'Transcripts of a project.'),
  ],
  tags: [
    ...item(ALL_ITEM_ACTIONS, 'Tags, and transcripts carrying a renamed or deleted tag.'),
    query({ type: 'table' }, 'Tags of the user (their own partition).'),
    query({ type: 'index', index: BY_USER }, 'Transcripts of the user.'),
  ],
  translation: [
    ...SESSION,
    ...REQUEST_COUNTER,
    ...item(['GetItem', 'UpdateItem'], 'The transcript item; its text job claimed, or given back when it could not start (issue 31).'),
    LIST_BUCKET,
    ...objects(['GetObject', 'PutObject'], 'Transcript bodies; translations stored beside them.'),
    { action: 'translate:TranslateText', resource: { type: 'any' }, why: 'Amazon Translate (no terminology or parallel data: no resource).' },
    { action: 'states:StartExecution', resource: { type: 'text-jobs-machine' }, why: "Starts a long text's translation as a text job (issue 31)." },
  ],
  live: [
    ...SESSION,
    ...REQUEST_COUNTER,
    ...item(['GetItem', 'PutItem', 'UpdateItem'], "Live sessions (issue 29: issued, counted once); the user's month of the audio quota (checked, opened, live time added)."),
    query({ type: 'table' }, "The user's live sessions (their own partition): those never ended are counted."),
    query({ type: 'index', index: BY_USER }, "A month's quota ledger opened from the user's transcripts."),
    {
      action: 'transcribe:StartStreamTranscriptionWebSocket',
      resource: { type: 'any' },
      why: 'Presigns the address the browser streams its audio to (SigV4 query signing by the role; the action has no resource type).',
    },
  ],
  google: [
    ...item(ALL_ITEM_ACTIONS, 'Session, profile and the failed-callback counters.'),
    ...cognitoAdmin(['AdminGetUser', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'], 'The one Cognito user per e-mail a Google sign-in signs into or creates.'),
  ],
  support: [
    ...SESSION,
    ...item(['UpdateItem'], 'The per-user question and request counters.'),
    { action: 'bedrock:InvokeModel', resource: { type: 'model' }, why: 'Answers from the FAQ (Converse).' },
  ],
  workflow: [
    ...item(ALL_ITEM_ACTIONS, "Transcript items, the pending Transcribe job (task token by job name), the user's speech-job slots (read, then a put conditional on its version) and the user's month of the audio quota (reserved in PrepareMedia when the API could not, given back by MarkFailed)."),
    LIST_BUCKET,
    ...objects(['GetObject', 'PutObject'], 'Checks the recording (and signs the link the media function reads it by); writes and reads the transcript body.'),
    ...objects(['DeleteObject'], "A finished transcript goes into the user's search index, whose replaced shard version is removed; a job whose transcript is gone removes the body it wrote."),
    // Transcribe reads the converted audio and writes its output with the caller's permissions (these too).
    ...objects(['GetObject', 'PutObject', 'DeleteObject'], 'Signs the link the media function writes the converted audio by, and reads the engine output; removes both after the job.', 'engine-file'),
    {
      action: 'transcribe:StartTranscriptionJob',
      resource: { type: 'any' },
      // The condition keys keep the wildcard narrow: results only into our bucket, under engine/.
      context: { 'transcribe:OutputBucketName': '${UPLOADS_BUCKET}', 'transcribe:OutputKey': `${ENGINE_FILES_PREFIX}u/t.json` },
      why: 'Starts the speech recognition job (the action has no resource type).',
    },
    {
      action: 'transcribe:GetTranscriptionJob',
      resource: { type: 'transcription-job' },
      why: 'A start retried after the wait for its end event ran out finds its job already there, and asks how it stands.',
    },
    { action: 'transcribe:DeleteTranscriptionJob', resource: { type: 'transcription-job' }, why: "An ended job's record is removed with its output (nothing left behind)." },
    { action: 'states:SendTaskSuccess', resource: { type: 'any' }, why: 'Resumes the execution waiting for its Transcribe job (task tokens have no resource type).' },
    { action: 'states:SendTaskFailure', resource: { type: 'any' }, why: 'Fails the execution whose Transcribe job failed.' },
    { action: 'bedrock:InvokeModel', resource: { type: 'model' }, why: "Summary and topic (Converse); a long text's summary or template (text jobs, issue 31)." },
    { action: 'translate:TranslateText', resource: { type: 'any' }, why: "A long text's translation (text jobs, issue 31)." },
    { action: 'lambda:InvokeFunction', resource: { type: 'media-function' }, why: 'PrepareMedia runs ffmpeg on the recording in the media function, with links to the one upload and its one output.' },
    query({ type: 'table' }, "The vector backfill (issue 30) reads the versions of the user's search-index shards (one partition)."),
  ],
  admission: [
    ...item(ALL_ITEM_ACTIONS, 'The admitted jobs (a put conditional on its version), removing started jobs from the line, and the place in line shown on each waiting transcript.'),
    query({ type: 'table' }, 'The admission line (one partition).'),
    { action: 'states:StartExecution', resource: { type: 'state-machine' }, why: 'Starts the workflow of the jobs admitted.' },
    { action: 'states:DescribeExecution', resource: { type: 'execution' }, why: 'The sweep asks whether an admitted run still runs (its end event may be lost).' },
  ],
  // ffmpeg decodes untrusted files: whoever took it over holds this function's role, which may do nothing (issue 25 point 7).
  // It reads and writes through the two links the workflow signed for it.
  media: [],
  'custom-message': [...item(['PutItem'], 'The one-time reset token behind a reset link.')],
};

/** SDK client → IAM service prefix, for the clients this app uses. */
const SERVICE_PREFIX: Record<string, string> = {
  DynamoDBClient: 'dynamodb',
  S3Client: 's3',
  SFNClient: 'states',
  CognitoIdentityProviderClient: 'cognito-idp',
  TranscribeClient: 'transcribe',
  TranslateClient: 'translate',
  BedrockRuntimeClient: 'bedrock',
  LambdaClient: 'lambda',
};

/** SDK operations that IAM authorises under another action's name. */
const AUTHORISED_AS: Record<string, string> = {
  's3:HeadObject': 's3:GetObject',
  's3:ListObjectsV2': 's3:ListBucket',
  's3:DeleteObjects': 's3:DeleteObject',
  's3:CreateMultipartUpload': 's3:PutObject',
  's3:UploadPart': 's3:PutObject',
  's3:CompleteMultipartUpload': 's3:PutObject',
  's3:ListParts': 's3:ListMultipartUploadParts',
  'bedrock:Converse': 'bedrock:InvokeModel',
  'lambda:Invoke': 'lambda:InvokeFunction',
  'bedrock:ConverseStream': 'bedrock:InvokeModelWithResponseStream',
};

/** The IAM action of an SDK call, from the client and command names the SDK puts in its middleware context. */
export function iamActionOf(clientName: string, commandName: string): string {
  const prefix = SERVICE_PREFIX[clientName] ?? clientName.replace(/Client$/, '').toLowerCase();
  const operation = `${prefix}:${commandName.replace(/Command$/, '')}`;
  return AUTHORISED_AS[operation] ?? operation;
}

/** The kind of object a key is: a user's, a job's engine file, or neither (declared nowhere). */
const objectTypeOf = (key: string): CallResource['type'] => (key.startsWith('users/') ? 'user-object' : key.startsWith(ENGINE_FILES_PREFIX) ? 'engine-file' : 'any');

/** The resource type of a call's input, where one action reaches more than one (a table or an index, a bucket or an object). */
export function resourceTypeOf(action: string, input: Record<string, unknown>): Pick<CallResource, 'type'> & { index?: string } {
  if (action.startsWith('dynamodb:')) return typeof input.IndexName === 'string' ? { type: 'index', index: input.IndexName } : { type: 'table' };
  if (action === 's3:ListBucket') return { type: 'bucket' };
  const keys = typeof input.Key === 'string' ? [input.Key] : ((input.Delete as { Objects?: { Key?: string }[] } | undefined)?.Objects ?? []).map((object) => object.Key ?? '');
  // Only keys under users/ and engine/ are granted: a key anywhere else, or a batch of both kinds, is another resource, declared nowhere.
  const types = new Set(keys.map(objectTypeOf));
  const [type] = types;
  return types.size === 1 && type ? { type } : { type: 'any' };
}

/** Whether a call the code is about to make is in the list for this function. */
export function isDeclared(fn: AppFunctionName, action: string, input: Record<string, unknown>): boolean {
  const declared = AWS_CALLS[fn].filter((call) => call.action === action);
  if (!action.startsWith('dynamodb:') && !action.startsWith('s3:')) return declared.length > 0;
  const actual = resourceTypeOf(action, input);
  return declared.some((call) => call.resource.type === actual.type && (actual.type !== 'index' || (call.resource as { index?: string }).index === actual.index));
}
