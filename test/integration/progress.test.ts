/**
 * Issue 15, live progress and "Try again", on the real local stack: a job's stage as the workflow records
 * it (uploaded → queued with its place in line → transcribing with progress → summarizing → complete), and
 * POST /api/transcripts/{id}/retry (same upload, same options; 404 for another user's, 409 unless failed).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimRestart, claimRetry, findTranscript } from '../../functions/data/transcripts';
import { MESSAGES } from '../../functions/domain/messages';
import { JOB_STAGES } from '../../functions/domain/job-progress';
import { resetConfig } from '../../functions/platform/config';
import { handler as workflowStep } from '../../functions/workflow/handler';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures, SPOKEN_SENTENCES, type SpokenFixtures } from '../fixtures/spoken';
import { Browser, settled, signedUpBrowser, userIdOf } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let short: SpokenFixtures;
/** Four times the sentences: several pieces for the engine, so progress moves while it works. */
let long: SpokenFixtures;
let ann: Browser;
let bob: Browser;
let cara: Browser;

beforeAll(async () => {
  [stack, short, long] = await Promise.all([
    startTestStack(),
    makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'progress-short-'))),
    makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'progress-long-')), [...SPOKEN_SENTENCES, ...SPOKEN_SENTENCES, ...SPOKEN_SENTENCES, ...SPOKEN_SENTENCES]),
  ]);
  [ann, bob, cara] = await Promise.all([signedUpBrowser(stack, 'ann@example.com'), signedUpBrowser(stack, 'bob@example.com'), signedUpBrowser(stack, 'cara@example.com')]);
});
afterAll(() => stopTestStack(stack));

async function transcribe(browser: Browser, path: string, fields: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), 'call.wav');
  for (const [key, value] of Object.entries({ language: 'en', use_ai_summary: 'true', ...fields })) form.append(key, value);
  const answer = await browser.post('/api/transcribe', form);
  expect(answer.status).toBe(200);
  return answer.body;
}

type Seen = { stage: string | null; progress: number | null; queue_position: number | null; status: string };

/** Asks for the transcript every 50 ms, keeping every answer, until `until` holds for one. */
async function watch(browser: Browser, id: string, seen: Seen[], until: (view: Seen) => boolean): Promise<Seen> {
  for (let attempt = 0; attempt < 2400; attempt++) {
    const { body } = await browser.get(`/api/transcripts/${id}`);
    const view = body as unknown as Seen;
    seen.push({ stage: view.stage, progress: view.progress, queue_position: view.queue_position, status: view.status });
    if (until(view)) return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Transcript ${id} never got there: ${JSON.stringify(seen.at(-1))}`);
}

const ended = (view: Seen) => view.status !== 'processing';
/** The stages a job went through, in the order they were seen, each once. */
const stagesOf = (seen: Seen[]) => seen.map((view) => view.stage).filter((stage, index, all): stage is string => stage !== null && stage !== all[index - 1]);
const inOrder = (stages: string[]) => stages.every((stage, index) => index === 0 || JOB_STAGES.indexOf(stage as never) > JOB_STAGES.indexOf(stages[index - 1] as never));

it('a job goes uploaded → queued (its place in line) → transcribing (with progress) → summarizing → complete, with no stage once ended', async () => {
  const first = await transcribe(ann, long.wav);
  expect(first).toMatchObject({ status: 'processing', stage: 'uploaded', progress: null, queue_position: null });
  const annSeen: Seen[] = [];
  await watch(ann, first.id as string, annSeen, (view) => view.stage === 'transcribing' || ended(view));

  // Two other users' jobs wait behind it, in the order they came.
  const second = await transcribe(bob, short.wav);
  const bobSeen: Seen[] = [];
  await watch(bob, second.id as string, bobSeen, (view) => view.stage === 'queued' || ended(view));
  const third = await transcribe(cara, short.wav);
  const caraSeen: Seen[] = [];
  await watch(cara, third.id as string, caraSeen, (view) => view.stage === 'queued' || ended(view));
  expect(bobSeen.at(-1)).toMatchObject({ stage: 'queued', queue_position: 1 });
  expect(caraSeen.at(-1)).toMatchObject({ stage: 'queued', queue_position: 2 });

  const [annEnd, bobEnd, caraEnd] = await Promise.all([
    watch(ann, first.id as string, annSeen, ended),
    watch(bob, second.id as string, bobSeen, ended),
    watch(cara, third.id as string, caraSeen, ended),
  ]);
  for (const end of [annEnd, bobEnd, caraEnd]) expect(end).toMatchObject({ status: 'complete', stage: null, progress: null, queue_position: null });

  // Cara moved up to first in line once Ann's job was done and Bob's started.
  expect(caraSeen.filter((view) => view.stage === 'queued').map((view) => view.queue_position)).toEqual(expect.arrayContaining([2, 1]));
  for (const seen of [annSeen, bobSeen, caraSeen]) expect(inOrder(stagesOf(seen))).toBe(true);
  expect(stagesOf(annSeen)[0]).toBe('uploaded');
  expect(stagesOf(caraSeen)).toEqual(expect.arrayContaining(['queued', 'transcribing']));
  // Progress while transcribing: known, within 0-1, never going back.
  const progress = annSeen.filter((view) => view.stage === 'transcribing' && view.progress !== null).map((view) => view.progress!);
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.every((value, index) => value > 0 && value <= 1 && (index === 0 || value >= progress[index - 1]!))).toBe(true);
  // A queued job never shows progress; a transcribing one never a place in line.
  for (const view of [...annSeen, ...bobSeen, ...caraSeen]) {
    if (view.stage !== 'transcribing') expect(view.progress).toBeNull();
    if (view.stage !== 'queued') expect(view.queue_position).toBeNull();
  }
  // The lists carry the same fields.
  const list = await ann.get('/api/transcripts');
  expect((list.body as unknown as Seen[])[0]).toMatchObject({ status: 'complete', stage: null, progress: null, queue_position: null });
}, 240_000);

describe('POST /api/transcripts/{id}/retry', () => {
  const WAV = () => readFileSync(short.wav);

  /** A transcript whose workflow could not start: failed at once, with its reason (issue 16). */
  async function failedTranscript(browser: Browser): Promise<string> {
    const upload = await browser.post('/api/uploads', { filename: 'retry me.wav', size: WAV().length });
    const uploadId = upload.body.upload_id as string;
    expect((await fetch(upload.body.url as string, { method: 'PUT', body: WAV() })).status).toBe(200);
    const stateMachineArn = process.env.STATE_MACHINE_ARN!;
    process.env.STATE_MACHINE_ARN = stateMachineArn.replace(/[^:]+$/, 'missing');
    resetConfig();
    try {
      expect((await browser.post('/api/transcribe', { upload_id: uploadId, use_ai_summary: false, include_timestamps: true })).status).toBe(503);
    } finally {
      process.env.STATE_MACHINE_ARN = stateMachineArn;
      resetConfig();
    }
    expect((await browser.get(`/api/transcripts/${uploadId}`)).body).toMatchObject({ status: 'failed', error: MESSAGES.workflowNotStarted, stage: null });
    return uploadId;
  }

  it("runs a failed transcription again from the same upload with its options; another user's id is 404; in the trash, once running or complete, 409", async () => {
    const id = await failedTranscript(ann);
    expect(await bob.post(`/api/transcripts/${id}/retry`)).toMatchObject({ status: 404, body: { error: MESSAGES.transcriptNotFound } });
    expect(await ann.post('/api/transcripts/AAAAAAAAAAAAAAAAAAAAAA/retry')).toMatchObject({ status: 404, body: { error: MESSAGES.transcriptNotFound } });
    // The trash is read-only: a deleted one runs again only once restored.
    expect((await ann.call('DELETE', `/api/transcripts/${id}`)).status).toBe(200);
    expect(await ann.post(`/api/transcripts/${id}/retry`)).toMatchObject({ status: 409, body: { error: MESSAGES.restoreToEdit } });
    expect((await ann.post(`/api/transcripts/${id}/restore`)).status).toBe(200);

    // Two clicks at once start one run: the second finds it no longer failed (409).
    const both = await Promise.all([ann.post(`/api/transcripts/${id}/retry`), ann.post(`/api/transcripts/${id}/retry`)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const retried = both.find((answer) => answer.status === 200)!;
    expect(retried).toMatchObject({ status: 200, body: { id, status: 'processing', stage: 'uploaded', filename: 'retry me.wav' } });
    expect(retried.body).not.toHaveProperty('error');
    expect(both.find((answer) => answer.status === 409)!.body).toEqual({ error: MESSAGES.notFailed });
    expect(await ann.post(`/api/transcripts/${id}/retry`)).toMatchObject({ status: 409, body: { error: MESSAGES.notFailed } });

    const done = await settled(ann, id, { intervalMs: 200 });
    // The same options: timestamps in the text, no summary.
    expect(done).toMatchObject({ status: 'complete', stage: null, summary: '', topic: '' });
    expect(done.text).toMatch(/^\[00:00:0\d\] /);
    // One run, named apart from the first (which never started), and it succeeded (the item is complete a little before the run ends).
    const runs = stack.workflow.executions().filter((execution) => execution.name.startsWith(id));
    expect(runs.map((execution) => execution.name)).toEqual([`${id}-1`]);
    expect((await stack.workflow.settled(runs[0]!.executionArn)).status).toBe('SUCCEEDED');

    expect(await ann.post(`/api/transcripts/${id}/retry`)).toMatchObject({ status: 409, body: { error: MESSAGES.notFailed } });
    expect(await bob.post(`/api/transcripts/${id}/retry`)).toMatchObject({ status: 404 });

    // A run that was tried again (its transcript reported failed after hours) and fails late leaves the newer run's transcript alone.
    const userId = await userIdOf(ann);
    await workflowStep({ step: 'MarkFailed', input: { userId, transcriptId: id, failure: { Error: 'States.Timeout' } } });
    expect(await settled(ann, id)).toMatchObject({ status: 'complete', stage: null });
  });

  it('POST /api/transcribe of an upload whose transcript went to the trash before it started: 409 in plain words, nothing starts or changes', async () => {
    const id = await failedTranscript(ann);
    expect((await ann.call('DELETE', `/api/transcripts/${id}`)).status).toBe(200);
    const before = (await ann.get(`/api/transcripts/${id}`)).body;
    const refused = await ann.post('/api/transcribe', { upload_id: id, use_ai_summary: false, include_timestamps: true });
    expect(refused).toMatchObject({ status: 409, body: { error: MESSAGES.trashedNotStarted } });
    expect(refused.body.error).not.toMatch(/aws|amazon|step functions|state machine|workflow|local|lambda|s3/i);
    expect((await ann.get(`/api/transcripts/${id}`)).body).toEqual(before);
    expect(stack.workflow.executions().filter((execution) => execution.name.startsWith(id))).toEqual([]);
    expect(((await ann.get('/api/deleted_transcripts')).body as unknown as { id: string }[]).map((item) => item.id)).toContain(id);
  });

  it('a delete that lands between the trash check and the start wins: neither kind of start claims a transcript in the trash', async () => {
    const id = await failedTranscript(ann);
    const userId = await userIdOf(ann);
    // Read as the routes read it, before the delete.
    const read = (await findTranscript(userId, id))!;
    expect((await ann.call('DELETE', `/api/transcripts/${id}`)).status).toBe(200);
    const before = (await ann.get(`/api/transcripts/${id}`)).body;
    expect(await claimRestart(read, { status: 'processing', error: '' })).toBe(false);
    expect(await claimRetry(read, 1, { status: 'processing', error: '' })).toBe(false);
    expect((await ann.get(`/api/transcripts/${id}`)).body).toEqual(before);
    // Restored, the same reads claim it (once).
    expect((await ann.post(`/api/transcripts/${id}/restore`)).status).toBe(200);
    expect(await claimRestart(read, { status: 'processing', error: '' })).toBe(true);
    expect(await claimRestart(read, { status: 'processing', error: '' })).toBe(false);
  });

  it('needs a session', async () => {
    expect((await new Browser(stack.url).post('/api/transcripts/AAAAAAAAAAAAAAAAAAAAAA/retry')).status).toBe(401);
  });
});
