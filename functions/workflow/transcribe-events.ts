/**
 * Amazon Transcribe's job-end events as EventBridge delivers them: the rule's pattern (the CDK rule and the
 * local event bus both use it) and the step event its target makes of a match. Samples: events/eventbridge/.
 */
import type { EventBridgeEvent } from 'aws-lambda';

export interface TranscribeJobDetail {
  TranscriptionJobName: string;
  TranscriptionJobStatus: 'COMPLETED' | 'FAILED';
  /** Present when the job failed. */
  FailureReason?: string;
}

export type TranscribeJobStateChange = EventBridgeEvent<'Transcribe Job State Change', TranscribeJobDetail>;

export const TRANSCRIBE_JOB_ENDED = {
  source: ['aws.transcribe'],
  detailType: ['Transcribe Job State Change'],
  status: ['COMPLETED', 'FAILED'],
} as const;

/**
 * A stack's job names start with its name (TRANSCRIBE_JOB_PREFIX): Transcribe's job names and events are
 * account-wide, so a staging stack's rule would otherwise receive production's job ends.
 */
export const transcribeJobPrefix = (stackName: string): string => `${stackName}-transcript-`;

/** Whether the rule matches an event (what EventBridge decides in AWS): a job of `jobPrefix` ended. */
export function isTranscribeJobEnd(event: EventBridgeEvent<string, unknown>, jobPrefix: string): event is TranscribeJobStateChange {
  const detail = event.detail as { TranscriptionJobStatus?: string; TranscriptionJobName?: string } | undefined;
  return (
    (TRANSCRIBE_JOB_ENDED.source as readonly string[]).includes(event.source) &&
    (TRANSCRIBE_JOB_ENDED.detailType as readonly string[]).includes(event['detail-type']) &&
    (TRANSCRIBE_JOB_ENDED.status as readonly string[]).includes(detail?.TranscriptionJobStatus ?? '') &&
    (detail?.TranscriptionJobName ?? '').startsWith(jobPrefix)
  );
}

/** The workflow function's input for a match: the rule target's input template is `{step, input: $.detail}`. */
export const JOB_STATE_CHANGE_STEP = 'TranscriptionJobStateChange';
export const stepEventOf = (event: TranscribeJobStateChange): { step: string; input: TranscribeJobDetail } => ({ step: JOB_STATE_CHANGE_STEP, input: event.detail });
