/**
 * Reliability on the real local stack: many users at once lose nothing, a restart in the middle of
 * transcriptions resumes them, storage that is down answers 503 and the app recovers.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSpokenFixtures, SPOKEN_SENTENCES, type SpokenFixtures } from '../fixtures/spoken';
import { Browser, settled, signedUpBrowser } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

let fixtures: SpokenFixtures;
beforeAll(async () => {
  fixtures = await makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'reliability-')), SPOKEN_SENTENCES.slice(0, 2));
});

async function upload(browser: Browser, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(fixtures.wav)]), name);
  form.append('use_ai_summary', 'false');
  const answer = await browser.post('/api/transcribe', form);
  if (answer.status !== 200) throw new Error(`transcribe failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id as string;
}

/** The app polls every 5 s; 2 s keeps these tests short without flooding the one machine. */
const settle = (browser: Browser, id: string) => settled(browser, id, { intervalMs: 2000, attempts: 200 });

it('50 users uploading, polling and listing at once: every job ends complete or failed with a reason, every list is consistent', async () => {
  const stack = await startTestStack();
  try {
    const users: Browser[] = [];
    for (let batch = 0; batch < 5; batch++) {
      users.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => signedUpBrowser(stack, `load${batch * 10 + i}@example.com`)))));
    }
    const results = await Promise.all(
      users.map(async (browser, index) => {
        const id = await upload(browser, `user-${index}.wav`);
        const listedWhileProcessing = (await browser.get('/api/transcripts')).body as unknown as { id: string }[];
        const ended = await settle(browser, id);
        const listed = (await browser.get('/api/transcripts')).body as unknown as { id: string; status: string }[];
        return { id, ended, listedWhileProcessing, listed };
      }),
    );
    for (const { id, ended, listedWhileProcessing, listed } of results) {
      expect(['complete', 'failed']).toContain(ended.status);
      if (ended.status === 'failed') expect(ended.error).toEqual(expect.any(String));
      else expect((ended.text as string).length).toBeGreaterThan(0);
      expect(listedWhileProcessing.map((item) => item.id)).toEqual([id]);
      expect(listed).toEqual([expect.objectContaining({ id, status: ended.status })]);
    }
    expect(results.filter((result) => result.ended.status === 'complete')).toHaveLength(50);
  } finally {
    await stopTestStack(stack);
  }
}, 600_000);

it('a restart in the middle of transcriptions resumes each job; nothing is lost or half-written', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reliability-restart-'));
  let stack = await startTestStack(dataDir);
  let browser = await signedUpBrowser(stack, 'restart@example.com');
  const ids = [await upload(browser, 'a.wav'), await upload(browser, 'b.wav'), await upload(browser, 'c.wav')];
  // The restart must come in the middle: jobs are still running when the stack stops.
  const running = stack.workflow.executions().filter((execution) => execution.status === 'RUNNING');
  expect(running.length).toBeGreaterThan(0);
  await stopTestStack(stack, { keepData: true });

  stack = await startTestStack(dataDir);
  try {
    const cookie = browser.sessionCookie;
    browser = new Browser(stack.url);
    browser.useCookie(cookie);
    for (const id of ids) {
      const ended = await settle(browser, id);
      expect(ended).toMatchObject({ id, status: 'complete' });
      expect((ended.word_timings as unknown[]).length).toBeGreaterThan(0);
    }
    const listed = (await browser.get('/api/transcripts')).body as unknown as { id: string; status: string }[];
    expect(listed.map((item) => item.id).sort()).toEqual([...ids].sort());
    expect(listed.every((item) => item.status === 'complete')).toBe(true);
  } finally {
    await stopTestStack(stack);
  }
}, 180_000);

it('storage that is down answers 503 with a clear message, and the app recovers when it is back', async () => {
  const stack = await startTestStack();
  try {
    const browser = await signedUpBrowser(stack, 'outage@example.com');
    const id = await upload(browser, 'o.wav');
    expect((await settle(browser, id)).status).toBe('complete');

    const bringBack = await stack.stopS3();
    const down = await browser.get(`/api/transcripts/${id}`);
    expect(down).toMatchObject({ status: 503, body: { error: expect.stringMatching(/unavailable/) } });
    const form = new FormData();
    form.append('file', new Blob([readFileSync(fixtures.wav)]), 'during-outage.wav');
    expect((await browser.post('/api/transcribe', form)).status).toBe(503);

    await bringBack();
    const back = await browser.get(`/api/transcripts/${id}`);
    expect(back).toMatchObject({ status: 200, body: { status: 'complete' } });
    expect((back.body.text as string).length).toBeGreaterThan(0);
  } finally {
    await stopTestStack(stack);
  }
});
