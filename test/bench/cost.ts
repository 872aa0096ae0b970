/**
 * Cost per audio hour of the AWS deployment, all but Transcribe, Bedrock and Translate, from counted
 * requests, invocations and transitions (us-east-1 list prices; docs/operations.md's price list).
 */
import { TRANSCRIPT_POLL_INTERVAL_MS } from '../../functions/domain/constants';
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
} as const;

/** Amazon Transcribe takes roughly a third of the audio's length for a batch job (AWS's guidance: well under real time). */
const TRANSCRIBE_MINUTES_PER_AUDIO_HOUR = 20;
const LAMBDA_GB = 0.5;
/** The workflow function is larger, for PrepareMedia's conversions (infra/constructs/workflow.ts). */
const WORKFLOW_LAMBDA_GB = WORKFLOW_FUNCTION_SIZES.memorySize / 1024;

export function costPerAudioHour(transitionsPerJob: number): Figure[] {
  const polls = (TRANSCRIBE_MINUTES_PER_AUDIO_HOUR * 60_000) / TRANSCRIPT_POLL_INTERVAL_MS;
  // One job: uploads (presign, complete), transcribe, the polls, one final read; seven workflow steps (a slot taken at once).
  const apiCalls = 3 + polls + 1;
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
  const total = apiCalls * request + workflow;
  // An hour of 64 kbit/s audio is about 29 MB, kept until the user deletes it.
  const storagePerMonth = (29 / 1024) * PRICES.s3PerGbMonth;
  return [
    info('cost', `status polls per audio hour (every ${TRANSCRIPT_POLL_INTERVAL_MS / 1000} s for ~${TRANSCRIBE_MINUTES_PER_AUDIO_HOUR} min)`, polls, ''),
    atMost('cost', 'requests, Lambda, DynamoDB, S3 requests, Step Functions per audio hour', round(total, 5), '$', 0.001),
    info('cost', 'storage of one audio hour (64 kbit/s) per month', round(storagePerMonth, 5), '$'),
    info('cost', 'idle (no use; storage aside)', 0, '$'),
  ];
}
