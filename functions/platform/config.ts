/**
 * The composition root: the only module that reads the deployment mode and the environment.
 * Both deployments run the same handlers; only endpoints (and later the engines) differ.
 */
import { tmpdir } from 'node:os';
import { z } from 'zod';
import { forgetAll } from './lazy';

const csv = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

const EnvSchema = z.object({
  APP_MODE: z.enum(['aws', 'local']).default('aws'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  /** Each function gets only the resources it uses (the Cognito trigger can't know its own pool): read with `setting()`. */
  UPLOADS_BUCKET: z.string().min(1).optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  /** The app client's secret, for the SECRET_HASH of Cognito's public calls: set at deploy for the functions that sign them. */
  USER_POOL_CLIENT_SECRET: z.string().min(1).optional(),
  STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** Issue 31: the workflow that makes a long transcript's summary or translation (infra/workflow/text-jobs.asl.json). */
  TEXT_JOBS_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** Issue 30: the workflow that gives a user's older passages their vectors (infra/workflow/vector-backfill.asl.json). */
  VECTOR_BACKFILL_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** The media function the workflow's PrepareMedia step runs ffmpeg in (functions/media/handler.ts). */
  MEDIA_FUNCTION_NAME: z.string().min(1).optional(),
  BEDROCK_MODEL_ID: z.string().min(1).optional(),
  /** Google sign-in in AWS: the Cognito hosted UI base URL (https://<prefix>.auth.<region>.amazoncognito.com); unset: not configured. */
  GOOGLE_AUTH_DOMAIN: z.url().optional(),
  /** Google sign-in in local mode: the stand-in OpenID provider's issuer and our client id there. */
  GOOGLE_OIDC_ISSUER: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Origins allowed to make state-changing requests; the first is the app's public origin. */
  APP_ORIGINS: csv.pipe(z.array(z.url()).min(1)),
  /** Mails (codes, resets, notices) per address and kind, a minute and an hour, and per client an hour (issue 16); tests change them. */
  MAIL_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1),
  MAIL_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(5),
  MAIL_LIMIT_PER_CLIENT_HOUR: z.coerce.number().int().min(0).default(100),
  /** Sign-ups one client address may make an hour (issue 25: each mails a code or a notice); 0 turns it off. Tests and load checks raise it. */
  SIGNUP_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).default(10),
  /**
   * Local mode only: 'on' adds Spanish transcription with Moonshine base Spanish, whose licence is the
   * Moonshine AI Community Licence (free for non-commercial use and organisations under US$1M revenue
   * a year), not MIT. The operator's choice; off by default.
   */
  LOCAL_SPANISH_SPEECH: z.enum(['on', 'off']).default('off'),
  /**
   * Requests one signed-in user, or one client address on the routes that need no sign-in, may make per
   * window (issue 16: fair use of the API). One window costs one conditional write per request; 0 turns
   * the limit off. 200 per 10 s is 20 a second sustained, and a page's burst of calls fits well inside.
   */
  REQUEST_LIMIT_PER_USER: z.coerce.number().int().min(0).default(200),
  REQUEST_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).default(300),
  REQUEST_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * Speech jobs one user may have running at once (issue 16: fair use); the others wait, in order, polling
   * every JOB_SLOT_WAIT_SECONDS (each poll: one step run and three state transitions).
   */
  JOBS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  JOB_SLOT_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  /** Questions one user may ask a model per day, UTC (issue 30: each is a paid model call; the local passages need none); 0 turns it off. */
  ASK_LIMIT_PER_DAY: z.coerce.number().int().min(0).default(100),
  /**
   * Transcriptions running at once in the whole deployment (issue 31 point 1): the others wait in line, fair between
   * users, and their workflow starts only once they may run. Below Transcribe's default quota of 250 concurrent jobs,
   * so other users of the account keep room; raise it with the quota. Locally the stack sets it to 4: the engine
   * runs one job at a time in its own fair line, and the next ones' recordings are prepared meanwhile.
   */
  TRANSCRIBE_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(200),
  /** Audio seconds a user may transcribe per calendar month (UTC); unset: no quota (issue 16). */
  MONTHLY_AUDIO_QUOTA_SECONDS: z.coerce.number().int().positive().optional(),
  /** Local mode only: emulator endpoints. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  /** Local mode only: storage as browsers reach it, when that differs (the app behind a proxy, PUBLIC_URL). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  SFN_ENDPOINT: z.url().optional(),
  LAMBDA_ENDPOINT: z.url().optional(),
  /** What the site's ORIGIN_VERIFY_HEADER carries (generated at deploy; locally per run): API requests without it are refused. */
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  /** Local mode only: the secret the app signs storage requests with (the local storage checks it). */
  LOCAL_SECRET_ACCESS_KEY: z.string().min(16).optional(),
  /** Local mode only: the run's token the emulators answer (in LOCAL_TOKEN_HEADER), so that no other program on the machine reaches them. */
  LOCAL_EMULATOR_TOKEN: z.string().min(32).optional(),
  /** The AWS path run locally (npm run test:aws-path): protocol stand-ins for the AWS engines' services. Never set in a deploy. */
  TRANSCRIBE_ENDPOINT: z.url().optional(),
  TRANSLATE_ENDPOINT: z.url().optional(),
  BEDROCK_ENDPOINT: z.url().optional(),
  /** The AWS path run locally: the streaming stand-in's ws:// address (live sessions, issue 29); unset: Transcribe streaming in AWS_REGION. */
  TRANSCRIBE_STREAMING_ENDPOINT: z.url().optional(),
  /** The ffmpeg that converts recordings for the speech service: the Lambda layer's in AWS (infra/constructs/ffmpeg-layer.ts); else the one on PATH. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /** How long a transcription waits for its job's end event before checking the job; unset: from the recording's size. */
  TRANSCRIBE_EVENT_WAIT_SECONDS: z.coerce.number().int().min(1).optional(),
  /**
   * How this deployment's speech job names start (Transcribe's names are account-wide): the stack's name in AWS
   * (transcribeJobPrefix), so its event rule and role match its own jobs only, not another stack's.
   */
  TRANSCRIBE_JOB_PREFIX: z.string().regex(/^[0-9a-zA-Z._-]{1,150}$/).default('transcript-'),
});

export type AppConfig = z.infer<typeof EnvSchema> & { publicOrigin: string };

/** A setting's value where the deployment leaves it unset (the scale bench models the defaults as deployed). */
export const defaultSetting = <K extends keyof typeof EnvSchema.shape>(name: K): z.infer<typeof EnvSchema>[K] => EnvSchema.shape[name].parse(undefined) as z.infer<typeof EnvSchema>[K];

let cached: AppConfig | undefined;

/** Parses the environment once; a missing or malformed variable fails loudly at cold start. */
export function getConfig(): AppConfig {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const data = parsed.data;
  if (data.APP_MODE === 'local') {
    const missing = (['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'COGNITO_ENDPOINT', 'SFN_ENDPOINT'] as const).filter((key) => !data[key]);
    if (missing.length > 0) throw new Error(`Invalid configuration: local mode needs ${missing.join(', ')}`);
  }
  cached = { ...data, publicOrigin: data.APP_ORIGINS[0]! };
  return cached;
}

type OptionalSetting =
  | 'UPLOADS_BUCKET'
  | 'USER_POOL_ID'
  | 'USER_POOL_CLIENT_ID'
  | 'STATE_MACHINE_ARN'
  | 'TEXT_JOBS_STATE_MACHINE_ARN'
  | 'VECTOR_BACKFILL_STATE_MACHINE_ARN'
  | 'MEDIA_FUNCTION_NAME'
  | 'BEDROCK_MODEL_ID'
  | 'GOOGLE_AUTH_DOMAIN'
  | 'GOOGLE_OIDC_ISSUER'
  | 'GOOGLE_CLIENT_ID';

/** A setting this function needs; its absence is a deployment fault, reported by name. */
export function setting(name: OptionalSetting): string {
  const value = getConfig()[name];
  if (!value) throw new Error(`Invalid configuration: ${name} is not set for this function`);
  return value;
}

/**
 * Where Google sign-in happens, or null when it is not configured. AWS: the Cognito hosted UI with Google
 * as identity provider (the user pool issues the ID token, for our app client). Local: the stand-in
 * OpenID provider, found through its discovery document.
 */
export type GoogleProviderSettings =
  | { kind: 'cognito'; hostedUi: string; issuer: string; clientId: string }
  | { kind: 'discovery'; issuer: string; clientId: string };

export function googleProviderSettings(): GoogleProviderSettings | null {
  const config = getConfig();
  if (config.APP_MODE === 'aws') {
    if (!config.GOOGLE_AUTH_DOMAIN) return null;
    return {
      kind: 'cognito',
      hostedUi: config.GOOGLE_AUTH_DOMAIN.replace(/\/+$/, ''),
      issuer: `https://cognito-idp.${config.AWS_REGION}.amazonaws.com/${setting('USER_POOL_ID')}`,
      clientId: setting('USER_POOL_CLIENT_ID'),
    };
  }
  if (!config.GOOGLE_OIDC_ISSUER || !config.GOOGLE_CLIENT_ID) return null;
  return { kind: 'discovery', issuer: config.GOOGLE_OIDC_ISSUER.replace(/\/+$/, ''), clientId: config.GOOGLE_CLIENT_ID };
}

/** The local runner sets a new environment at each start: forget the parsed copy and the clients made from it. */
export function resetConfig(): void {
  cached = undefined;
  forgetAll();
}

/** The deployment mode, read here only: the local deployment runs the local engines and the emulators. */
export const runsLocally = (): boolean => getConfig().APP_MODE === 'local';

/**
 * The operator's opt-in to Moonshine base Spanish (LOCAL_SPANISH_SPEECH, for its licence), read here only: the local
 * speech engine, the browser's live languages and the model files the local app serves all follow it.
 */
export const localSpanishSpeech = (): boolean => getConfig().LOCAL_SPANISH_SPEECH === 'on';

/**
 * Where the engines keep their temporary files (WORK_DIR; functions/platform/work-dir.ts), else the system's temp
 * folder. Read on its own: the engines run without the rest of the app's settings too (their tests, the benchmark).
 */
export const workRoot = (): string => process.env.WORK_DIR || tmpdir();

/** The key id of local requests (s3rver's own). */
export const LOCAL_ACCESS_KEY_ID = 'S3RVER';
/** The header in which the local emulators take the run's token (infra/local/local-token.cjs). */
export const LOCAL_TOKEN_HEADER = 'x-local-token';

/**
 * Headers the clients of DynamoDB, Cognito and Step Functions send with every request: locally the run's token
 * the emulators ask for; none in a deploy. Storage takes no token from the app: its local proxy checks the
 * signature and adds the token itself, and a header here would end up among a presigned link's signed headers.
 */
export function emulatorHeaders(): Record<string, string> {
  const token = getConfig().LOCAL_EMULATOR_TOKEN;
  return token ? { [LOCAL_TOKEN_HEADER]: token } : {};
}

/** Client settings for an AWS SDK v3 client: real AWS, or the local emulator or protocol stand-in at `endpoint`. */
export function clientSettings(endpoint: string | undefined): {
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
} {
  const { AWS_REGION: region } = getConfig();
  // A deploy sets no endpoint: the SDK's own, with the function's role.
  if (!endpoint) return { region };
  // Local storage checks signatures with the run's secret; the other emulators and stand-ins check none.
  // s3rver knows only its own fixed key id.
  return { region, endpoint, credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: getConfig().LOCAL_SECRET_ACCESS_KEY ?? LOCAL_ACCESS_KEY_ID } };
}
