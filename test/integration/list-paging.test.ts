/**
 * Lists stay fast with many transcripts (issue 16, point 5): the transcript, deleted and project lists
 * take ?limit= (1-100) and ?cursor=; with a limit the answer is one page and X-Next-Cursor carries
 * the next page's cursor; without parameters the whole list comes as docs/product.md has it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkedFetch, settled, signedUpBrowser, type Browser } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack();
let user: Browser;
let projectId: string;
const WAV = readFileSync(join(__dirname, '../fixtures/media/tone.wav'));
const COUNT = 7;

beforeAll(async () => {
  user = await signedUpBrowser(stack, 'pages@example.com');
  projectId = (await user.post('/api/projects', { name: 'Paged', description: '' })).body.id as string;
  for (let i = 0; i < COUNT; i++) {
    const form = new FormData();
    form.append('file', new Blob([WAV]), `clip-${i}.wav`);
    form.append('use_ai_summary', 'false');
    form.append('project_id', projectId);
    expect((await user.post('/api/transcribe', form)).status).toBe(200);
  }
});

/** GET with the session cookie, returning the body and the X-Next-Cursor header. */
async function page(path: string): Promise<{ status: number; ids: string[]; next: string | null; body: unknown }> {
  const res = await checkedFetch(`${stack.url}${path}`, { headers: { cookie: user.sessionCookie } });
  const body = (await res.json()) as unknown;
  return { status: res.status, ids: Array.isArray(body) ? (body as { id: string }[]).map((item) => item.id) : [], next: res.headers.get('x-next-cursor'), body };
}

async function allPages(path: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let round = 0; round < 20; round++) {
    const answer = await page(`${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(answer.status).toBe(200);
    expect(answer.ids.length).toBeLessThanOrEqual(limit);
    ids.push(...answer.ids);
    cursor = answer.next;
    if (!cursor) break;
  }
  return ids;
}

it.each(['/api/transcripts', `/api/projects/{project}/transcripts`])('%s: pages of `limit` with X-Next-Cursor add up to the whole list, in the same order', async (template) => {
  const path = template.replace('{project}', projectId);
  const whole = await page(path);
  expect(whole.ids).toHaveLength(COUNT);
  expect(whole.next).toBeNull();
  expect(await allPages(path, 3)).toEqual(whole.ids);
  expect(await allPages(path, 100)).toEqual(whole.ids);
});

it('a page shows each transcript as the whole list does, field for field (a page reads only what the list shows)', async () => {
  for (const id of (await page('/api/transcripts')).ids) await settled(user, id);
  const whole = (await page('/api/transcripts')).body as Record<string, unknown>[];
  const pages = (await page('/api/transcripts?limit=100')).body as Record<string, unknown>[];
  expect(pages).toEqual(whole);
  expect(Object.keys(pages[0]!).sort()).toEqual(expect.arrayContaining(['audio_url', 'created_at', 'duration_ms', 'filename', 'preview', 'project_id', 'status', 'summary', 'tags', 'topic']));
});

it('the deleted list pages too', async () => {
  const ids = (await page('/api/transcripts')).ids.slice(0, 3);
  for (const id of ids) expect((await user.call('DELETE', `/api/transcripts/${id}`)).status).toBe(200);
  expect(await allPages('/api/deleted_transcripts', 2)).toEqual((await page('/api/deleted_transcripts')).ids);
  for (const id of ids) await user.post(`/api/transcripts/${id}/restore`);
});

it('refuses a limit outside 1-100 and a cursor that is not one of ours with 400', async () => {
  for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2&cursor=not-a-cursor', `limit=2&cursor=${encodeURIComponent(Buffer.from('{"pk":"x","sk":"y"}').toString('base64url'))}`]) {
    const answer = await page(`/api/transcripts?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.any(String) });
  }
});

it("a project's pages are full though some of its transcripts are deleted: never a short or empty page with more after it", async () => {
  const path = `/api/projects/${projectId}/transcripts`;
  const ids = (await page(path)).ids;
  // The newest four go to the trash: a page read before the filter would come back empty.
  for (const id of ids.slice(0, 4)) expect((await user.call('DELETE', `/api/transcripts/${id}`)).status).toBe(200);
  try {
    const first = await page(`${path}?limit=2`);
    expect(first.ids).toEqual(ids.slice(4, 6));
    expect(first.next).not.toBeNull();
    const second = await page(`${path}?limit=2&cursor=${encodeURIComponent(first.next!)}`);
    expect(second.ids).toEqual(ids.slice(6));
    expect(second.next).toBeNull();
  } finally {
    for (const id of ids.slice(0, 4)) await user.post(`/api/transcripts/${id}/restore`);
  }
});
