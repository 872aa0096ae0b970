/**
 * Issue 30 point 3, summary templates on the local stack through HTTP: key points and action items are
 * written here, the templates that need a language model answer 422 with the reason, a template's lines
 * are kept per template, shown by GET and included in the exports; capabilities say which templates work.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../functions/domain/messages';
import { summaryEngine } from '../../functions/engines/wiring';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures } from '../fixtures/spoken';
import { Browser, signedUpBrowser, transcribed } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let ann: Browser;
let bob: Browser;
let id: string;

beforeAll(async () => {
  let fixtures;
  [stack, fixtures] = await Promise.all([startTestStack(), makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'spoken-')))]);
  ann = await signedUpBrowser(stack, 'ann@example.com');
  bob = await signedUpBrowser(stack, 'bob@example.com');
  id = await transcribed(ann, readFileSync(fixtures.wav), 'meeting.wav');
  // A commitment in the text, as a correction puts it there.
  expect((await ann.put(`/api/transcripts/${id}/text`, { groups: [{ index: 0, text: "I'll send the report by Friday." }] })).status).toBe(200);
}, 240_000);
afterAll(() => stopTestStack(stack));

const summarize = (browser: Browser, body?: unknown) => browser.post(`/api/transcripts/${id}/summary`, body);

it('capabilities list the templates written here', async () => {
  expect((await new Browser(stack.url).get('/api/capabilities')).body).toMatchObject({ summary: 'extractive', summary_templates: ['key_points', 'action_items'] });
});

it('no body and key_points both make the key points, as before templates', async () => {
  const plain = await summarize(ann);
  expect(plain.status).toBe(200);
  expect(plain.body).toMatchObject({ summaries: {} });
  const keyPoints = await summarize(ann, { template: 'key_points' });
  expect(keyPoints).toMatchObject({ status: 200, body: { summary: plain.body.summary, topic: plain.body.topic, summaries: {} } });
});

it('action items are written, kept, shown again and exported', async () => {
  const answer = await summarize(ann, { template: 'action_items' });
  expect(answer).toMatchObject({ status: 200, body: { summaries: { action_items: { lines: ["I'll send the report by Friday. (due by Friday)", 'Please call me when you arrive at the station.'], created_at: expect.any(String) } } } });
  expect((await ann.get(`/api/transcripts/${id}`)).body).toMatchObject({ summaries: answer.body.summaries });
  expect((await ann.get(`/api/transcripts/${id}/export?format=md`)).body.text).toContain("## Action items\n\n- I'll send the report by Friday. (due by Friday)");
  expect((await ann.get(`/api/transcripts/${id}/export?format=txt`)).body.text).toContain("Action items\n- I'll send the report by Friday. (due by Friday)");
});

it('keeps both of two templates asked at the same moment: each is written in its own key', async () => {
  // The app runs in this process: its engine here writes interview too, and each call waits for the other, so
  // that both requests have read the transcript before either writes. From two sessions: the local app runs one
  // request of a session at a time while other users call.
  const annToo = new Browser(stack.url);
  expect((await annToo.post('/api/login', { email: 'ann@example.com', password: 'Sunny-Day-42' })).status).toBe(200);
  const engine = summaryEngine();
  let release!: () => void;
  const bothAsked = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  jest.replaceProperty(engine, 'templates', ['action_items', 'interview']);
  jest.spyOn(engine, 'summarizeAs').mockImplementation(async (template) => {
    if (++asked === 2) release();
    await bothAsked;
    return [`The ${template} line.`];
  });
  try {
    const answers = await Promise.all([summarize(ann, { template: 'action_items' }), summarize(annToo, { template: 'interview' })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await ann.get(`/api/transcripts/${id}`)).body.summaries).toEqual({
      action_items: { lines: ['The action_items line.'], created_at: expect.any(String), outdated: false },
      interview: { lines: ['The interview line.'], created_at: expect.any(String), outdated: false },
    });
  } finally {
    jest.restoreAllMocks();
  }
});

it.each([
  ['meeting_minutes', 'Meeting minutes'],
  ['lecture_notes', 'Lecture notes'],
  ['interview', 'Interview'],
  ['custom', 'Custom'],
])('%s needs a language model: 422 with the reason', async (template, name) => {
  expect(await summarize(ann, { template, instruction: 'List the places named.' })).toMatchObject({ status: 422, body: { error: MESSAGES.templateUnavailable(name) } });
});

it('refuses an unknown template, a custom one without instruction or with too long a one, and another user', async () => {
  expect(await summarize(ann, { template: 'poem' })).toMatchObject({ status: 400, body: { error: MESSAGES.unknownTemplate } });
  expect(await summarize(ann, { template: 'custom' })).toMatchObject({ status: 400, body: { error: MESSAGES.instructionRequired } });
  expect(await summarize(ann, { template: 'custom', instruction: 'x'.repeat(501) })).toMatchObject({ status: 400, body: { error: MESSAGES.instructionTooLong(500) } });
  expect((await summarize(bob, { template: 'action_items' })).status).toBe(404);
});

it("saved templates (a custom instruction of the user's own) answer the custom template's 422 here, as it is not written", async () => {
  const reason = { status: 422, body: { error: MESSAGES.templateUnavailable('Custom') } };
  expect(await ann.get('/api/summary-templates')).toMatchObject(reason);
  expect(await ann.post('/api/summary-templates', { name: 'Dates', instruction: 'List every date mentioned.' })).toMatchObject(reason);
  expect(await ann.call('DELETE', '/api/summary-templates/AAAAAAAAAAAAAAAA')).toMatchObject(reason);
  // The body is checked first: a bad one is a 400, as everywhere.
  expect(await ann.post('/api/summary-templates', { name: '', instruction: 'List dates.' })).toMatchObject({ status: 400, body: { error: MESSAGES.templateNameRequired } });
});

it('a template made before a correction is marked outdated, and made again it is not', async () => {
  expect((await summarize(ann, { template: 'action_items' })).body).toMatchObject({ summaries: { action_items: { outdated: false } } });
  const corrected = await ann.put(`/api/transcripts/${id}/text`, { groups: [{ index: 0, text: "I'll send the report by Monday." }] });
  expect(corrected.body).toMatchObject({ summaries: { action_items: { outdated: true } } });
  expect((await summarize(ann, { template: 'action_items' })).body).toMatchObject({ summaries: { action_items: { lines: [expect.stringContaining('Monday'), expect.any(String)], outdated: false } } });
});
