/** EventBridge's Transcribe job-end events (samples in events/eventbridge/): the rule's match and the step event its target makes. */
import completed from '../../events/eventbridge/transcribe-job-completed.json';
import failed from '../../events/eventbridge/transcribe-job-failed.json';
import { isTranscribeJobEnd, JOB_STATE_CHANGE_STEP, stepEventOf, transcribeJobPrefix, type TranscribeJobStateChange } from '../../functions/workflow/transcribe-events';

const PREFIX = 'transcript-';

test('job ends match; other states and other sources do not', () => {
  expect(isTranscribeJobEnd(completed, PREFIX)).toBe(true);
  expect(isTranscribeJobEnd(failed, PREFIX)).toBe(true);
  expect(isTranscribeJobEnd({ ...completed, detail: { ...completed.detail, TranscriptionJobStatus: 'IN_PROGRESS' } }, PREFIX)).toBe(false);
  expect(isTranscribeJobEnd({ ...completed, source: 'aws.s3' }, PREFIX)).toBe(false);
  expect(isTranscribeJobEnd({ ...completed, 'detail-type': 'Language Identification State Change' }, PREFIX)).toBe(false);
});

test("another deployment's jobs do not match: names start with the deployment's prefix", () => {
  const named = (name: string) => ({ ...completed, detail: { ...completed.detail, TranscriptionJobName: name } });
  expect(isTranscribeJobEnd(named(`${transcribeJobPrefix('Prod')}abc`), transcribeJobPrefix('Prod'))).toBe(true);
  expect(isTranscribeJobEnd(named(`${transcribeJobPrefix('Staging')}abc`), transcribeJobPrefix('Prod'))).toBe(false);
  expect(isTranscribeJobEnd(named('transcript-abc'), transcribeJobPrefix('Prod'))).toBe(false);
});

test('the step event carries the detail as is, the failure reason included', () => {
  expect(stepEventOf(completed as TranscribeJobStateChange)).toEqual({ step: JOB_STATE_CHANGE_STEP, input: { TranscriptionJobName: completed.detail.TranscriptionJobName, TranscriptionJobStatus: 'COMPLETED' } });
  expect(stepEventOf(failed as TranscribeJobStateChange).input.FailureReason).toBe(failed.detail.FailureReason);
});
