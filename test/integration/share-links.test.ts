/**
 * Issue 15, point 4, on the real local stack: read-only links are made, listed and revoked by the owner
 * only; a reader without a session sees the reading fields and nothing else; every dead link (revoked,
 * expired, unknown, malformed, transcript in the trash) is the same 404; the recording follows the link;
 * reads and dead tokens are throttled per client address, apart; links per transcript are capped; the
 * account's deletion removes its links.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import diarized from '../fixtures/transcribe-diarized.json';
import { wavHeader } from '../fixtures/wav';
import { db } from '../../functions/data/db';
import { parseTranscript } from '../../functions/domain/parse-transcript';
import { bodyKey, deleteObject, putJson, putObject } from '../../functions/storage/media-store';
import { Browser, signedUpBrowser, userIdOf } from './http-client';
import { advance, useTestStack } from './local-stack';

const stack = useTestStack();
let ann: Browser;
let bob: Browser;
let interview: string;

const PASSWORD = 'Sunny-Day-42';
const DAY_MS = 24 * 60 * 60 * 1000;
const READER_FIELDS = ['created_at', 'filename', 'key_points', 'speakers', 'summaries', 'summary', 'text', 'topic', 'word_timings'];
const DEAD_LINK = { status: 404, body: { error: 'This link does not work. It may have expired or been turned off by the person who shared it.' } };

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** A GET with no session, from a given loopback address (127.0.0.0/8 all reach the app), as another machine would. */
function readFrom(path: string, localAddress = '127.0.0.1'): Promise<Reply> {
  const url = new URL(path, stack.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: /json/.test(res.headers['content-type'] ?? '') ? (JSON.parse(text) as Record<string, unknown>) : { text } });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
const shared = (token: string, address?: string) => readFrom(`/api/shared/${token}`, address);
const dead = async (token: string) => expect(await shared(token)).toMatchObject(DEAD_LINK);
const share = (browser: Browser, id: string, body: unknown) => browser.post(`/api/transcripts/${id}/share`, body);
const links = async (browser: Browser, id: string) => (await browser.get(`/api/transcripts/${id}/share`)).body as unknown as { id: string; include_audio: boolean; expires_at: string | null }[];

/** A finished two-speaker transcript with its recording, stored as the workflow stores one. */
async function seedInterview(browser: Browser): Promise<string> {
  const userId = await userIdOf(browser);
  const transcriptId = randomBytes(16).toString('base64url');
  const key = bodyKey(userId, transcriptId);
  const mediaKey = `users/${userId}/media/${transcriptId}`;
  await putJson(key, parseTranscript(diarized, { verbatim: false, diarization: true, includeTimestamps: false }));
  await putObject(mediaKey, Buffer.concat([wavHeader(32_000), Buffer.alloc(32_000)]), 'audio/wav');
  const project = (await browser.post('/api/projects', { name: 'Secret project' })).body.id as string;
  await db()
    .entities.transcript.create({
      userId, transcriptId, filename: 'Interview.wav', mediaKey, mediaType: 'audio/wav', mediaExtension: 'wav', size: 32_044, language: 'en', diarization: true,
      projectId: project, tags: ['private-tag'], status: 'complete', bodyKey: key, topic: 'Welcome show', summary: 'Greetings.', createdAt: new Date().toISOString(),
    })
    .go();
  return transcriptId;
}

beforeAll(async () => {
  ann = await signedUpBrowser(stack, 'ann@example.com', PASSWORD);
  bob = await signedUpBrowser(stack, 'bob@example.com', PASSWORD);
  interview = await seedInterview(ann);
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('making, listing and revoking links', () => {
  it('makes a link with a 256-bit token shown once; the list names it by its hash, never the token', async () => {
    const made = await share(ann, interview, { expires_in_days: 7, include_audio: true });
    expect(made.status).toBe(201);
    const { token, url, expires_at, include_audio, id } = made.body as Record<string, string>;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
    expect(url).toBe(`${stack.url}/s/${token}`);
    expect(include_audio).toBe(true);
    expect(Math.abs(Date.parse(expires_at!) - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000);
    expect(id).toBe(createHash('sha256').update(token!).digest('hex'));

    const listed = await links(ann, interview);
    expect(listed).toContainEqual({ id, include_audio: true, expires_at, created_at: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(token);
    // The table holds the hash only.
    expect(JSON.stringify((await db().entities.shareLink.scan.go()).data)).not.toContain(token);
  });

  it('defaults to 30 days without audio; null never expires; bad options are a 400 with a message', async () => {
    const plain = (await share(ann, interview, {})).body;
    expect(plain).toMatchObject({ include_audio: false });
    expect(Math.abs(Date.parse(plain.expires_at as string) - Date.now() - 30 * DAY_MS)).toBeLessThan(60_000);
    expect((await share(ann, interview, { expires_in_days: null, include_audio: false })).body).toMatchObject({ expires_at: null });
    for (const expires_in_days of [0, 366, 1.5, '7']) {
      expect(await share(ann, interview, { expires_in_days, include_audio: false })).toMatchObject({ status: 400, body: { error: expect.stringContaining('from 1 to 365') } });
    }
    expect(await share(ann, interview, { include_audio: 'yes' })).toMatchObject({ status: 400, body: { error: 'include_audio must be true or false.' } });
  });

  it("another user's transcript is not found, for making, listing and revoking; no session is a 401", async () => {
    const { token } = (await share(ann, interview, { include_audio: false })).body as { token: string };
    const bobs = await seedInterview(bob);
    expect(await share(bob, interview, {})).toMatchObject({ status: 404, body: { error: 'Transcript not found.' } });
    expect((await bob.get(`/api/transcripts/${interview}/share`)).status).toBe(404);
    expect((await bob.call('DELETE', `/api/transcripts/${interview}/share/${token}`)).status).toBe(404);
    // Nor through a transcript of his own.
    expect(await bob.call('DELETE', `/api/transcripts/${bobs}/share/${token}`)).toMatchObject({ status: 404, body: { error: 'Share link not found.' } });
    expect((await shared(token)).status).toBe(200);
    expect((await new Browser(stack.url).post(`/api/transcripts/${interview}/share`, {})).status).toBe(401);
  });

  it('revokes by token or by the id in the list: the link, its recording and the list entry are gone', async () => {
    const first = (await share(ann, interview, { include_audio: true })).body as { token: string; id: string };
    const second = (await share(ann, interview, { include_audio: true })).body as { token: string; id: string };
    const recording = (await shared(first.token)).body.audio_url as string;
    expect((await readFrom(recording)).status).toBe(302);

    expect(await ann.call('DELETE', `/api/transcripts/${interview}/share/${first.token}`)).toMatchObject({ status: 200, body: { id: first.id } });
    expect(await ann.call('DELETE', `/api/transcripts/${interview}/share/${second.id}`)).toMatchObject({ status: 200, body: { id: second.id } });
    await dead(first.token);
    await dead(second.token);
    expect(await readFrom(recording)).toMatchObject(DEAD_LINK);
    expect((await links(ann, interview)).map((link) => link.id)).not.toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await ann.call('DELETE', `/api/transcripts/${interview}/share/${first.token}`)).status).toBe(404);
  });
});

describe('reading a shared link', () => {
  it('answers the reading fields only, with no session, marked noindex', async () => {
    const { token } = (await share(ann, interview, { include_audio: false })).body as { token: string };
    const answer = await shared(token);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    expect(Object.keys(answer.body).sort()).toEqual(READER_FIELDS);
    expect(answer.body).toMatchObject({ filename: 'Interview.wav', topic: 'Welcome show', summary: 'Greetings.', speakers: expect.arrayContaining([expect.any(String)]) });
    expect((answer.body.word_timings as unknown[]).length).toBeGreaterThan(0);
    const userId = await userIdOf(ann);
    const raw = JSON.stringify(answer.body);
    for (const secret of [userId, interview, 'ann@example.com', 'private-tag', 'Secret project', 'users/']) expect(raw).not.toContain(secret);
    // No recording: no address, and the recording's route is the dead link's answer.
    expect(await readFrom(`/api/shared/${token}/audio.wav`)).toMatchObject(DEAD_LINK);
  });

  it("shows the summary templates made (issue 30), as the owner's view has them: lines, when made, outdated", async () => {
    const { token } = (await share(ann, interview, { include_audio: false })).body as { token: string };
    expect((await shared(token)).body.summaries).toEqual({});
    const owner = await ann.post(`/api/transcripts/${interview}/summary`, { template: 'action_items' });
    expect(owner.status).toBe(200);
    expect(Object.keys(owner.body.summaries as object)).toEqual(['action_items']);
    expect((await shared(token)).body.summaries).toEqual(owner.body.summaries);
  });

  it('its page /s/{token} is served with X-Robots-Tag: noindex; other pages are not', async () => {
    expect((await readFrom('/s/anything')).headers['x-robots-tag']).toBe('noindex');
    expect((await readFrom('/login')).headers['x-robots-tag']).toBeUndefined();
  });

  it("with the recording: an address without a session that redirects to a short-lived opaque address of the file, naming neither the owner nor the transcript", async () => {
    const { token } = (await share(ann, interview, { include_audio: true })).body as { token: string };
    const answer = await shared(token);
    expect(Object.keys(answer.body).sort()).toEqual([...READER_FIELDS, 'audio_url', 'media_kind'].sort());
    expect(answer.body.audio_url).toBe(`/api/shared/${token}/audio.wav`);
    // Sound only: the reader's player is an audio one (issue 28).
    expect(answer.body.media_kind).toBe('audio');
    const redirect = await readFrom(answer.body.audio_url as string);
    expect(redirect.status).toBe(302);
    expect(redirect.headers['x-robots-tag']).toBe('noindex');
    const location = redirect.headers.location as string;
    expect(location).toMatch(new RegExp(`^${stack.url}/storage/_shared/[A-Za-z0-9_-]+$`));
    for (const secret of [await userIdOf(ann), interview, 'users', 'media', 'X-Amz-']) expect(location).not.toContain(secret);
    const file = await fetch(location);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'audio/wav']);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 4).toString('ascii')).toBe('RIFF');
    // The player seeks with ranges; the address reads, and only reads, that one file.
    const range = await fetch(location, { headers: { range: 'bytes=0-3' } });
    expect([range.status, Buffer.from(await range.arrayBuffer()).toString('ascii')]).toEqual([206, 'RIFF']);
    for (const method of ['PUT', 'DELETE', 'POST']) expect([method, (await fetch(location, { method, body: method === 'DELETE' ? null : 'x' })).status]).toEqual([method, 403]);
    const edited = location.slice(0, -2) + (location.endsWith('AA') ? 'BB' : 'AA');
    expect((await fetch(edited)).status).toBe(403);
    // A minute: a revoked link stops playing within one (the player asks again when its address expires).
    advance(61);
    expect((await fetch(location)).status).toBe(403);
    jest.useRealTimers();
    // Another extension is not this recording.
    expect(await readFrom(`/api/shared/${token}/audio.mp4`)).toMatchObject(DEAD_LINK);
  });

  it('unknown, malformed, expired and trashed all answer the same 404; a restored transcript is shared again', async () => {
    const { token } = (await share(ann, interview, { expires_in_days: 1, include_audio: false })).body as { token: string };
    await dead(randomBytes(32).toString('base64url'));
    await dead('not-a-token');
    await dead(`${token}x`);

    // A day and a second later (the clock of the handlers, which run in this process).
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + DAY_MS + 1000);
    await dead(token);
    expect(await links(ann, interview)).not.toContainEqual(expect.objectContaining({ id: createHash('sha256').update(token).digest('hex') }));
    jest.restoreAllMocks();

    // A link that does not expire has no expiry in the table (nor a TTL); the fake clock stays off S3's signed requests.
    const { token: lasting, id } = (await share(ann, interview, { expires_in_days: null, include_audio: false })).body as { token: string; id: string };
    expect((await db().entities.shareLink.get({ linkId: id }).go()).data?.expiresAt).toBeUndefined();
    expect((await shared(lasting)).status).toBe(200);

    await ann.call('DELETE', `/api/transcripts/${interview}`);
    await dead(lasting);
    expect(await share(ann, interview, {})).toMatchObject({ status: 409, body: { error: 'This transcript is in the trash. Restore it to share it.' } });
    await ann.post(`/api/transcripts/${interview}/restore`);
    expect((await shared(lasting)).status).toBe(200);
  });

  it('a sealed address whose file is gone is a plain refusal that names no key (the owner deleted it within the minute)', async () => {
    const transcript = await seedInterview(ann);
    const { token } = (await share(ann, transcript, { include_audio: true })).body as { token: string };
    const location = (await readFrom(`/api/shared/${token}/audio.wav`)).headers.location as string;
    await deleteObject(`users/${await userIdOf(ann)}/media/${transcript}`);
    const gone = await fetch(location);
    const said = `${JSON.stringify([...gone.headers])} ${await gone.text()}`;
    expect(gone.status).toBe(404);
    for (const secret of [await userIdOf(ann), transcript, 'users/']) expect(said).not.toContain(secret);
  });

  it("counts dead tokens and good reads apart: nobody's guesses use up a reader's limit (a fixed clock keeps each burst in one window)", async () => {
    const { token } = (await share(ann, interview, {})).body as { token: string };
    jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    // Guesses from the reader's own address (locally every reader has the same one): 60 a minute, then 429...
    const guesses = await Promise.all(Array.from({ length: 61 }, () => shared(randomBytes(32).toString('base64url'), '127.0.0.9').then((reply) => reply.status)));
    expect([guesses.filter((status) => status === 404).length, guesses.filter((status) => status === 429).length]).toEqual([60, 1]);
    // ...and the link still opens from there, 60 times a minute.
    const reads = await Promise.all(Array.from({ length: 61 }, () => shared(token, '127.0.0.9').then((reply) => reply.status)));
    expect([reads.filter((status) => status === 200).length, reads.filter((status) => status === 429).length]).toEqual([60, 1]);
    const refused = await shared(token, '127.0.0.9');
    expect(refused.body).toEqual({ error: 'Too many requests. Please wait a minute and try again.', retry_after: expect.any(Number) });
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(refused.body.retry_after).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(refused.body.retry_after));
    expect((await shared(token, '127.0.0.10')).status).toBe(200);
  });
});

it('caps live links per transcript at 20 with a 409 and a message; a revoked or expired link frees its place', async () => {
  const transcript = await seedInterview(ann);
  const made = [];
  for (let i = 0; i < 20; i++) made.push(await share(ann, transcript, { expires_in_days: 1 }));
  expect(made.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
  expect(await share(ann, transcript, {})).toMatchObject({ status: 409, body: { error: 'This transcript already has 20 active share links. Turn one off to make another.' } });
  await ann.call('DELETE', `/api/transcripts/${transcript}/share/${made[0]!.body.id as string}`);
  expect((await share(ann, transcript, { expires_in_days: 1 })).status).toBe(201);
  expect((await share(ann, transcript, {})).status).toBe(409);
  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + DAY_MS + 1000);
  expect((await share(ann, transcript, {})).status).toBe(201);
});

it('holds the cap when links are made at the same time, from several sessions', async () => {
  const transcript = await seedInterview(ann);
  for (let i = 0; i < 17; i++) expect((await share(ann, transcript, {})).status).toBe(201);
  const sessions = await Promise.all(
    Array.from({ length: 6 }, async () => {
      const browser = new Browser(stack.url);
      expect((await browser.post('/api/login', { email: 'ann@example.com', password: PASSWORD })).status).toBe(200);
      return browser;
    }),
  );
  // The worst order: every request has checked the count before any stores its link.
  const entity = db().entities.shareLink;
  const create = entity.create.bind(entity);
  let arrived = 0;
  let allArrived: () => void;
  const barrier = new Promise<void>((resolve) => (allArrived = resolve));
  jest.spyOn(entity, 'create').mockImplementation((item) => {
    const operation = create(item);
    return Object.assign(Object.create(operation) as typeof operation, {
      go: async (...options: Parameters<typeof operation.go>) => {
        if (++arrived === sessions.length) allArrived();
        await barrier;
        return operation.go(...options);
      },
    });
  });
  const statuses = (await Promise.all(sessions.map((browser) => share(browser, transcript, {})))).map((answer) => answer.status);
  const live = (await links(ann, transcript)).length;
  expect(live).toBeLessThanOrEqual(20);
  expect([statuses.filter((status) => status === 201).length + 17, statuses.filter((status) => status !== 201 && status !== 409)]).toEqual([live, []]);
});

it("deleting the account removes the user's links", async () => {
  const carol = await signedUpBrowser(stack, 'carol@example.com', PASSWORD);
  const transcript = await seedInterview(carol);
  const { token, id } = (await share(carol, transcript, {})).body as { token: string; id: string };
  expect((await carol.post('/api/delete-account', { password: PASSWORD })).status).toBe(200);
  expect((await db().entities.shareLink.get({ linkId: id }).go()).data).toBeNull();
  await dead(token);
});
