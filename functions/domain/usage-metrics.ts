/**
 * The app's usage metrics by name: what functions/platform/metrics.ts writes and the stack's dashboard
 * (infra/constructs/usage.ts) reads, in one place.
 */

/** The CloudWatch namespace of every metric of the app. */
export const METRICS_NAMESPACE = 'Scribely';

/** Each metric by name, with what it counts (the dashboard's widgets name them from here). */
export const METRIC = {
  jobsCompleted: 'JobsCompleted',
  jobsFailed: 'JobsFailed',
  /** Seconds of audio per job the speech service got through (completed, or failed after it), as GET /api/usage counts them: the whole recording, which Transcribe bills. */
  audioSeconds: 'AudioSeconds',
  /** Calls to a paid service, with the dimension `engine`: Transcribe (jobs), Bedrock, Translate. */
  serviceCalls: 'ServiceCalls',
  /** What Bedrock bills: input and output tokens of each Converse call. */
  bedrockInputTokens: 'BedrockInputTokens',
  bedrockOutputTokens: 'BedrockOutputTokens',
  /** Of those, what Ask's answers used (issue 30: the cost of a question). */
  askInputTokens: 'AskInputTokens',
  askOutputTokens: 'AskOutputTokens',
  /** What Titan Text Embeddings bills: input tokens of the passages and questions embedded (issue 30: search by meaning). */
  embeddingTokens: 'EmbeddingTokens',
  /** What Translate bills: characters sent. */
  translatedCharacters: 'TranslatedCharacters',
  /** Transcriptions waiting to start (issue 31 point 1), and the oldest one's wait in seconds: the queue-age alarm reads it. */
  jobsWaiting: 'JobsWaiting',
  admissionQueueAge: 'AdmissionQueueAgeSeconds',
} as const;

export type PaidService = 'Transcribe' | 'Bedrock' | 'Translate';
export const PAID_SERVICES: readonly PaidService[] = ['Transcribe', 'Bedrock', 'Translate'];
/** The dimension of ServiceCalls; every metric also has Powertools' `service` (METRICS_SERVICE). */
export const ENGINE_DIMENSION = 'engine';
export const METRICS_SERVICE = 'transcribe-app';
