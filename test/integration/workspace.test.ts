/**
 * Issue 14 on the real local stack: corrections, revert, names and speakers, Summarize again, search and
 * export, each with its bad input (400) and another user's transcript (404).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mammoth from 'mammoth';
import diarized from '../fixtures/transcribe-diarized.json';
import { db } from '../../functions/data/db';
import { MESSAGES } from '../../functions/domain/messages';
import { parseTranscript, renderText, type WordGroup } from '../../functions/domain/parse-transcript';
import { findMatches, replaceMatches, replaceWordRange } from '../../functions/domain/word-edit';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures, type SpokenFixtures } from '../fixtures/spoken';
import { SUMMARY_FIXTURES } from '../fixtures/summaries';
import { Browser, checkedFetch, settled, signedUpBrowser, userIdOf } from './http-client';
import { seedFinished } from './seed';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let fixtures: SpokenFixtures;
let ann: Browser;
let bob: Browser;
/** A real transcription of the spoken fixture, with a summary. */
let spoken: string;
/** A two-speaker transcript written as the workflow writes one. */
let interview: string;

type Transcript = { text: string; word_timings: WordGroup[]; speakers: string[]; edited_at: string | null; summary_outdated: boolean; summary: string; topic: string; key_points: { text: string; start_ms: number | null }[]; [key: string]: unknown };
const transcript = async (browser: Browser, id: string) => (await browser.get(`/api/transcripts/${id}`)).body as unknown as Transcript;
const search = async (browser: Browser, query: string) => (await browser.get(`/api/search?${query}`)).body as { results?: { id: string; snippet: string; start_ms: number }[]; error?: string };
const ids = (answer: { results?: { id: string }[] }) => (answer.results ?? []).map((result) => result.id);
/** GET /api/transcripts/{id}/export?query, its answer checked against the contract. */
const download = (browser: Browser, id: string, query: string) => checkedFetch(`${stack.url}/api/transcripts/${id}/export?${query}`, { headers: { cookie: browser.sessionCookie } });

/** A finished two-speaker transcript. */
const seedInterview = (browser: Browser) => seedFinished(browser, parseTranscript(diarized, { verbatim: false, diarization: true, includeTimestamps: false }), 'Interview.m4a');

/** A transcript still being made: no body yet. */
async function seedRunning(browser: Browser): Promise<string> {
  const userId = await userIdOf(browser);
  const transcriptId = randomBytes(16).toString('base64url');
  await db()
    .entities.transcript.create({
      userId, transcriptId, filename: 'Running.wav', mediaKey: `users/${userId}/media/${transcriptId}`, mediaType: 'audio/wav', mediaExtension: 'wav', size: 1,
      language: 'en', projectId: '', status: 'processing', stage: 'transcribing', createdAt: new Date().toISOString(),
    })
    .go();
  return transcriptId;
}

beforeAll(async () => {
  [stack, fixtures] = await Promise.all([startTestStack(), makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'spoken-')))]);
  ann = await signedUpBrowser(stack, 'ann@example.com');
  bob = await signedUpBrowser(stack, 'bob@example.com');
  const form = new FormData();
  form.append('file', new Blob([readFileSync(fixtures.wav)]), 'Market day.wav');
  spoken = (await ann.post('/api/transcribe', form)).body.id as string;
  expect((await settled(ann, spoken)).status).toBe('complete');
  interview = await seedInterview(ann);
});
afterAll(() => stopTestStack(stack));

describe('search', () => {
  it('finds a spoken word at its moment, with prefixes, typos, any case; never for another user', async () => {
    const found = await search(ann, 'q=market');
    expect(ids(found)).toEqual([spoken]);
    const [hit] = found.results!;
    expect(hit!.snippet).toMatch(/<mark>market\.?<\/mark>/i);
    const words = (await transcript(ann, spoken)).word_timings.flatMap((group) => group.words);
    expect(hit!.start_ms).toBe(words.find((word) => /^market/i.test(word.word))!.start);
    expect(ids(await search(ann, 'q=MARK'))).toContain(spoken);
    expect(ids(await search(ann, 'q=weathr'))).toEqual([spoken]);
    expect(ids(await search(ann, 'q=interview'))).toEqual([interview]);
    expect(ids(await search(bob, 'q=market'))).toEqual([]);
  });

  it('does not find deleted transcripts, finds restored ones, and filters by project and tag', async () => {
    await ann.call('DELETE', `/api/transcripts/${spoken}`);
    expect(ids(await search(ann, 'q=market'))).toEqual([]);
    await ann.post(`/api/transcripts/${spoken}/restore`);
    expect(ids(await search(ann, 'q=market'))).toEqual([spoken]);
    const project = (await ann.post('/api/projects', { name: 'Shows' })).body.id as string;
    await ann.call('PATCH', `/api/transcripts/${interview}`, { project_id: project, tags: ['Radio'] });
    expect(ids(await search(ann, `q=welcome&project_id=${project}`))).toEqual([interview]);
    expect(ids(await search(ann, 'q=welcome&tag=radio'))).toEqual([interview]);
    expect(ids(await search(ann, 'q=market&tag=Radio'))).toEqual([]);
  });

  it('refuses an empty query and a limit over 50', async () => {
    expect(await ann.get('/api/search?q=%20')).toMatchObject({ status: 400, body: { error: 'Type something to search for.' } });
    expect((await ann.get('/api/search?q=a&limit=51')).status).toBe(400);
    expect((await new Browser(stack.url).get('/api/search?q=market')).status).toBe(401);
  });
});

describe('corrections', () => {
  it('replaces a group, keeps unchanged words exactly, marks the edit, and is found at once', async () => {
    const before = await transcript(ann, interview);
    // A translation stored before the correction.
    expect((await ann.post(`/api/translate/${interview}`, { language: 'Spanish' })).body.translated_text).not.toMatch(/zanzibar/i);
    expect((await transcript(ann, interview)).translations).toEqual(['Spanish']);
    const group = before.word_timings[0]!;
    const edited = await ann.put(`/api/transcripts/${interview}/text`, { groups: [{ index: 0, text: 'Hello and welcome to the zanzibar show.' }] });
    expect(edited.status).toBe(200);
    const after = edited.body as unknown as Transcript;
    expect(after.word_timings[0]!.words.map((word) => word.word)).toEqual(['Hello', 'and', 'welcome', 'to', 'the', 'zanzibar', 'show.']);
    for (const word of group.words) expect(after.word_timings[0]!.words).toContainEqual(word);
    expect(after.word_timings[1]).toEqual(before.word_timings[1]);
    expect(after.text).toBe(before.text.replace('to the show.', 'to the zanzibar show.'));
    expect(after.edited_at).toEqual(expect.any(String));
    expect(after.summary_outdated).toBe(true);
    // The Spanish one is of the text before: the new revision has no translation yet.
    expect(after.translations).toEqual([]);
    expect((await transcript(ann, interview)).text).toBe(after.text);
    expect(ids(await search(ann, 'q=zanzibar'))).toEqual([interview]);
  });

  it('corrects a 10,000-word group (issue 25): the words as sent, each unchanged or one-for-one replaced word at its exact time', async () => {
    // 10,000 different one-character words (CJK ideographs), so the text fits a group's 20,000 characters.
    const words = Array.from({ length: 10_000 }, (_, index) => ({ word: String.fromCharCode(0x4e00 + index), start: index * 300, end: index * 300 + 250 }));
    const id = await seedFinished(ann, { text: '', speakers: [], word_timings: [{ words }] }, 'Long turn.m4a');
    const corrected = words.map((word, index) => (index % 10 === 0 ? 'z' : word.word));
    const edited = await ann.put(`/api/transcripts/${id}/text`, { groups: [{ index: 0, text: corrected.join(' ') }] });
    expect(edited.status).toBe(200);
    expect((edited.body as unknown as Transcript).word_timings[0]!.words).toEqual(words.map((word, index) => ({ ...word, word: corrected[index] })));
  });

  it('translates the corrected text, not a translation stored before the correction', async () => {
    const translated = await ann.post(`/api/translate/${interview}`, { language: 'Spanish' });
    expect(translated.status).toBe(200);
    expect(translated.body.translated_text).toMatch(/zanzibar/i);
    expect((await ann.post(`/api/translate/${interview}`, { language: 'French' })).status).toBe(200);
    expect(((await transcript(ann, interview)).translations as string[]).sort()).toEqual(['French', 'Spanish']);
  });

  it('refuses to translate a transcript still being made (409) and one that is not there (404)', async () => {
    expect(await ann.post(`/api/translate/${await seedRunning(ann)}`, { language: 'Spanish' })).toMatchObject({ status: 409, body: { error: MESSAGES.notReadyToTranslate } });
    expect(await bob.post(`/api/translate/${interview}`, { language: 'Spanish' })).toMatchObject({ status: 404, body: { error: MESSAGES.transcriptNotFound } });
  });

  it('refuses a bad index, a group that is not text, and too long a text; 404 for another user', async () => {
    const put = (body: unknown, browser = ann) => browser.put(`/api/transcripts/${interview}/text`, body);
    expect(await put({ groups: [{ index: 99, text: 'x' }] })).toMatchObject({ status: 400, body: { error: expect.stringContaining('no word group 99') } });
    expect(await put({ groups: [{ index: 0, text: 7 }] })).toMatchObject({ status: 400, body: { error: "Each group's text must be a string." } });
    expect((await put({ groups: [{ index: 0, text: 'x'.repeat(20_001) }] })).status).toBe(400);
    expect((await put({ groups: [{ index: 0, text: 'mine' }] }, bob)).status).toBe(404);
    expect((await bob.post(`/api/transcripts/${interview}/revert`)).status).toBe(404);
    expect((await bob.post(`/api/transcripts/${interview}/summary`)).status).toBe(404);
  });

  it('refuses changes to a deleted transcript (409) until it is restored; it is still read and exported', async () => {
    const { filename, project_id, tags, text, speakers } = await transcript(ann, interview);
    expect((await ann.call('DELETE', `/api/transcripts/${interview}`)).status).toBe(200);
    const refused = { status: 409, body: { error: MESSAGES.restoreToEdit } };
    const project = (await ann.post('/api/projects', { name: 'Trash test' })).body.id as string;
    expect(await ann.put(`/api/transcripts/${interview}/text`, { groups: [{ index: 0, text: 'trashed' }] })).toMatchObject(refused);
    expect(await ann.post(`/api/transcripts/${interview}/revert`)).toMatchObject(refused);
    expect(await ann.post(`/api/transcripts/${interview}/summary`)).toMatchObject(refused);
    expect(await ann.call('PATCH', `/api/transcripts/${interview}`, { filename: 'Trashed name' })).toMatchObject(refused);
    expect(await ann.call('PATCH', `/api/transcripts/${interview}`, { project_id: project, tags: ['Trashed tag'] })).toMatchObject(refused);
    expect(await ann.call('PATCH', `/api/transcripts/${interview}`, { speakers: { 'Speaker 1': 'Trashed' } })).toMatchObject(refused);
    expect(await transcript(ann, interview)).toMatchObject({ filename, project_id, tags, text, speakers });
    expect((await ann.get('/api/tags')).body).not.toContainEqual(expect.objectContaining({ name: 'Trashed tag' }));
    expect(await ann.get(`/api/transcripts/${interview}/export?format=txt`)).toMatchObject({ status: 200, body: { text: expect.stringContaining('Hello') } });

    expect((await ann.post(`/api/transcripts/${interview}/restore`)).status).toBe(200);
    expect(await ann.call('PATCH', `/api/transcripts/${interview}`, { filename: 'Restored interview', project_id: project })).toMatchObject({ status: 200, body: { filename: 'Restored interview', project_id: project } });
  });

  it('summarizes again from the corrected text', async () => {
    const answer = await ann.post(`/api/transcripts/${interview}/summary`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ summary_outdated: false, topic: expect.any(String) });
  });

  it('summarizes again from the corrected words: the key points and topic change with them, each point at its moment', async () => {
    const lecture = SUMMARY_FIXTURES.find((fixture) => fixture.name === 'volcano-lecture')!;
    const id = await seedFinished(ann, { text: renderText(lecture.wordTimings, false), word_timings: lecture.wordTimings, speakers: [] }, 'Volcanoes.m4a');
    const first = (await ann.post(`/api/transcripts/${id}/summary`)).body as unknown as Transcript;
    expect(`${first.topic}\n${first.summary}`).toMatch(/magma/i);
    const groups = lecture.segments.flatMap((segment, index) => (/magma/i.test(segment) ? [{ index, text: segment.replace(/magma/g, 'lava').replace(/Magma/g, 'Lava') }] : []));
    expect((await ann.put(`/api/transcripts/${id}/text`, { groups })).body).toMatchObject({ summary_outdated: true });
    const again = (await ann.post(`/api/transcripts/${id}/summary`)).body as unknown as Transcript;
    expect(again.summary_outdated).toBe(false);
    expect(`${again.topic}\n${again.summary}`).not.toMatch(/magma/i);
    expect(again.summary).toMatch(/lava/i);
    expect(again.summary).not.toBe(first.summary);
    expect(again.key_points.map((point) => point.text)).toEqual(again.summary.split('\n'));
    for (const point of again.key_points) expect(point.start_ms).toEqual(expect.any(Number));
  });

  it("reverts to the machine's text and timings", async () => {
    const reverted = (await ann.post(`/api/transcripts/${interview}/revert`)).body as unknown as Transcript;
    const machine = parseTranscript(diarized, { verbatim: false, diarization: true, includeTimestamps: false });
    expect(reverted.text).toBe(machine.text);
    expect(reverted.word_timings).toEqual(machine.word_timings);
    expect(reverted.edited_at).toBeNull();
    // The word is no longer spoken, and the key points made from the corrected text (whole sentences: not the greeting) never named it.
    expect(ids(await search(ann, 'q=zanzibar'))).toEqual([]);
  });
});

describe('names', () => {
  it('renames the transcript and its speakers everywhere, and moves it out of a project', async () => {
    const answer = await ann.call('PATCH', `/api/transcripts/${interview}`, { filename: '  Harbour interview  ', speakers: { 'Speaker 1': 'Alice' }, project_id: null });
    expect(answer.status).toBe(200);
    const renamed = answer.body as unknown as Transcript;
    expect(renamed).toMatchObject({ filename: 'Harbour interview', speakers: ['Alice', 'Speaker 2'], project_id: null });
    expect(renamed.text).toMatch(/^Alice: Hello/);
    expect(renamed.word_timings.map((group) => group.speaker)).toEqual(['Alice', 'Speaker 2', 'Alice']);
    expect(ids(await search(ann, 'q=alice'))).toEqual([interview]);
    expect(ids(await search(ann, 'q=harbour'))).toEqual([interview]);
  });

  it('creates unknown tags as the transcribe form does', async () => {
    await ann.call('PATCH', `/api/transcripts/${interview}`, { tags: ['Brand new', ' Radio '] });
    const tags = ((await ann.get('/api/tags')).body as unknown as { name: string }[]).map((tag) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(['Brand new', 'Radio']));
    expect((await transcript(ann, interview)).tags).toEqual(['Brand new', 'Radio']);
  });

  it("refuses bad values (400), an unknown or another user's project (404), and another user's transcript (404)", async () => {
    const patch = (body: unknown, browser = ann, id = interview) => browser.call('PATCH', `/api/transcripts/${id}`, body);
    expect(await patch({ filename: ' ' })).toMatchObject({ status: 400, body: { error: 'The name cannot be empty.' } });
    expect((await patch({ filename: 'x'.repeat(201) })).status).toBe(400);
    expect((await patch({ tags: 'a,b' })).status).toBe(400);
    expect((await patch({ owner: 'bob' })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    const bobsProject = (await bob.post('/api/projects', { name: 'Bob only' })).body.id as string;
    expect(await patch({ project_id: bobsProject })).toMatchObject({ status: 404, body: { error: 'Project not found.' } });
    expect((await patch({ project_id: 'nope-nope-nope' })).status).toBe(404);
    expect((await patch({ filename: 'Mine' }, bob)).status).toBe(404);
    expect((await patch({ filename: 'Mine' }, ann, 'unknown-id-12345')).status).toBe(404);
  });
});

describe('export', () => {

  it('answers each format with its type and a file name made from the transcript name', async () => {
    const txt = await download(ann, interview, 'format=txt');
    expect(txt.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(txt.headers.get('content-disposition')).toBe(`attachment; filename="Harbour interview.txt"; filename*=UTF-8''Harbour%20interview.txt`);
    expect(await txt.text()).toMatch(/^\[00:00:00\] Alice: Hello/);
    expect(await (await download(ann, interview, 'format=txt&timestamps=false&speakers=false')).text()).toMatch(/^Hello/);
    expect(await (await download(ann, interview, 'format=srt')).text()).toContain('Alice: Hello');
    expect(await (await download(ann, interview, 'format=vtt')).text()).toMatch(/^WEBVTT/);
    expect(await (await download(ann, interview, 'format=md')).text()).toContain('# Harbour interview');
    expect((await (await download(ann, interview, 'format=json')).json()).speakers).toEqual(['Alice', 'Speaker 2']);
  });

  it('makes a DOCX that reads back with the speaker names', async () => {
    const docx = await download(ann, interview, 'format=docx');
    expect(docx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(await docx.arrayBuffer()) });
    expect(value).toContain('Harbour interview');
    expect(value).toContain('Alice: Hello and welcome');
    expect(value).toContain('Speaker 2: Thanks.');
  });

  it('refuses a transcript still being made (409), saying it cannot be downloaded yet', async () => {
    const refused = await download(ann, await seedRunning(ann), 'format=txt');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: MESSAGES.notReadyToDownload });
  });

  it('refuses an unknown format (400) and another user (404)', async () => {
    const unknown = await download(ann, interview, 'format=pdf');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe('Choose a format: txt, md, docx, srt, vtt, json.');
    expect((await download(bob, interview, 'format=txt')).status).toBe(404);
  });
});

describe('translation, segment by segment (issue 28)', () => {
  type Segment = { speaker?: string; start: number; end: number; text: string };
  let twoSpeakers: string;
  let spanish: { translated_text: string; language: string; segments: Segment[] };

  beforeAll(async () => {
    twoSpeakers = await seedInterview(ann);
    const answer = await ann.post(`/api/translate/${twoSpeakers}`, { language: 'Spanish' });
    expect(answer.status).toBe(200);
    spanish = answer.body as unknown as typeof spanish;
  });

  it('keeps each segment’s speaker label (never "Altavoz") and times, translating its words only', async () => {
    const original = (await transcript(ann, twoSpeakers)).word_timings.filter((group) => group.words.length > 0);
    expect(spanish.segments.map(({ speaker, start, end }) => ({ speaker, start, end }))).toEqual(
      original.map((group) => ({ speaker: group.speaker, start: group.words[0]!.start, end: group.words.at(-1)!.end })),
    );
    expect(spanish.segments[0]!.text).toMatch(/\b(hola|bienvenido|espectáculo)\b/i);
    expect(spanish.translated_text).toMatch(/^Speaker 1: /);
    expect(spanish.translated_text).toContain('\nSpeaker 2: ');
    expect(spanish.translated_text).not.toMatch(/altavoz/i);
  });

  it('exports the translation in every format, with the original labels and times', async () => {
    const txt = await ann.get(`/api/transcripts/${twoSpeakers}/export?format=txt&lang=es`);
    expect(txt.status).toBe(200);
    expect(txt.body.text).toMatch(/^\[00:00:00\] Speaker 1: \S/);
    expect(txt.body.text).toContain(spanish.segments[0]!.text);
    expect(txt.body.text).not.toMatch(/altavoz|hello and welcome/i);
    const md = (await ann.get(`/api/transcripts/${twoSpeakers}/export?format=md&lang=Spanish`)).body.text as string;
    expect(md).toContain('**[00:00:00] Speaker 1:**');
    expect(md).not.toMatch(/Topic|Summary/);
    const srt = (await ann.get(`/api/transcripts/${twoSpeakers}/export?format=srt&lang=es`)).body.text as string;
    expect(srt).toContain('\n00:00:00,810 --> ');
    expect(srt).toContain('Speaker 1: ');
    expect(srt).not.toMatch(/altavoz|welcome/i);
    const vtt = (await ann.get(`/api/transcripts/${twoSpeakers}/export?format=vtt&lang=es`)).body.text as string;
    expect(vtt).toMatch(/^WEBVTT\n/);
    expect(vtt).toContain('\n00:00:00.810 --> ');
    expect(vtt).toContain('<v Speaker 1>');
    const json = (await ann.get(`/api/transcripts/${twoSpeakers}/export?format=json&lang=es`)).body;
    expect(json).toMatchObject({ language: 'es', topic: '', summary: [], speakers: ['Speaker 1', 'Speaker 2'] });
    expect((json.word_timings as { speaker: string }[]).map((group) => group.speaker)).toEqual(spanish.segments.map((segment) => segment.speaker));

    expect((await ann.get(`/api/transcripts/${twoSpeakers}/export?format=docx&lang=es`)).status).toBe(200);
    const docx = await download(ann, twoSpeakers, 'format=docx&lang=es');
    expect(docx.headers.get('content-disposition')).toContain('filename="Interview.es.docx"');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(await docx.arrayBuffer()) });
    expect(value).toContain(`Speaker 1: ${spanish.segments[0]!.text}`);
  });

  it('answers 404 with a clear message when there is no translation into that language', async () => {
    expect(await ann.get(`/api/transcripts/${twoSpeakers}/export?format=srt&lang=fr`)).toMatchObject({ status: 404, body: { error: MESSAGES.noTranslation('French') } });
    expect((await bob.get(`/api/transcripts/${twoSpeakers}/export?format=srt&lang=es`)).status).toBe(404);
  });

  it('refuses to translate a transcript into its own language (400)', async () => {
    for (const language of ['English', 'en']) {
      expect(await ann.post(`/api/translate/${twoSpeakers}`, { language })).toMatchObject({ status: 400, body: { error: MESSAGES.translateIntoOwnLanguage('English') } });
    }
  });

  it('marks the words it could not translate, once, also through a pivot language, and says so in the text exports', async () => {
    const words = ['The', 'gizmo', 'frobnicated', 'quickly.'].map((word, index) => ({ word, start: index * 500, end: index * 500 + 400 }));
    const gizmo = await seedFinished(ann, { text: 'Speaker 1: The gizmo frobnicated quickly.', speakers: ['Speaker 1'], word_timings: [{ speaker: 'Speaker 1', words }] }, 'Gizmo.m4a');
    const toSpanish = await ann.post(`/api/translate/${gizmo}`, { language: 'Spanish' });
    expect(toSpanish.body.segments).toEqual([{ speaker: 'Speaker 1', start: 0, end: 1900, text: expect.stringMatching(/^El \*gizmo \*frobnicated \S+\.$/) }]);
    // French goes through Spanish: an English word unknown to the first pair keeps a single mark.
    const toFrench = await ann.post(`/api/translate/${gizmo}`, { language: 'French' });
    expect((toFrench.body.segments as Segment[])[0]!.text).toMatch(/^Le \*gizmo \*frobnicated \S+\.$/);
    const txt = (await ann.get(`/api/transcripts/${gizmo}/export?format=txt&lang=fr`)).body.text as string;
    expect(txt).toContain('*gizmo');
    expect(txt.trimEnd().endsWith(MESSAGES.untranslatedWordsNote('*'))).toBe(true);
    expect((await ann.get(`/api/transcripts/${gizmo}/export?format=srt&lang=fr`)).body.text).toMatch(/Speaker 1:\s+Le \*gizmo\s\*frobnicated/);
  });
});

describe('editing like a document (issue 28)', () => {
  let id: string;
  beforeAll(async () => {
    id = await seedInterview(ann);
  });
  const words = (answer: Transcript) => answer.word_timings.map((group) => group.words);
  const texts = (answer: Transcript) => words(answer).map((group) => group.map((word) => word.word));

  it('corrects a few words and replaces all matches through PUT /text, every unchanged word keeping its times', async () => {
    const before = await transcript(ann, id);
    const corrected = (await ann.put(`/api/transcripts/${id}/text`, { groups: replaceWordRange(texts(before), 1, 2, 'so warmly welcome') })).body as unknown as Transcript;
    expect(corrected.text).toMatch(/Hello so warmly welcome to the show\./);
    const old = words(before).flat();
    for (const word of old.filter((_, index) => index !== 1 && index !== 2)) expect(words(corrected).flat()).toContainEqual(word);

    const matches = findMatches(texts(corrected), 'the');
    expect(matches.length).toBeGreaterThan(0);
    const replaced = (await ann.put(`/api/transcripts/${id}/text`, { groups: replaceMatches(texts(corrected), matches, 'THE') })).body as unknown as Transcript;
    expect(findMatches(texts(replaced), 'the', { matchCase: true })).toEqual([]);
    const changed = new Set(matches.map((match) => match.from));
    for (const word of words(corrected).flat().filter((_, index) => !changed.has(index))) expect(words(replaced).flat()).toContainEqual(word);
  });

  it('gives a paragraph to another speaker, or to a new one who joins the list; the words and times stay', async () => {
    const before = await transcript(ann, id);
    const answer = await ann.put(`/api/transcripts/${id}/speaker`, { groups: [1], speaker: 'Speaker 1' });
    expect(answer.status).toBe(200);
    const moved = answer.body as unknown as Transcript;
    expect(moved.word_timings.map((group) => group.speaker)).toEqual(['Speaker 1', 'Speaker 1', 'Speaker 1']);
    expect(words(moved)).toEqual(words(before));
    expect(moved.speakers).toEqual(before.speakers);
    const added = (await ann.put(`/api/transcripts/${id}/speaker`, { groups: [2], speaker: '  Narrator ' })).body as unknown as Transcript;
    expect(added.word_timings.map((group) => group.speaker)).toEqual(['Speaker 1', 'Speaker 1', 'Narrator']);
    expect(added.speakers).toEqual([...before.speakers, 'Narrator']);
    expect(added.text).toMatch(/Narrator: /);
    expect(added.edited_at).toEqual(expect.any(String));
  });

  it("refuses an empty or too long name, no groups, too many, a group that is not there, other fields (400); another user's (404); one not finished (409)", async () => {
    const put = (body: unknown, browser = ann, transcriptId = id) => browser.put(`/api/transcripts/${transcriptId}/speaker`, body);
    expect(await put({ groups: [0], speaker: '  ' })).toMatchObject({ status: 400, body: { error: 'A speaker name cannot be empty.' } });
    expect((await put({ groups: [0], speaker: 'x'.repeat(101) })).status).toBe(400);
    expect(await put({ groups: [0], speaker: 'Two\nlines' })).toMatchObject({ status: 400, body: { error: MESSAGES.nameOnOneLine } });
    expect((await put({ groups: [], speaker: 'Ann' })).status).toBe(400);
    expect(await put({ groups: Array.from({ length: 501 }, (_, index) => index), speaker: 'Ann' })).toMatchObject({ status: 400, body: { error: MESSAGES.tooManyEditGroups(500) } });
    expect(await put({ groups: [99], speaker: 'Ann' })).toMatchObject({ status: 400, body: { error: expect.stringContaining('no word group 99') } });
    expect((await put({ groups: [-1], speaker: 'Ann' })).status).toBe(400);
    expect((await put({ groups: [0], speaker: 'Ann', text: 'x' })).status).toBe(400);
    expect(await put({ groups: [0], speaker: 'Bob' }, bob)).toMatchObject({ status: 404, body: { error: MESSAGES.transcriptNotFound } });
    expect(await put({ groups: [0], speaker: 'Ann' }, ann, await seedRunning(ann))).toMatchObject({ status: 409, body: { error: MESSAGES.notReadyToEdit } });
    expect((await transcript(ann, id)).speakers).not.toContain('Bob');
  });
});
