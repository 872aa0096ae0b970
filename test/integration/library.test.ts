/** The library on the real local stack: lists, soft delete and restore, projects, tags, translation with Apertium. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../functions/platform/aws-clients';
import { LOCAL_UPLOADS_BUCKET, type LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures, type SpokenFixtures } from '../fixtures/spoken';
import { Browser, settled, signedUpBrowser, userIdOf } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let fixtures: SpokenFixtures;
let ann: Browser;
let bob: Browser;
let transcriptId: string;

async function transcribe(browser: Browser, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(fixtures.wav)]), 'meeting.wav');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const answer = await browser.post('/api/transcribe', form);
  expect(answer.status).toBe(200);
  return answer.body.id as string;
}

const ids = (list: unknown) => (list as { id: string }[]).map((item) => item.id);

beforeAll(async () => {
  [stack, fixtures] = await Promise.all([startTestStack(), makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'spoken-')))]);
  ann = await signedUpBrowser(stack, 'ann@example.com');
  bob = await signedUpBrowser(stack, 'bob@example.com');
  transcriptId = await transcribe(ann, { use_ai_summary: 'false', tags: 'Weekly' });
  expect((await settled(ann, transcriptId)).status).toBe('complete');
});
afterAll(() => stopTestStack(stack));

describe('transcript lists, delete and restore', () => {
  it('lists active transcripts newest first with a preview, and nothing of another user', async () => {
    const second = await transcribe(ann, { use_ai_summary: 'false' });
    const list = (await ann.get('/api/transcripts')).body as unknown as Record<string, unknown>[];
    expect(ids(list)).toEqual([second, transcriptId]);
    expect(list[1]).toMatchObject({ id: transcriptId, filename: 'meeting.wav', status: 'complete', preview: expect.stringMatching(/lazy dog/i), tags: ['Weekly'] });
    expect((list[1]!.preview as string).length).toBeLessThanOrEqual(101);
    expect((await bob.get('/api/transcripts')).body).toEqual([]);
    await settled(ann, second);
  });

  it('soft-deletes and restores, twice harmlessly; another user can do neither', async () => {
    expect((await bob.call('DELETE', `/api/transcripts/${transcriptId}`)).status).toBe(404);
    expect((await ann.call('DELETE', `/api/transcripts/${transcriptId}`)).status).toBe(200);
    expect((await ann.call('DELETE', `/api/transcripts/${transcriptId}`)).status).toBe(200);
    expect(ids((await ann.get('/api/transcripts')).body)).not.toContain(transcriptId);
    expect(ids((await ann.get('/api/deleted_transcripts')).body)).toEqual([transcriptId]);
    expect((await bob.post(`/api/transcripts/${transcriptId}/restore`)).status).toBe(404);
    expect((await ann.post(`/api/transcripts/${transcriptId}/restore`)).status).toBe(200);
    expect((await ann.post(`/api/transcripts/${transcriptId}/restore`)).status).toBe(200);
    expect(ids((await ann.get('/api/transcripts')).body)).toContain(transcriptId);
    expect((await ann.get('/api/deleted_transcripts')).body).toEqual([]);
  });
});

describe('projects', () => {
  it('creates (name required), lists, edits, holds transcripts, and leaves them in place when deleted', async () => {
    expect(await ann.post('/api/projects', { name: '   ', description: 'x' })).toMatchObject({ status: 400, body: { error: 'Project name is required.' } });
    const created = await ann.post('/api/projects', { name: ' Interviews ', description: 'Spring' });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(String), name: 'Interviews', description: 'Spring' } });
    const projectId = created.body.id as string;
    expect((await ann.get('/api/projects')).body).toEqual([expect.objectContaining({ id: projectId, name: 'Interviews' })]);
    expect((await ann.put(`/api/projects/${projectId}`, { name: 'Interviews 2026', description: '' })).body).toMatchObject({ name: 'Interviews 2026' });

    const inProject = await transcribe(ann, { project_id: projectId, use_ai_summary: 'false' });
    expect(ids((await ann.get(`/api/projects/${projectId}/transcripts`)).body)).toEqual([inProject]);
    await settled(ann, inProject);

    expect((await bob.get(`/api/projects/${projectId}/transcripts`)).status).toBe(404);
    expect((await bob.put(`/api/projects/${projectId}`, { name: 'Mine now' })).status).toBe(404);
    expect((await bob.call('DELETE', `/api/projects/${projectId}`)).status).toBe(404);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(fixtures.wav)]), 'x.wav');
    form.append('project_id', projectId);
    expect((await bob.post('/api/transcribe', form)).status).toBe(404);

    expect((await ann.call('DELETE', `/api/projects/${projectId}`)).status).toBe(200);
    expect((await ann.get('/api/projects')).body).toEqual([]);
    expect((await ann.get(`/api/transcripts/${inProject}`)).body).toMatchObject({ id: inProject, project_id: null });
  });
});

describe('tags', () => {
  it('adds (no empty, no duplicate), renames and deletes, and the transcripts follow', async () => {
    const tags = (await ann.get('/api/tags')).body as unknown as { id: string; name: string }[];
    const weekly = tags.find((tag) => tag.name === 'Weekly')!;
    expect(weekly).toBeDefined();
    expect((await ann.post('/api/tags', { name: '  ' })).status).toBe(400);
    expect(await ann.post('/api/tags', { name: 'weekly' })).toMatchObject({ status: 409, body: { error: expect.stringMatching(/already have a tag/) } });
    expect((await ann.post('/api/tags', { name: 'Clients' })).status).toBe(201);

    expect((await bob.put(`/api/tags/${weekly.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await ann.put(`/api/tags/${weekly.id}`, { name: 'Monthly' })).body).toEqual({ id: weekly.id, name: 'Monthly' });
    expect((await ann.get(`/api/transcripts/${transcriptId}`)).body.tags).toEqual(['Monthly']);
    expect((await ann.put(`/api/tags/${weekly.id}`, { name: 'clients' })).status).toBe(409);

    expect((await ann.call('DELETE', `/api/tags/${weekly.id}`)).status).toBe(200);
    expect((await ann.get(`/api/transcripts/${transcriptId}`)).body.tags).toEqual([]);
    expect(((await ann.get('/api/tags')).body as unknown as { name: string }[]).map((tag) => tag.name)).toEqual(['Clients']);
  });
});

describe('translation (Apertium)', () => {
  it('lists the languages it can reach without a session', async () => {
    const languages = (await new Browser(stack.url).get('/api/translate/languages')).body as unknown as string[];
    expect(languages).toEqual(expect.arrayContaining(['English', 'Spanish', 'French', 'Portuguese', 'Italian', 'Catalan']));
    expect(languages).not.toContain('German');
  });

  it('translates into Spanish (and stores it), reaches French through Spanish, and names what it can do for German', async () => {
    const spanish = await ann.post(`/api/translate/${transcriptId}`, { language: 'Spanish' });
    expect(spanish.status).toBe(200);
    const text = (spanish.body.translated_text as string).toLowerCase();
    expect(text).toMatch(/\b(el|la|de|y|en|que)\b/);
    expect(text).toMatch(/perro|zorro|tiempo|pan|leche|estación/);

    // Stored: the translation is an object in the user's storage, and asking again answers it.
    const userId = await userIdOf(ann);
    const stored = await s3Client().send(new GetObjectCommand({ Bucket: LOCAL_UPLOADS_BUCKET, Key: `users/${userId}/translations/${transcriptId}/es.json` }));
    expect(JSON.parse(await stored.Body!.transformToString())).toEqual({ language: 'Spanish', segments: spanish.body.segments });
    const again = await ann.post(`/api/translate/${transcriptId}`, { language: 'Spanish' });
    expect(again.body).toEqual(spanish.body);

    const french = await ann.post(`/api/translate/${transcriptId}`, { language: 'French' });
    expect(french.status).toBe(200);
    expect((french.body.translated_text as string).toLowerCase()).toMatch(/\b(le|la|les|de|et|du)\b/);

    const german = await ann.post(`/api/translate/${transcriptId}`, { language: 'German' });
    expect(german).toMatchObject({ status: 422, body: { error: expect.stringMatching(/Spanish/) } });
    expect((await bob.post(`/api/translate/${transcriptId}`, { language: 'Spanish' })).status).toBe(404);
    expect((await ann.post(`/api/translate/${transcriptId}`, {})).status).toBe(400);
  });
});
