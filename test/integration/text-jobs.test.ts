/**
 * Issue 31 point 2, long work is a job: "Summarize again", a summary template and a translation of a transcript of
 * more than INLINE_TEXT_WORDS words answer 202 and run in the text-jobs workflow; the transcript's `text_job` says
 * where the work stands; the result is stored when it is done, and what was there before stays until then, and
 * after a failure; a second request while one runs is a 409; a job stopped without word is reported after 15 minutes.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../functions/domain/messages';
import { INLINE_TEXT_WORDS, TEXT_JOB_STALE_SECONDS } from '../../functions/domain/text-jobs';
import { EngineError } from '../../functions/engines/engine-error';
import { summaryEngine, translationEngine } from '../../functions/engines/wiring';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures } from '../fixtures/spoken';
import { Browser, signedUpBrowser, transcribed } from './http-client';
import { advance, startTestStack, stopTestStack, textJobsSettled as allSettled } from './local-stack';

const textJobsSettled = () => allSettled(stack);

let stack: LocalStack;
let ann: Browser;
let id: string;

/** A correction that makes the text long: 8 words a sentence. */
const LONG_TEXT = Array.from({ length: INLINE_TEXT_WORDS / 8 + 25 }, () => 'We will ship the new release on Friday.').join(' ');

beforeAll(async () => {
  let fixtures;
  [stack, fixtures] = await Promise.all([startTestStack(), makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'spoken-')))]);
  ann = await signedUpBrowser(stack, 'ann@example.com');
  id = await transcribed(ann, readFileSync(fixtures.wav), 'meeting.wav');
  expect((await ann.put(`/api/transcripts/${id}/text`, { groups: [{ index: 0, text: LONG_TEXT }] })).status).toBe(200);
}, 240_000);
afterAll(() => stopTestStack(stack));
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});


/** The summary engine answers `summary` once the test opens the gate it waits at. */
function summaryHeldBack(summary: { topic: string; summary: string[] }): { open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  jest.spyOn(summaryEngine(), 'summarize').mockImplementation(async () => {
    await opened;
    return summary;
  });
  return { open };
}

const transcript = async () => (await ann.get(`/api/transcripts/${id}`)).body;

it('summarizes a long text as a job: 202, running while it works, a second request 409, then stored', async () => {
  const before = await transcript();
  const engine = summaryHeldBack({ topic: 'Release plans', summary: ['We will ship the new release on Friday.'] });
  const answer = await ann.post(`/api/transcripts/${id}/summary`);
  expect(answer.status).toBe(202);
  expect(answer.body).toMatchObject({ summary: before.summary, text_job: { kind: 'summary', template: 'key_points', status: 'running', stage: 'summarizing', error: null } });
  expect(await transcript()).toMatchObject({ summary: before.summary, text_job: { status: 'running', stage: 'summarizing' } });
  expect(await ann.post(`/api/translate/${id}`, { language: 'Spanish' })).toMatchObject({ status: 409, body: { error: MESSAGES.textJobBusy } });
  expect(await ann.post(`/api/transcripts/${id}/summary`, { template: 'action_items' })).toMatchObject({ status: 409, body: { error: MESSAGES.textJobBusy } });

  engine.open();
  await textJobsSettled();
  expect(await transcript()).toMatchObject({ topic: 'Release plans', summary: 'We will ship the new release on Friday.', summary_outdated: false, text_job: null });
});

it('writes a summary template as a job', async () => {
  const answer = await ann.post(`/api/transcripts/${id}/summary`, { template: 'action_items' });
  expect(answer).toMatchObject({ status: 202, body: { text_job: { kind: 'summary', template: 'action_items', status: 'running' } } });
  await textJobsSettled();
  expect(await transcript()).toMatchObject({ summaries: { action_items: { lines: expect.any(Array) } }, text_job: null });
});

it('keeps the summary there was when the job fails, and says why in words for the user', async () => {
  const before = await transcript();
  jest.spyOn(summaryEngine(), 'summarize').mockRejectedValue(new EngineError('failed', 'The model answered nothing.'));
  expect((await ann.post(`/api/transcripts/${id}/summary`)).status).toBe(202);
  await textJobsSettled();
  expect(await transcript()).toMatchObject({ topic: before.topic, summary: before.summary, text_job: { kind: 'summary', status: 'failed', stage: null, error: MESSAGES.summaryUnavailable } });
  // A failed job holds nothing: the next request starts one.
  jest.restoreAllMocks();
  expect((await ann.post(`/api/transcripts/${id}/summary`)).status).toBe(202);
  await textJobsSettled();
  expect((await transcript()).text_job).toBeNull();
});

it('translates a long text as a job, then answers the stored translation at once', async () => {
  jest.spyOn(translationEngine(), 'translate').mockImplementation(async (text) => `[es] ${text}`);
  const answer = await ann.post(`/api/translate/${id}`, { language: 'Spanish' });
  expect(answer).toMatchObject({ status: 202, body: { translations: [], text_job: { kind: 'translation', language: 'Spanish', status: 'running', stage: 'translating' } } });
  await textJobsSettled();
  expect(await transcript()).toMatchObject({ translations: ['Spanish'], text_job: null });
  const stored = await ann.post(`/api/translate/${id}`, { language: 'Spanish' });
  expect(stored.status).toBe(200);
  expect(stored.body.translated_text).toContain('[es] We will ship the new release on Friday.');
});

it('reports a job stopped without word as failed once it is older than the bound, and lets a new one start', async () => {
  const before = await transcript();
  const stuck = summaryHeldBack({ topic: 'Too late', summary: ['Written by a run that was given up.'] });
  expect((await ann.post(`/api/transcripts/${id}/summary`)).status).toBe(202);
  advance(TEXT_JOB_STALE_SECONDS + 60);
  expect(await transcript()).toMatchObject({ text_job: { status: 'failed', error: MESSAGES.textJobTimedOut('summary') } });
  jest.spyOn(summaryEngine(), 'summarize').mockResolvedValue({ topic: 'On time', summary: ['Written by the new run.'] });
  expect((await ann.post(`/api/transcripts/${id}/summary`)).status).toBe(202);
  await new Promise((resolve) => setTimeout(resolve, 0));
  // The run given up ends after the new one: it writes nothing over the new one's result.
  stuck.open();
  await textJobsSettled();
  expect(await transcript()).toMatchObject({ topic: 'On time', summary: 'Written by the new run.', text_job: null });
  expect(before.topic).not.toBe('On time');
});
