/** EventBridge's Transcribe job-end events (samples in events/eventbridge/): the rule's match and the step event its target makes. */
import completed from '../../events/eventbridge/transcribe-job-completed.json';
import failed from '../../events/eventbridge/transcribe-job-failed.json';
import { isTranscribeJobEnd, JOB_STATE_CHANGE_STEP, stepEventOf, type TranscribeJobStateChange } from '../../functions/workflow/transcribe-events';

test('job ends match; other states and other sources do not', () => {
  expect(isTranscribeJobEnd(completed)).toBe(true);
  expect(isTranscribeJobEnd(failed)).toBe(true);
  expect(isTranscribeJobEnd({ ...completed, detail: { ...completed.detail, TranscriptionJobStatus: 'IN_PROGRESS' } })).toBe(false);
  expect(isTranscribeJobEnd({ ...completed, source: 'aws.s3' })).toBe(false);
  expect(isTranscribeJobEnd({ ...completed, 'detail-type': 'Language Identification State Change' })).toBe(false);
});

test('the step event carries the detail as is, the failure reason included', () => {
  expect(stepEventOf(completed as TranscribeJobStateChange)).toEqual({ step: JOB_STATE_CHANGE_STEP, input: { TranscriptionJobName: completed.detail.TranscriptionJobName, TranscriptionJobStatus: 'COMPLETED' } });
  expect(stepEventOf(failed as TranscribeJobStateChange).input.FailureReason).toBe(failed.detail.FailureReason);
});
