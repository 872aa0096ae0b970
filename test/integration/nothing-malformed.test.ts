/**
 * Nothing left behind, nothing malformed stored (issue 16, point 6), on the real local stack: refused
 * form uploads store nothing, dates of birth are real calendar days, names carry no NUL or lone
 * surrogates, JSON routes want JSON, a workflow that can't start fails its transcript at once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resetConfig } from '../../functions/platform/config';
import { findTag, type TagItem } from '../../functions/data/tags';
import { updateTranscript } from '../../functions/data/transcripts';
import { MESSAGES } from '../../functions/domain/messages';
import { engineFilesPrefix } from '../../functions/storage/user-data';
import { Browser, signedUpBrowser, userIdOf } from './http-client';
import { storedKeys, useTestStack } from './local-stack';

// The tags route reads a tag through this module: a test runs another request between that read and the rest.
jest.mock('../../functions/data/tags', () => {
  const actual = jest.requireActual<typeof import('../../functions/data/tags')>('../../functions/data/tags');
  return { ...actual, findTag: jest.fn(actual.findTag) };
});
const readTag = findTag as jest.MockedFunction<typeof findTag>;

const stack = useTestStack();
let user: Browser;
let userId: string;
const WAV = readFileSync(join(__dirname, '../fixtures/media/tone.wav'));

beforeAll(async () => {
  user = await signedUpBrowser(stack, 'malformed@example.com');
  userId = await userIdOf(user);
});

const userKeys = () => storedKeys(`users/${userId}/`);

function mediaForm(fields: Record<string, string>, filename = 'clip.wav'): FormData {
  const form = new FormData();
  form.append('file', new Blob([WAV]), filename);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

it('a refused form upload (unknown project, too many or too long tags, a long or broken name, not media) stores nothing', async () => {
  const refused = [
    mediaForm({ project_id: 'no-such-project-id' }),
    mediaForm({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }),
    mediaForm({ tags: 'x'.repeat(51) }),
    mediaForm({}, `${'n'.repeat(256)}.wav`),
    mediaForm({}, 'bad\u0000name.wav'),
  ];
  const notMedia = new FormData();
  notMedia.append('file', new Blob(['just text, not a recording']), 'notes.wav');
  refused.push(notMedia);
  for (const form of refused) {
    const answer = await user.post('/api/transcribe', form);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  }
  expect(await userKeys()).toEqual([]);
  expect((await user.get('/api/transcripts')).body).toEqual([]);
});

it('a date of birth must be a real calendar day; a refused one does not count toward the two changes', async () => {
  const form = (age: string) => {
    const data = new FormData();
    data.append('age', age);
    return data;
  };
  for (const age of ['1990-02-31', '1990-13-01', '2001-02-29', '1990-04-31']) {
    expect(await user.put('/api/profile', form(age))).toMatchObject({ status: 400, body: { error: 'Enter a valid date of birth.' } });
  }
  expect((await user.get('/api/profile')).body).toMatchObject({ age_change_count: 0 });
  expect((await user.put('/api/profile', form('2000-02-29'))).status).toBe(200);
});

it('NUL bytes and lone surrogates are refused in names', async () => {
  for (const name of ['a\u0000b', 'lone \ud800 high', 'lone \udc00 low']) {
    expect(await user.post('/api/projects', { name, description: '' })).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect((await user.post('/api/tags', { name })).status).toBe(400);
    expect((await new Browser(stack.url).post('/signup', { name, email: 'nul@example.com', password: 'Sunny-Day-42' })).status).toBe(400);
  }
  expect((await user.post('/api/projects', { name: 'Emoji 🎙️ ok', description: '' })).status).toBe(201);
  expect((await user.get('/api/projects')).body).toEqual([expect.objectContaining({ name: 'Emoji 🎙️ ok' })]);
});

it('JSON routes require application/json (415 otherwise)', async () => {
  const asText = await user.post('/api/projects', JSON.stringify({ name: 'Sneaky', description: '' }), { 'content-type': 'text/plain' });
  expect(asText).toMatchObject({ status: 415, body: { error: expect.stringMatching(/JSON/) } });
  const asForm = await user.post('/api/tags', 'name=Sneaky', { 'content-type': 'application/x-www-form-urlencoded' });
  expect(asForm.status).toBe(415);
  expect((await user.get('/api/projects')).body).not.toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Sneaky' })]));
});

it('a workflow that cannot start fails the transcript at once with a reason; a retry from the same upload starts a new run', async () => {
  const upload = await user.post('/api/uploads', { filename: 'retry.wav', size: WAV.length });
  const uploadId = upload.body.upload_id as string;
  expect((await fetch(upload.body.url as string, { method: 'PUT', body: WAV })).status).toBe(200);
  const stateMachineArn = process.env.STATE_MACHINE_ARN!;
  process.env.STATE_MACHINE_ARN = stateMachineArn.replace(/[^:]+$/, 'missing');
  resetConfig();
  try {
    const refused = await user.post('/api/transcribe', { upload_id: uploadId, use_ai_summary: false });
    expect(refused).toMatchObject({ status: 503, body: { error: 'The transcription could not be started. Please try again.' } });
  } finally {
    process.env.STATE_MACHINE_ARN = stateMachineArn;
    resetConfig();
  }
  expect((await user.get(`/api/transcripts/${uploadId}`)).body).toMatchObject({ status: 'failed', error: 'The transcription could not be started. Please try again.' });

  const retried = await user.post('/api/transcribe', { upload_id: uploadId, use_ai_summary: false });
  expect(retried).toMatchObject({ status: 200, body: { id: uploadId, status: 'processing' } });
  const ended = await stack.workflow.settled(`${stateMachineArn.replace(':stateMachine:', ':execution:')}:${uploadId}`);
  expect(ended.status).toBe('SUCCEEDED');
  // The engine's own output was temporary: only the recording and the transcript body stay.
  expect(await storedKeys(engineFilesPrefix(userId))).toEqual([]);
});

it('tag names are unique under concurrency: one new name made at once makes one tag; two renames to one name: one 409', async () => {
  const creates = await Promise.all(Array.from({ length: 8 }, () => user.post('/api/tags', { name: 'Racing' })));
  expect(creates.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);

  const uploads = await Promise.all(Array.from({ length: 4 }, () => user.post('/api/transcribe', mediaForm({ tags: 'Fresh, racing', use_ai_summary: 'false' }))));
  expect(uploads.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  const names = ((await user.get('/api/tags')).body as unknown as { name: string }[]).map((tag) => tag.name);
  expect(names.filter((name) => name.toLowerCase() === 'fresh')).toHaveLength(1);
  expect(names.filter((name) => name.toLowerCase() === 'racing')).toHaveLength(1);

  const a = (await user.post('/api/tags', { name: 'Alpha' })).body.id as string;
  const b = (await user.post('/api/tags', { name: 'Beta' })).body.id as string;
  const renames = await Promise.all([user.put(`/api/tags/${a}`, { name: 'Same' }), user.put(`/api/tags/${b}`, { name: 'same' })]);
  expect(renames.map((answer) => answer.status).sort()).toEqual([200, 409]);
  expect(((await user.get('/api/tags')).body as unknown as { name: string }[]).filter((tag) => tag.name.toLowerCase() === 'same')).toHaveLength(1);

  // A deleted tag leaves its transcripts, and its name can be used again.
  const fresh = ((await user.get('/api/tags')).body as unknown as { id: string; name: string }[]).find((tag) => tag.name === 'Fresh')!;
  expect((await user.call('DELETE', `/api/tags/${fresh.id}`)).status).toBe(200);
  const listed = (await user.get('/api/transcripts')).body as unknown as { tags?: string[] }[];
  expect(listed.some((item) => (item.tags ?? []).includes('Fresh'))).toBe(false);
  expect((await user.post('/api/tags', { name: 'Fresh' })).status).toBe(201);
});

it('a tag named in another case is the existing tag: transcripts store its spelling, and a rename or delete reaches every spelling', async () => {
  const derby = (await user.post('/api/tags', { name: 'Derby' })).body.id as string;
  const typed = (await user.post('/api/transcribe', mediaForm({ tags: 'derby, DERBY, Oaks', use_ai_summary: 'false' }))).body.id as string;
  const tagsOf = async (id: string) => (await user.get(`/api/transcripts/${id}`)).body.tags;
  expect(await tagsOf(typed)).toEqual(['Derby', 'Oaks']);
  const patched = (await user.post('/api/transcribe', mediaForm({ use_ai_summary: 'false' }))).body.id as string;
  expect((await user.call('PATCH', `/api/transcripts/${patched}`, { tags: ['oaks', 'DeRbY'] })).status).toBe(200);
  expect(await tagsOf(patched)).toEqual(['Oaks', 'Derby']);
  // Stored before transcripts took the tag's spelling: the name as it was typed.
  const older = (await user.post('/api/transcribe', mediaForm({ use_ai_summary: 'false' }))).body.id as string;
  await updateTranscript(userId, older, { tags: ['DERBY'] });

  expect((await user.put(`/api/tags/${derby}`, { name: 'Steeple' })).status).toBe(200);
  expect([await tagsOf(typed), await tagsOf(patched), await tagsOf(older)]).toEqual([['Steeple', 'Oaks'], ['Oaks', 'Steeple'], ['Steeple']]);
  await updateTranscript(userId, older, { tags: ['steeple'] });
  expect((await user.call('DELETE', `/api/tags/${derby}`)).status).toBe(200);
  expect([await tagsOf(typed), await tagsOf(patched), await tagsOf(older)]).toEqual([['Oaks'], ['Oaks'], []]);
});

describe('bad input gets a 400, never a 500 (issue 25)', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('JSON nested 10,000 deep is refused before it is walked, on every kind of JSON route', async () => {
    const body = `{"name": ${deep(10_000)}, "groups": ${deep(10_000)}}`;
    const refused = { status: 400, body: { error: MESSAGES.jsonTooDeep } };
    expect(await user.post('/api/projects', body, { 'content-type': 'application/json' })).toMatchObject(refused);
    expect(await user.post('/api/tags', body, { 'content-type': 'application/json' })).toMatchObject(refused);
    expect(await user.call('PUT', '/api/transcripts/some-transcript/text', body, { 'content-type': 'application/json' })).toMatchObject(refused);
    expect(await new Browser(stack.url).post('/signup', body, { 'content-type': 'application/json' })).toMatchObject(refused);
    // Brackets inside strings are text, not nesting.
    expect((await user.post('/api/projects', { name: `Brackets ${'['.repeat(50)}`, description: deep(100) })).status).toBe(201);
  });

  it('a correction of more than 500 groups, a group named twice or over 20,000 words in all is refused with a message', async () => {
    const text = (groups: { index: number; text: string }[]) => user.put('/api/transcripts/some-transcript/text', { groups });
    expect(await text(Array.from({ length: 501 }, (_, index) => ({ index, text: 'x' })))).toMatchObject({ status: 400, body: { error: MESSAGES.tooManyEditGroups(500) } });
    expect(await text([{ index: 0, text: 'a' }, { index: 0, text: 'b' }])).toMatchObject({ status: 400, body: { error: MESSAGES.repeatedEditGroup(0) } });
    expect(await text([0, 1, 2].map((index) => ({ index, text: 'a '.repeat(7000) })))).toMatchObject({ status: 400, body: { error: MESSAGES.tooManyEditWords(20_000) } });
  });

  it('line breaks and other control characters are refused in file, speaker, tag and project names', async () => {
    const refused = { status: 400, body: { error: MESSAGES.nameOnOneLine } };
    const transcript = (await user.post('/api/transcribe', mediaForm({ use_ai_summary: 'false' }))).body.id as string;
    for (const name of ['two\r\nlines', 'line\nfeed', 'tab\there', 'bell\u0007', 'next\u0085line', 'separator\u2028here']) {
      expect(await user.post('/api/projects', { name, description: '' })).toMatchObject(refused);
      expect(await user.post('/api/tags', { name })).toMatchObject(refused);
      expect(await user.post('/api/uploads', { filename: `${name}.wav`, size: WAV.length })).toMatchObject(refused);
      expect(await user.call('PATCH', `/api/transcripts/${transcript}`, { filename: name })).toMatchObject(refused);
      expect(await user.call('PATCH', `/api/transcripts/${transcript}`, { tags: [name] })).toMatchObject(refused);
      expect(await user.call('PATCH', `/api/transcripts/${transcript}`, { speakers: { 'Speaker 1': name } })).toMatchObject(refused);
      expect(await user.post('/api/transcribe', mediaForm({ tags: `ok, ${name}` }))).toMatchObject(refused);
    }
    // The form's file name (a browser escapes CR, LF and quotes in it, not the other control characters).
    expect(await user.post('/api/transcribe', mediaForm({}, 'bell\u0007.wav'))).toMatchObject(refused);
    const tags = ((await user.get('/api/tags')).body as unknown as { name: string }[]).map((tag) => tag.name);
    expect(tags.filter((name) => /[\p{Cc}\u2028]/u.test(name))).toEqual([]);
  });

  it('a tag renamed and deleted at once: the one that comes second gets a 409 with a message, and nothing is left half done', async () => {
    const tags = jest.requireActual<typeof import('../../functions/data/tags')>('../../functions/data/tags');
    await user.post('/api/transcribe', mediaForm({ tags: 'Crossing, Lane', use_ai_summary: 'false' }));
    const listed = (await user.get('/api/tags')).body as unknown as { id: string; name: string }[];
    const idOf = (name: string) => listed.find((tag) => tag.name === name)!.id;
    /** The next request reads its tag, then `between` changes the tag in the table, then the request goes on. */
    const afterNextRead = (between: (tag: TagItem) => Promise<unknown>) =>
      readTag.mockImplementationOnce(async (...args) => {
        const tag = await tags.findTag(...args);
        await between(tag!);
        return tag;
      });

    // The rename reads the tag, a delete is made, then the rename goes on.
    const crossing = idOf('Crossing');
    afterNextRead((tag) => tags.deleteTag(tag));
    expect(await user.put(`/api/tags/${crossing}`, { name: 'Crossed' })).toMatchObject({ status: 409, body: { error: MESSAGES.tagChangedMeanwhile } });
    // The new name was not kept for the deleted tag.
    expect((await user.post('/api/tags', { name: 'Crossed' })).status).toBe(201);

    // The delete reads the tag, a rename is made, then the delete goes on: the renamed tag stays.
    const lane = idOf('Lane');
    afterNextRead((tag) => tags.renameTag(tag, 'Avenue'));
    expect(await user.call('DELETE', `/api/tags/${lane}`)).toMatchObject({ status: 409, body: { error: MESSAGES.tagChangedMeanwhile } });
    expect((await user.get('/api/tags')).body).toEqual(expect.arrayContaining([{ id: lane, name: 'Avenue' }]));
    // Its name is still its own: nobody else can take it.
    expect((await user.post('/api/tags', { name: 'avenue' })).status).toBe(409);
  });
});
