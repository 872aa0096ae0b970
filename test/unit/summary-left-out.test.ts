/**
 * Issue 31 point 1: a job whose summary failed after every retry (a busy model) completes without it and says
 * so: the Complete step records it from the state machine's Catch, the view answers it, Summarize again clears it.
 */
import { completeJob } from '../../functions/services/transcripts/jobs';
import { transcriptView, type TranscriptRecord } from '../../functions/domain/transcript-view';
import { handler } from '../../functions/workflow/handler';

// The job's records are mocked; the text jobs' schema, which the workflow's module reads at load, stays real.
jest.mock('../../functions/services/transcripts/jobs', () => ({ ...jest.requireActual('../../functions/services/transcripts/jobs'), completeJob: jest.fn(), findJobTranscript: jest.fn(), indexJobTranscript: jest.fn() }));
jest.mock('../../functions/storage/media-store');
jest.mock('../../functions/data/pending-jobs');

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'table', UPLOADS_BUCKET: 'bucket', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', APP_ORIGINS: 'https://app.example.com' });
});

const job = { userId: 'user-1', transcriptId: 'transcript-1', attempt: 1, parsed: { bodyKey: 'users/user-1/body.json', preview: 'Hello' } };

it('the Complete step marks the summary left out when Summarize failed, and not otherwise', async () => {
  await handler({ step: 'Complete', input: { ...job, summaryFailure: { Error: 'EngineBusy', Cause: 'The model is busy.' } } });
  await handler({ step: 'Complete', input: { ...job, summarized: { topic: 'Greetings', summary: 'Hello.' } } });
  expect(jest.mocked(completeJob).mock.calls.map(([, , finished]) => finished.summaryLeftOut)).toEqual([true, false]);
});

it('the view says so (false for a record from before)', () => {
  const record = { transcriptId: 'transcript-1', userId: 'user-1', filename: 'a.wav', status: 'complete', createdAt: '2026-11-28T00:00:00.000Z', topic: '', summary: '', preview: '', tags: [], state: 'active' } as unknown as TranscriptRecord;
  expect(transcriptView({ ...record, summaryLeftOut: true }, null).summary_left_out).toBe(true);
  expect(transcriptView(record, null).summary_left_out).toBe(false);
});
