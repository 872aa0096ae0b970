/**
 * Cost per audio hour of the AWS deployment from counted requests, invocations, transitions and log lines,
 * apart from and with the AI services' bill, and the idle cost of an empty deployment, item by item
 * (us-east-1 list prices read 2026-11-28; docs/operations.md's price list).
 */
import { ASK_SYSTEM_PROMPT, askMessage } from '../../functions/domain/ask-prompt';
import { ASK_LIMITS, TRANSCRIPT_POLL_INTERVAL_MS } from '../../functions/domain/constants';
import { passagesOf } from '../../functions/domain/passages';
import { LIBRARY_TRANSCRIPT } from '../fixtures/ask-transcripts';
import { WORKFLOW_FUNCTION_SIZES } from '../../infra/constructs/workflow';
import { atMost, info, round, type Figure } from './figures';

export const PRICES = {
  cloudFrontPerRequest: 0.01 / 10_000,
  /** The viewer-request function every API call runs (the body-size check, the viewer-address stamp). */
  cloudFrontFunctionPerRequest: 0.1 / 1_000_000,
  apiGatewayPerRequest: 1.0 / 1_000_000,
  lambdaPerRequest: 0.2 / 1_000_000,
  /** arm64, per GB-second. */
  lambdaPerGbSecond: 0.0000133334,
  /** Per read unit: an eventually consistent read of an item up to 4 KB is half of one. */
  dynamoPerRead: 0.125 / 1_000_000,
  dynamoPerWrite: 0.625 / 1_000_000,
  s3PerPut: 0.005 / 1000,
  s3PerGet: 0.0004 / 1000,
  s3PerGbMonth: 0.023,
  stepFunctionsPerTransition: 0.025 / 1000,
  logsPerGbIngested: 0.5,
  xrayPerTrace: 5 / 1_000_000,
  transcribePerMinute: 0.024,
  /** Claude Haiku 4.5 through a global inference profile (the default bedrockModelId); regional profiles cost 10 % more. */
  bedrockPerInputToken: 1 / 1_000_000,
  bedrockPerOutputToken: 5 / 1_000_000,
  translatePerCharacter: 15 / 1_000_000,
  /** Amazon Titan Text Embeddings V2: $0.00002 per 1,000 input tokens (it bills no output). */
  titanEmbeddingPerInputToken: 0.02 / 1_000_000,
  secretPerMonth: 0.4,
  alarmMetricPerMonth: 0.1,
  dashboardPerMonth: 3,
  /** A custom metric written in every hour of the month (the admission sweep's two). */
  customMetricPerMonth: 0.3,
} as const;

/**
 * What an empty deployment bills a month, by item, with the template's count of each (test/infra/stack.test.ts
 * checks the counts against the synthesized stack). Custom metrics bill only in hours they receive data: $0 idle.
 * Storage (S3, DynamoDB, logs) grows with use and is priced per GB in docs/operations.md.
 */
export const IDLE_ITEMS = {
  /** The origin secret (a second with Google sign-in, the operator's own). */
  secrets: 1,
  /** Standard-resolution alarm metrics (infra/constructs/alarms.ts, alarmMetrics). */
  alarmMetrics: 21,
  /** The usage dashboard: free when it is among the account's first three. */
  dashboards: 1,
  kmsKeys: 0,
  /** The admission sweep (infra/constructs/admission.ts): a run a minute, 30 days. */
  sweepRuns: 43_200,
  /** Its GB-seconds a run when nothing waits (a query and a write): 256 MB for about 0.4 s (estimated; its REPORT lines measure it). */
  sweepGbSecondsPerRun: 0.1,
  /** The metrics each pass writes (JobsWaiting, AdmissionQueueAgeSeconds): billed every hour since written every minute. */
  sweepMetrics: 2,
} as const;

export function idleMonthly(): { secrets: number; alarms: number; dashboard: number; sweep: number } {
  return {
    secrets: IDLE_ITEMS.secrets * PRICES.secretPerMonth,
    alarms: IDLE_ITEMS.alarmMetrics * PRICES.alarmMetricPerMonth,
    dashboard: IDLE_ITEMS.dashboards * PRICES.dashboardPerMonth,
    sweep:
      IDLE_ITEMS.sweepRuns * (PRICES.lambdaPerRequest + IDLE_ITEMS.sweepGbSecondsPerRun * PRICES.lambdaPerGbSecond) + IDLE_ITEMS.sweepMetrics * PRICES.customMetricPerMonth,
  };
}

/**
 * Log bytes ingested (CloudWatch Logs), estimated from the lines each kind of run writes: an API request's access-log
 * line, the function's START/END/REPORT lines and its own JSON line; a workflow step's lines and its job metrics
 * (Powertools' embedded format); the state machine's execution events (log level ALL, no execution data).
 * After a deploy, the log groups' IncomingBytes measure them.
 */
const LOG_BYTES = { apiRequest: 1200, workflowStep: 2500, stateMachinePerTransition: 1200 } as const;
/** A page view: the HTML and about five static files from CloudFront (cached at the edge), and about four API calls. */
const PAGE_VIEW = { staticRequests: 6, apiCalls: 4 } as const;
/** Page views per audio hour: the upload, then reading the transcript. */
const PAGE_VIEWS_PER_AUDIO_HOUR = 2;
/**
 * An hour of speech is about 9,000 words: some 50,000 characters of transcript (what Translate bills) and about
 * 12,000 tokens for the summary's prompt with its instructions, answered in about 600 tokens.
 */
const TRANSCRIPT_CHARACTERS_PER_AUDIO_HOUR = 50_000;
const SUMMARY_TOKENS = { input: 12_000, output: 600 } as const;
/**
 * Search by meaning (issue 30): every passage of the transcript is embedded once when it is indexed, so an audio hour's
 * transcript once, at about 4 characters a token (Titan reports `inputTextTokenCount`, the EmbeddingTokens metric).
 * A correction embeds again only the passages it changed.
 */
const EMBEDDING_TOKENS_PER_AUDIO_HOUR = TRANSCRIPT_CHARACTERS_PER_AUDIO_HOUR / 4;
const ASK_QUESTION = 'What did the speakers say about the rainbow and the gods?';
/**
 * One Ask question on AWS (issue 30): its prompt as sent, over the most passages it cites, of the real-speech
 * fixtures, at about 4 characters a token (English); answered in about 80 tokens (two cited sentences; at most 400).
 */
function askTokens(): { input: number; output: number } {
  const passages = passagesOf(LIBRARY_TRANSCRIPT.id, LIBRARY_TRANSCRIPT.groups).slice(0, ASK_LIMITS.citations);
  const prompt = ASK_SYSTEM_PROMPT + askMessage(ASK_QUESTION, passages);
  return { input: Math.ceil(prompt.length / 4), output: 80 };
}

/** One translation: the request, about 3 s of the 512 MB function (chunks 8 at a time), its body read and the translation stored. */
const TRANSLATION_LAMBDA_SECONDS = 3;

/** Amazon Transcribe takes roughly a third of the audio's length for a batch job (AWS's guidance: well under real time). */
const TRANSCRIBE_MINUTES_PER_AUDIO_HOUR = 20;
const LAMBDA_GB = 0.5;
/** The workflow function is larger, for PrepareMedia's conversions (infra/constructs/workflow.ts). */
const WORKFLOW_LAMBDA_GB = WORKFLOW_FUNCTION_SIZES.memorySize / 1024;

export function costPerAudioHour(transitionsPerJob: number): Figure[] {
  const polls = (TRANSCRIBE_MINUTES_PER_AUDIO_HOUR * 60_000) / TRANSCRIPT_POLL_INTERVAL_MS;
  // One job: uploads (presign, complete), transcribe, the polls, one final read, the pages' own calls; seven workflow steps (a slot taken at once).
  const apiCalls = 3 + polls + 1 + PAGE_VIEWS_PER_AUDIO_HOUR * PAGE_VIEW.apiCalls;
  const workflowInvocations = 7;
  // Each request: the session and its item read, eventually consistent (the transcript's text is in S3). Its count against the user's request limit is written once per
  // 10 requests in a window (functions/services/throttle.ts): a poll every 5 s, 2 in a 10 s window, never fills one.
  const request =
    PRICES.cloudFrontPerRequest + PRICES.cloudFrontFunctionPerRequest + PRICES.apiGatewayPerRequest + PRICES.lambdaPerRequest + PRICES.lambdaPerGbSecond * LAMBDA_GB * 0.05 + PRICES.dynamoPerRead;
  const workflow =
    transitionsPerJob * PRICES.stepFunctionsPerTransition +
    workflowInvocations * (PRICES.lambdaPerRequest + PRICES.lambdaPerGbSecond * WORKFLOW_LAMBDA_GB * 0.3) +
    // Items and progress, and the user's job slot taken and freed.
    10 * PRICES.dynamoPerWrite +
    6 * PRICES.s3PerPut +
    8 * PRICES.s3PerGet;
  const pages = PAGE_VIEWS_PER_AUDIO_HOUR * PAGE_VIEW.staticRequests * PRICES.cloudFrontPerRequest;
  const translation = request + PRICES.lambdaPerGbSecond * LAMBDA_GB * TRANSLATION_LAMBDA_SECONDS + PRICES.s3PerPut + PRICES.s3PerGet + PRICES.dynamoPerWrite;
  const logBytes = (apiCalls + 1) * LOG_BYTES.apiRequest + workflowInvocations * LOG_BYTES.workflowStep + transitionsPerJob * LOG_BYTES.stateMachinePerTransition;
  const logs = (logBytes / 1024 ** 3) * PRICES.logsPerGbIngested;
  const rest = apiCalls * request + workflow + pages + translation + logs + PRICES.xrayPerTrace;
  const transcribe = 60 * PRICES.transcribePerMinute;
  const summary = SUMMARY_TOKENS.input * PRICES.bedrockPerInputToken + SUMMARY_TOKENS.output * PRICES.bedrockPerOutputToken;
  const translate = TRANSCRIPT_CHARACTERS_PER_AUDIO_HOUR * PRICES.translatePerCharacter;
  const embeddings = EMBEDDING_TOKENS_PER_AUDIO_HOUR * PRICES.titanEmbeddingPerInputToken;
  const ask = askTokens();
  // The question is embedded too, to rank the passages by meaning.
  const questionVector = Math.ceil(ASK_QUESTION.length / 4) * PRICES.titanEmbeddingPerInputToken;
  const question = ask.input * PRICES.bedrockPerInputToken + ask.output * PRICES.bedrockPerOutputToken + questionVector + request;
  // An hour of 64 kbit/s audio is about 29 MB, kept until the user deletes it.
  const storagePerMonth = (29 / 1024) * PRICES.s3PerGbMonth;
  const idle = idleMonthly();
  return [
    info('cost', `status polls per audio hour (every ${TRANSCRIPT_POLL_INTERVAL_MS / 1000} s for ~${TRANSCRIBE_MINUTES_PER_AUDIO_HOUR} min)`, polls, ''),
    info('cost', 'log bytes ingested per audio hour', Math.round(logBytes), 'B'),
    atMost('cost', 'requests, Lambda, DynamoDB, S3 requests, Step Functions, pages, logs, one translation per audio hour', round(rest, 5), '$', 0.002),
    info('cost', 'Transcribe per audio hour (speaker labels cost nothing more)', round(transcribe, 4), '$'),
    info('cost', 'Bedrock summary per audio hour (Claude Haiku 4.5)', round(summary, 4), '$'),
    info('cost', 'Translate, one translation per audio hour', round(translate, 4), '$'),
    info('cost', "Titan embeddings of an audio hour's passages (search by meaning)", round(embeddings, 5), '$'),
    info('cost', 'Ask: input tokens per question (the prompt over the cited passages)', ask.input, ''),
    info('cost', "Ask: one question on AWS (Bedrock tokens, the question's embedding and the request)", round(question, 5), '$'),
    info('cost', 'whole bill per audio hour, with a summary', round(transcribe + summary + embeddings + rest - translation, 4), '$'),
    info('cost', 'whole bill per audio hour, with a summary and one translation', round(transcribe + summary + embeddings + translate + rest, 4), '$'),
    info('cost', 'storage of one audio hour (64 kbit/s) per month', round(storagePerMonth, 5), '$'),
    info('cost', 'idle per month: secrets', round(idle.secrets, 2), '$'),
    info('cost', 'idle per month: alarms', round(idle.alarms, 2), '$'),
    info('cost', 'idle per month: dashboard (free among the first three)', round(idle.dashboard, 2), '$'),
    info('cost', 'idle per month: the admission sweep (its runs and two metrics)', round(idle.sweep, 2), '$'),
    info('cost', 'idle per month (storage aside)', round(idle.secrets + idle.alarms + idle.dashboard + idle.sweep, 2), '$'),
  ];
}
