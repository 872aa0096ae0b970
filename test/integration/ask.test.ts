/**
 * Ask (issue 30) on the real local stack: the passages of the user's own transcripts that best match a question,
 * one transcript's or a project's; bad questions (400), another user's ids (404), and a correction seen at once.
 */
import { ASK_LIMITS } from '../../functions/domain/constants';
import { MESSAGES } from '../../functions/domain/messages';
import { renderText, type WordGroup } from '../../functions/domain/parse-transcript';
import { FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT } from '../fixtures/ask-transcripts';
import { Browser, signedUpBrowser } from './http-client';
import { useTestStack } from './local-stack';
import { seedFinished } from './seed';

const stack = useTestStack();
let ann: Browser;
let bob: Browser;
/** Ann's transcripts by fixture id, and Bob's one. */
const ids: Record<string, string> = {};
let bobs: string;

type Citation = { transcript_id: string; filename: string; start_ms: number; end_ms: number; speaker: string | null; text: string };
type AskAnswer = { mode: string; answer: string | null; citations: Citation[] };
const bodyOf = (groups: WordGroup[]) => ({ text: renderText(groups, false), word_timings: groups, speakers: [...new Set(groups.flatMap((group) => (group.speaker ? [group.speaker] : [])))] });
const ask = async (browser: Browser, body: Record<string, unknown>) => (await browser.post('/api/ask', body)).body as unknown as AskAnswer;

beforeAll(async () => {
  ann = await signedUpBrowser(stack, 'ann@example.com');
  bob = await signedUpBrowser(stack, 'bob@example.com');
  for (const transcript of [...FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT]) ids[transcript.id] = await seedFinished(ann, bodyOf(transcript.groups), transcript.filename);
  bobs = await seedFinished(bob, bodyOf([{ words: [{ word: 'The', start: 0, end: 300 }, { word: 'rainbow', start: 300, end: 700 }, { word: 'budget.', start: 700, end: 1000 }] }]), 'Bob.m4a');
});

it('answers with the passages of the user\'s transcripts that best match, each with its file, moment, speaker and text', async () => {
  const answer = await ask(ann, { question: 'What did the Norse believe about the rainbow and their gods?' });
  expect(answer.mode).toBe('passages');
  expect(answer.answer).toBeNull();
  expect(answer.citations.length).toBeGreaterThan(0);
  expect(answer.citations.length).toBeLessThanOrEqual(ASK_LIMITS.citations);
  expect(answer.citations[0]).toMatchObject({ text: expect.stringContaining('Norsemen'), filename: expect.stringMatching(/speakers|library/) });
  expect(answer.citations.map((citation) => citation.transcript_id)).not.toContain(bobs);
  const own = new Set(Object.values(ids));
  expect(answer.citations.every((citation) => own.has(citation.transcript_id))).toBe(true);
  expect((await ask(bob, { question: 'Norsemen rainbow gods' })).citations.map((citation) => citation.transcript_id)).toEqual([bobs]);
});

it('asks one transcript or one project, and another user\'s transcript or project is not found', async () => {
  const one = await ask(ann, { question: 'rainbow', transcript_id: ids['two-speakers'] });
  expect(one.citations.length).toBeGreaterThan(0);
  expect(one.citations.every((citation) => citation.transcript_id === ids['two-speakers'])).toBe(true);
  expect(one.citations[0]!.speaker).toMatch(/^vctk_/);

  const project = (await ann.post('/api/projects', { name: 'Speech', description: '' })).body.id as string;
  expect((await ann.call('PATCH', `/api/transcripts/${ids['three-speakers']}`, { project_id: project })).status).toBe(200);
  expect((await ask(ann, { question: 'plastic snake frog kids', project_id: project })).citations.map((citation) => citation.transcript_id)).toEqual([ids['three-speakers']]);
  expect((await ask(ann, { question: 'rainbow', project_id: project })).citations).toEqual([]);

  expect(await bob.post('/api/ask', { question: 'rainbow', transcript_id: ids['two-speakers'] })).toMatchObject({ status: 404, body: { error: MESSAGES.transcriptNotFound } });
  expect(await bob.post('/api/ask', { question: 'rainbow', project_id: project })).toMatchObject({ status: 404, body: { error: MESSAGES.projectNotFound } });
});

it('refuses an empty or over-long question, and a caller without a session', async () => {
  expect(await ann.post('/api/ask', { question: '   ' })).toMatchObject({ status: 400, body: { error: MESSAGES.askEmpty } });
  expect(await ann.post('/api/ask', {})).toMatchObject({ status: 400, body: { error: MESSAGES.askEmpty } });
  expect(await ann.post('/api/ask', { question: 'x'.repeat(ASK_LIMITS.questionLength + 1) })).toMatchObject({ status: 400, body: { error: MESSAGES.askTooLong(ASK_LIMITS.questionLength) } });
  expect((await new Browser(stack.url).post('/api/ask', { question: 'rainbow' })).status).toBe(401);
});

it('cites the corrected text after a correction, and nothing of a transcript in the trash', async () => {
  const jfk = ids.jfk!;
  expect(await ann.put(`/api/transcripts/${jfk}/text`, { groups: [{ index: 0, text: 'And so my fellow citizens, ask what you can do for the lighthouse keepers.' }] })).toMatchObject({ status: 200 });
  const corrected = await ask(ann, { question: 'lighthouse keepers' });
  expect(corrected.citations[0]).toMatchObject({ transcript_id: jfk, text: expect.stringContaining('lighthouse keepers') });

  expect((await ann.call('DELETE', `/api/transcripts/${jfk}`)).status).toBe(200);
  expect((await ask(ann, { question: 'lighthouse keepers' })).citations.map((citation) => citation.transcript_id)).not.toContain(jfk);
});
