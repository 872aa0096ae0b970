/**
 * The whole local deployment in one process: emulators, provisioning, the workflow runner, the
 * outbox and the gateway on 127.0.0.1:<port>. Used by `npm start` (main.ts) and by the tests.
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { BRAND } from '../../functions/domain/brand';
import { LIVE_ASSETS_FOLDER } from '../../functions/domain/live-assets';
import { MESSAGES } from '../../functions/domain/messages';
import { USER_FACING_ERROR } from '../../functions/domain/workflow-failure';
import { clientSettings, getConfig, LOCAL_ACCESS_KEY_ID, LOCAL_TOKEN_HEADER, localSpanishSpeech, resetConfig } from '../../functions/platform/config';
import { logger } from '../../functions/platform/logger';
import { stopLocalEngines, stopLocalVectorBackfill } from '../../functions/engines/wiring';
import { LOOPBACK, startCognitoLocal, startDynalite, startS3rver, type Emulator } from './emulators';
import { createGatewayHandler, type RequestLogger } from './gateway';
import { spanishLiveFiles } from '../live-assets';
import { startGoogleStandIn } from './google-stand-in';
import { lockDataDir } from './data-lock';
import { MAIL_PAGE_PATH, renderMailPage } from './mail-page';
import { startLambdaEndpoint, type LambdaFunction } from './lambda-endpoint';
import { createOutbox, type Outbox } from './outbox';
import { ensureTable, ensureUserPool } from './provision';
import { ffmpegTwin } from './ffmpeg-twin';
import { startLocalWorkflow, type LocalWorkflow } from './workflow-runner';
import { startAwsStandIns, type AwsStandIns } from './aws-stand-ins';
import { createStorageProxy, STORAGE_PATH_PREFIX } from './storage-proxy';
import type { LocalAccess } from './local-token.cjs';
import { startSweeps, sweepLocal, type SweepPlaces, type SweepResult } from './sweep';
import { localAdmission } from './admission';
import { isTranscribeJobEnd, stepEventOf } from '../../functions/workflow/transcribe-events';

const ROOT = resolve(__dirname, '../..');
const APP_NAME = 'transcribe-app';
/** How long stopping waits for API requests still running. */
const DRAIN_MS = 10_000;
/**
 * How long an idle kept-alive connection stays open. Node's 5 s is shorter than a team's TLS proxy keeps
 * its connections to the app (nginx: 60 s), and a proxy or browser that sends on one just as the app
 * closes it gets a reset; so longer than the proxies', as behind a load balancer.
 */
const KEEP_ALIVE_MS = 65_000;
export const LOCAL_TABLE = APP_NAME;
export const LOCAL_UPLOADS_BUCKET = `${APP_NAME}-uploads`;
/** The media function's name on the local Lambda endpoint (functions/media/handler.ts). */
export const LOCAL_MEDIA_FUNCTION = 'media';

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** Serve the outbox page (/_local/mail), to loopback callers only; off unless asked for (LOCAL_MAIL_PAGE=1). */
  mailPage?: boolean;
  /** The address to listen on (HOST): 127.0.0.1 unless the app serves a team from behind a proxy. */
  host?: string;
  /**
   * The address people open (PUBLIC_URL), when it is not this machine's: e.g. https://scribely.example.org
   * through a TLS proxy. It comes first among the app's origins (links in mail, Secure cookies) and is
   * where browsers are sent for storage.
   */
  publicUrl?: string;
  /** The reverse proxy in front of the app (TRUSTED_PROXY, an address): requests from it count as from the address it forwards. */
  trustedProxy?: string;
  /** Addresses the Google stand-in may sign in (exact, or `*@domain`); none unless given (LOCAL_GOOGLE_ACCOUNTS). */
  googleAccounts?: readonly string[];
  /** Where to write progress and the per-request log; tests pass nothing. */
  log?: (line: string) => void;
  requestLog?: RequestLogger;
  /**
   * `local` (the default): the local engines. `aws`: the AWS adapters with the real SDK clients, against
   * protocol stand-ins of Transcribe, Bedrock Runtime and Translate (the AWS path, `npm run test:aws-path`).
   */
  engines?: 'local' | 'aws';
}

export interface LocalStack {
  url: string;
  dataDir: string;
  mailDir: string;
  outbox: Outbox;
  workflow: LocalWorkflow;
  /**
   * `s3`: storage as the app and the browser reach it (on the app's port, signatures checked);
   * `s3Emulator`: the emulator behind it, which answers only the storage proxy.
   * `lambda`: where cognito-local calls its trigger.
   * `google`: the local stand-in for Google sign-in (an OpenID provider; docs/local.md, "Google sign-in locally").
   */
  endpoints: { dynamodb: string; s3: string; s3Emulator: string; cognito: string; sfn: string; lambda: string; google: string };
  /** The emulators' process ids, to test that one that dies is restarted. */
  emulatorPids(): { dynamodb?: number; s3?: number; cognito?: number };
  /** With `engines: 'aws'`: the protocol stand-ins, their calls and their faults. */
  standIns?: AwsStandIns;
  /** The sweep of old uploads and work folders (at start and daily) run now, as of `now` (tests move the clock). */
  sweep(now: Date): Promise<SweepResult>;
  /** Stops S3 to test an outage; the returned function brings it back at the same address with its data. */
  stopS3(): Promise<() => Promise<void>>;
  stop(): Promise<void>;
}

/** A port already taken, in words an operator can act on. */
export class PortInUseError extends Error {
  constructor(readonly port: number, host = LOOPBACK) {
    super(`Port ${port} on ${host} is already in use (another copy of the app?). Stop that program or choose another port: PORT=3001 npm start`);
    this.name = 'PortInUseError';
  }
}

async function listenOrExplain(server: Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  try {
    await once(server, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port, host);
    throw error;
  }
}

/**
 * The secret local storage requests are signed with, made once per data folder and kept there (owner
 * only): upload and playback links stay valid across a restart of the app.
 */
function storageSecretOf(dataDir: string): string {
  const file = join(dataDir, 'storage-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}

/** The front door: takes the port first, so a clash is reported before anything starts, and answers 503 until `serve` is given the app. */
async function takePort(options: LocalStackOptions): Promise<{ serve(handler: RequestListener): void; close(): Promise<void> }> {
  let handler: RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' });
    res.end(JSON.stringify({ error: 'The app is starting. Try again in a moment.' }));
  };
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => handler(req, res));
  await listenOrExplain(server, options.port, options.host ?? LOOPBACK);
  return {
    serve: (app) => {
      handler = app;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The data folder: accounts, recordings and mail live there, so on a shared machine only the app's own user may read it. */
function ownDataDir(dataDir: string): string {
  const path = resolve(dataDir);
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
  return path;
}

interface Handlers {
  stepHandler: LambdaFunction;
  admission: LambdaFunction;
  media: LambdaFunction;
  customMessage: LambdaFunction;
}

/** The Lambda handlers, callable before they are loaded: the endpoints that call them start before the environment their modules read is set. */
function lateHandlers(): { calls: Handlers; load(): Promise<void> } {
  let loaded: Handlers | undefined;
  return {
    calls: { stepHandler: (event) => loaded!.stepHandler(event), admission: (event) => loaded!.admission(event), media: (event) => loaded!.media(event), customMessage: (event) => loaded!.customMessage(event) },
    load: async () => {
      loaded = {
        stepHandler: (await import('../../functions/workflow/handler')).handler,
        admission: (await import('../../functions/workflow/admission')).handler,
        media: (await import('../../functions/media/handler')).handler,
        customMessage: (await import('../../functions/triggers/custom-message')).handler as LambdaFunction,
      };
    },
  };
}

/** What the app's origins and secrets are for this run. */
interface RunSettings {
  dataDir: string;
  url: string;
  publicUrl?: string;
  origins: string[];
  /** The emulators, the workflow runner and the trigger endpoint answer only requests with this token: the app's own (local-token.cjs). */
  access: LocalAccess;
  storageSecret: string;
  /** The gateway stands in for CloudFront: it adds this to each API request, as the site does in AWS. */
  originSecret: string;
}

/** The emulators and the Google stand-in (which browsers open, and which signs in only the allowed addresses); S3 can be stopped and brought back at its address. */
async function startEmulators(run: RunSettings, lambdaEndpoint: string, googleAccounts: readonly string[]) {
  const startS3 = (port?: number) => startS3rver(join(run.dataDir, 's3'), [LOCAL_UPLOADS_BUCKET], run.origins, run.access, port);
  const [dynamodb, firstS3, cognito, google] = await Promise.all([
    startDynalite(join(run.dataDir, 'dynamodb'), run.access),
    startS3(),
    startCognitoLocal(join(run.dataDir, 'cognito'), { lambdaEndpoint, functions: { CustomMessage: 'custom-message' } }, run.access),
    startGoogleStandIn(run.origins, BRAND.name, googleAccounts),
  ]);
  const emulators = {
    dynamodb,
    cognito,
    google,
    s3: firstS3,
    s3Endpoint: firstS3.endpoint,
    stopS3: async () => {
      await emulators.s3.stop();
      return async () => {
        emulators.s3 = await startS3(Number(new URL(firstS3.endpoint).port));
      };
    },
  };
  return emulators;
}

/** The services behind the app, in the order they are stopped in reverse: the Lambda endpoint, the emulators, the workflow runner, the admission starter, the stand-ins. */
async function startBackends(run: RunSettings, options: LocalStackOptions, handlers: Handlers, started: { stop(): Promise<void> }[]) {
  // The media function too: PrepareMedia calls it as in AWS, with links to the one upload and its output.
  const lambda = await startLambdaEndpoint({ 'custom-message': handlers.customMessage, [LOCAL_MEDIA_FUNCTION]: handlers.media }, run.access);
  started.push(lambda);
  const emulators = await startEmulators(run, lambda.endpoint, options.googleAccounts ?? []);
  started.push(emulators.dynamodb, { stop: () => emulators.s3.stop() }, emulators.cognito, emulators.google);
  const outbox = createOutbox(join(run.dataDir, 'mail'), options.log ?? (() => undefined));
  emulators.cognito.onMail((mail) => outbox.send(mail));
  const [, pool] = await Promise.all([ensureTable(emulators.dynamodb.endpoint, LOCAL_TABLE, run.access), ensureUserPool(emulators.cognito.endpoint, APP_NAME, run.access)]);
  const admission = localAdmission(handlers.admission);
  const workflow = await startLocalWorkflow({
    definitionPath: join(ROOT, 'infra/workflow/transcription.asl.json'),
    otherMachines: { 'text-jobs': join(ROOT, 'infra/workflow/text-jobs.asl.json'), 'vector-backfill': join(ROOT, 'infra/workflow/vector-backfill.asl.json') },
    stateDir: join(run.dataDir, 'workflow'),
    substitutions: { WorkflowFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:local-workflow' },
    stepHandler: handlers.stepHandler,
    access: run.access,
    // The speech engine runs there: a recording that took the app down fails its job at the next start, it does not take it down again.
    crashGuard: { states: ['StartTranscription'], failure: { error: USER_FACING_ERROR, cause: MESSAGES.recordingNotProcessed } },
    // The admission starter hears every end, as the Step Functions status rule tells it in AWS: the next job in line starts.
    onEnded: ({ name }) => admission.ended(name),
  });
  // Stopped before the workflow and the emulators: no pass runs on without them, and a vector backfill running
  // in this process ends after its batch, before the storage it writes to.
  started.push(workflow, admission, { stop: stopLocalVectorBackfill });
  const standIns = options.engines === 'aws' ? await startStandIns(handlers.stepHandler) : undefined;
  if (standIns) started.push(standIns);
  return { lambda, emulators, outbox, pool, workflow, admission, standIns };
}

type Backends = Awaited<ReturnType<typeof startBackends>>;

/** Points the app's settings (functions/platform/config.ts) at this run's services, as the CDK stack does in AWS. */
function configureApp(run: RunSettings, { lambda, emulators, pool, workflow, standIns }: Backends): void {
  Object.assign(process.env, {
    APP_MODE: standIns ? 'aws' : 'local',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: LOCAL_TABLE,
    UPLOADS_BUCKET: LOCAL_UPLOADS_BUCKET,
    USER_POOL_ID: pool.userPoolId,
    USER_POOL_CLIENT_ID: pool.clientId,
    ...(pool.clientSecret ? { USER_POOL_CLIENT_SECRET: pool.clientSecret } : {}),
    STATE_MACHINE_ARN: workflow.stateMachineArn,
    TEXT_JOBS_STATE_MACHINE_ARN: workflow.otherMachineArns['text-jobs'],
    VECTOR_BACKFILL_STATE_MACHINE_ARN: workflow.otherMachineArns['vector-backfill'],
    APP_ORIGINS: run.origins.join(','),
    DYNAMODB_ENDPOINT: emulators.dynamodb.endpoint,
    S3_ENDPOINT: `${run.url}${STORAGE_PATH_PREFIX}`,

    LOCAL_SECRET_ACCESS_KEY: run.storageSecret,
    LOCAL_EMULATOR_TOKEN: run.access.token,
    ORIGIN_VERIFY_SECRET: run.originSecret,
    // A job waiting for one of its user's speech-job slots asks again this often: polling costs nothing here.
    JOB_SLOT_WAIT_SECONDS: process.env.JOB_SLOT_WAIT_SECONDS ?? '2',
    // The local engine recognises one job at a time in its own fair line (fairLimit(1)), which tells the places of the
    // jobs admitted; admission keeps a few more than that in the engine's line (the others' recordings prepared meanwhile).
    TRANSCRIBE_CONCURRENCY: process.env.TRANSCRIBE_CONCURRENCY ?? '4',
    // No CloudWatch here: the usage metrics (functions/platform/metrics.ts) would only be log noise.
    POWERTOOLS_METRICS_DISABLED: 'true',
    COGNITO_ENDPOINT: emulators.cognito.endpoint,
    WORK_DIR: join(run.dataDir, 'work'),
    SFN_ENDPOINT: workflow.endpoint,
    LAMBDA_ENDPOINT: lambda.endpoint,
    MEDIA_FUNCTION_NAME: LOCAL_MEDIA_FUNCTION,
    GOOGLE_OIDC_ISSUER: emulators.google.issuer,
    GOOGLE_CLIENT_ID: emulators.google.clientId,
    ...(standIns
      ? { TRANSCRIBE_ENDPOINT: standIns.endpoints.transcribe, TRANSCRIBE_STREAMING_ENDPOINT: standIns.endpoints.transcribeStreaming, TRANSLATE_ENDPOINT: standIns.endpoints.translate, BEDROCK_ENDPOINT: standIns.endpoints.bedrock, BEDROCK_MODEL_ID: STAND_IN_MODEL_ID, FFMPEG_PATH: ffmpegTwin() }
      : {}),
  });
  // Storage links for browsers go to the public address, when there is one (a set value must not outlive its stack).
  if (run.publicUrl) process.env.S3_PUBLIC_ENDPOINT = `${run.publicUrl}${STORAGE_PATH_PREFIX}`;
  else delete process.env.S3_PUBLIC_ENDPOINT;
  resetConfig();
  // The handlers' logger was made at import; locally only warnings and errors are worth a line.
  logger.setLogLevel((process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN') as Parameters<typeof logger.setLogLevel>[0]);
}

/** The gateway (the site, the API and storage on the app's port), stopped before the emulators: requests still running end first (for at most DRAIN_MS). */
function startGateway(run: RunSettings, options: LocalStackOptions, { emulators, outbox }: Backends, started: { stop(): Promise<void> }[]): RequestListener {
  const storage = createStorageProxy({ credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: run.storageSecret }, corsOrigins: run.origins, upstream: () => emulators.s3.endpoint, access: run.access });
  const gateway = createGatewayHandler({
    webDir: join(ROOT, 'web/dist'),
    log: options.requestLog,
    localPages: options.mailPage ? { [MAIL_PAGE_PATH]: () => renderMailPage(outbox.list()) } : {},
    originSecret: run.originSecret,
    storage,
    trustedProxy: options.trustedProxy,
    extraFiles: localSpanishSpeech() ? new Map(spanishLiveFiles(join(ROOT, 'node_modules')).map(([from, to]) => [`/${LIVE_ASSETS_FOLDER}/${to}`, from])) : undefined,
  });
  started.push({ stop: () => Promise.race([gateway.drained(), new Promise<void>((done) => setTimeout(done, DRAIN_MS).unref())]) });
  return gateway;
}

/** The running stack as the tests and main.ts see it. */
function stackOf(run: RunSettings, { lambda, emulators, outbox, workflow, standIns }: Backends, sweepPlaces: SweepPlaces, stop: () => Promise<void>): LocalStack {
  const { dynamodb, cognito, google } = emulators;
  return {
    url: run.url,
    dataDir: run.dataDir,
    mailDir: join(run.dataDir, 'mail'),
    outbox,
    workflow,
    ...(standIns ? { standIns } : {}),
    endpoints: { dynamodb: dynamodb.endpoint, s3: `${run.url}${STORAGE_PATH_PREFIX}`, s3Emulator: emulators.s3Endpoint, cognito: cognito.endpoint, sfn: workflow.endpoint, lambda: lambda.endpoint, google: google.issuer },
    sweep: (now) => sweepLocal(sweepPlaces, now),
    emulatorPids: () => ({ dynamodb: dynamodb.pid(), s3: emulators.s3.pid(), cognito: cognito.pid() }),
    stopS3: emulators.stopS3,
    stop,
  };
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = ownDataDir(options.dataDir);
  // This process and the tests reach the app on loopback, whatever address it listens on.
  const url = `http://${LOOPBACK}:${options.port}`;
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const front = await takePort(options);

  const started: { stop(): Promise<void> }[] = [];
  let releaseLock: () => void = () => undefined;
  const stopAll = async () => {
    await front.close();
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
    // Once the workflow has stopped (its jobs stay to resume on the next start), the speech worker goes too.
    await stopLocalEngines();
    releaseLock();
  };

  try {
    releaseLock = lockDataDir(dataDir);
    const run: RunSettings = {
      dataDir,
      url,
      ...(publicUrl ? { publicUrl } : {}),
      origins: [...(publicUrl ? [publicUrl] : []), url, `http://localhost:${options.port}`],
      access: { token: randomBytes(32).toString('base64url'), tokenHeader: LOCAL_TOKEN_HEADER },
      storageSecret: storageSecretOf(dataDir),
      originSecret: randomBytes(32).toString('base64url'),
    };
    options.log?.('Starting DynamoDB (dynalite), S3 (s3rver), Cognito (cognito-local) and the Google sign-in stand-in (oidc-provider)...');
    const handlers = lateHandlers();
    const backends = await startBackends(run, options, handlers.calls, started);
    configureApp(run, backends);
    await handlers.load();
    front.serve(startGateway(run, options, backends, started));
    // Before any job runs: every work folder there is a stopped app's.
    const sweepPlaces: SweepPlaces = { bucket: LOCAL_UPLOADS_BUCKET, bucketDir: join(dataDir, 's3', LOCAL_UPLOADS_BUCKET), workDir: join(dataDir, 'work') };
    started.push(await startSweeps(sweepPlaces));
    backends.workflow.resumeUnfinished();
    backends.admission.startSweeps();
    return stackOf(run, backends, sweepPlaces, stopAll);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Any id: the stand-in answers every model the same way. */
const STAND_IN_MODEL_ID = 'global.anthropic.claude-stand-in-v1:0';

/** The stand-ins, with a local event bus that does what the CDK rule does: a matching event becomes the step event. */
function startStandIns(invokeStep: LambdaFunction): Promise<AwsStandIns> {
  return startAwsStandIns({
    region: 'us-east-1',
    account: '000000000000',
    // The key the app signs streaming addresses with (functions/services/live/stream-address.ts).
    credentials: () => clientSettings(getConfig().TRANSCRIBE_STREAMING_ENDPOINT).credentials!,
    emit: async (event) => {
      if (isTranscribeJobEnd(event, getConfig().TRANSCRIBE_JOB_PREFIX)) await invokeStep(stepEventOf(event));
    },
  });
}

export type { Emulator };
