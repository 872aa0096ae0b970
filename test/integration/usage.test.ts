/**
 * Usage for the people who pay (issue 16, point 4): GET /api/usage answers this month's audio seconds
 * and jobs, and an optional monthly quota (MONTHLY_AUDIO_QUOTA_SECONDS) refuses uploads with 429 and
 * the day it resets; a job reserves its length when it starts, so parallel starts can't pass it (issue 25). Both count each recording's whole length, which the speech service bills, not
 * where its last word ends.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../functions/domain/messages';
import { resetConfig } from '../../functions/platform/config';
import { CLIPS, clipPath } from '../fixtures/real-speech';
import { settled, signedUpBrowser, type Browser } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack();
let user: Browser;
beforeAll(async () => {
  user = await signedUpBrowser(stack, 'usage@example.com');
});

const month = () => new Date().toISOString().slice(0, 7);
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', ...args, '-y']);

function fileForm(path: string, name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), name);
  form.append('use_ai_summary', 'false');
  return form;
}

async function withQuota<T>(seconds: number, act: () => Promise<T>): Promise<T> {
  process.env.MONTHLY_AUDIO_QUOTA_SECONDS = String(seconds);
  resetConfig();
  try {
    return await act();
  } finally {
    delete process.env.MONTHLY_AUDIO_QUOTA_SECONDS;
    resetConfig();
  }
}

it('answers the month, its audio seconds and jobs, and no quota by default', async () => {
  expect((await user.get('/api/usage')).body).toEqual({ month: month(), audio_seconds: 0, live_seconds: 0, jobs: 0, quota_seconds: null });
  const form = new FormData();
  form.append('file', new Blob([readFileSync(clipPath(CLIPS.jfk))]), 'jfk.wav');
  form.append('use_ai_summary', 'false');
  const id = (await user.post('/api/transcribe', form)).body.id as string;
  expect((await settled(user, id, { intervalMs: 1000, attempts: 240 })).status).toBe('complete');
  const usage = (await user.get('/api/usage')).body;
  expect(usage).toMatchObject({ month: month(), jobs: 1, quota_seconds: null });
  expect(usage.audio_seconds).toBeGreaterThanOrEqual(8);
  expect(usage.audio_seconds).toBeLessThanOrEqual(12);
});

it('live transcription through the streaming service (issue 29) is not offered here, in words that name no service', async () => {
  expect(await user.post('/api/live/sessions', { language: 'French' })).toMatchObject({ status: 422, body: { error: MESSAGES.liveUnavailable } });
});

it('counts the whole recording: silence after the last word, and a recording without speech', async () => {
  const before = (await user.get('/api/usage')).body.audio_seconds as number;
  const dir = mkdtempSync(join(tmpdir(), 'usage-'));
  const trailing = join(dir, 'trailing.wav');
  ffmpeg('-i', clipPath(CLIPS.jfk), '-af', 'apad=pad_dur=9', trailing);
  // MP3: its start gives the frame count; the engine's own measure is what counts in the end.
  const silence = join(dir, 'silence.mp3');
  ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '6', silence);
  const ids = await Promise.all([user.post('/api/transcribe', fileForm(trailing, 'trailing.wav')), user.post('/api/transcribe', fileForm(silence, 'silence.mp3'))]);
  for (const answer of ids) expect((await settled(user, answer.body.id as string, { intervalMs: 1000, attempts: 240 })).status).toBe('complete');
  const counted = ((await user.get('/api/usage')).body.audio_seconds as number) - before;
  // 11 s of speech and 9 s of silence, then 6 s of silence (MP3 frames may round it up a little).
  expect(counted).toBeGreaterThanOrEqual(26);
  expect(counted).toBeLessThanOrEqual(27);
});

it('counts the known length of jobs still running, so uploads sent one after another cannot all pass a quota', async () => {
  const other = await signedUpBrowser(stack, 'usage-running@example.com');
  const ids: string[] = [];
  await withQuota(25, async () => {
    for (const name of ['one.wav', 'two.wav']) ids.push((await other.post('/api/transcribe', fileForm(clipPath(CLIPS.jfk), name))).body.id as string);
    // Neither job has ended yet (recognising 11 s takes seconds), and 22 s are known to be on their way: 11 more don't fit.
    expect((await other.post('/api/transcribe', fileForm(clipPath(CLIPS.jfk), 'three.wav'))).status).toBe(429);
    expect((await other.get('/api/usage')).body).toMatchObject({ audio_seconds: 22, jobs: 2, quota_seconds: 25 });
  });
  for (const id of ids) expect((await settled(other, id, { intervalMs: 1000, attempts: 240 })).status).toBe('complete');
});

it('with a quota used up, uploads are refused with 429 and the day it resets', async () => {
  process.env.MONTHLY_AUDIO_QUOTA_SECONDS = '5';
  resetConfig();
  try {
    expect((await user.get('/api/usage')).body).toMatchObject({ quota_seconds: 5 });
    const ticket = await user.post('/api/uploads', { filename: 'more.wav', size: 1000 });
    expect(ticket).toMatchObject({ status: 429, body: { error: expect.stringMatching(/allowance.*resets on 1 \w+ \d{4}/) } });
    // The wait until the first of next month (UTC), as every 429 says it.
    const now = new Date();
    const untilNextMonth = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
    expect(Math.abs((ticket.body.retry_after as number) - untilNextMonth)).toBeLessThan(60);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(clipPath(CLIPS.jfk))]), 'more.wav');
    expect((await user.post('/api/transcribe', form)).status).toBe(429);
  } finally {
    delete process.env.MONTHLY_AUDIO_QUOTA_SECONDS;
    resetConfig();
  }
  expect((await user.post('/api/uploads', { filename: 'more.wav', size: 1000 })).status).toBe(200);
});

it('an upload sent before the allowance was used up does not start after it: 429 then too, and the upload waits', async () => {
  const wav = readFileSync(clipPath(CLIPS.jfk));
  const ticket = (await user.post('/api/uploads', { filename: 'early.wav', size: wav.length })).body;
  expect((await fetch(ticket.url as string, { method: 'PUT', body: wav })).status).toBe(200);
  const start = () => user.post('/api/transcribe', { upload_id: ticket.upload_id, use_ai_summary: false });
  const refused = await withQuota(5, start);
  expect(refused).toMatchObject({ status: 429, body: { error: expect.stringMatching(/allowance.*resets on 1 \w+ \d{4}/) } });
  // Nothing was started, and with room again the same upload starts.
  expect((await user.get(`/api/transcripts/${ticket.upload_id as string}`)).status).toBe(404);
  expect((await start()).status).toBe(200);
});

describe('the quota under races (issue 25): a job reserves its length when it starts', () => {
  it('8 parallel starts with room for one: one starts, seven are refused with what is left, and no more is used than the quota', async () => {
    const racer = await signedUpBrowser(stack, 'usage-race@example.com');
    const answers = await withQuota(20, () => Promise.all(Array.from({ length: 8 }, (_, i) => racer.post('/api/transcribe', fileForm(clipPath(CLIPS.jfk), `race-${i}.wav`)))));
    const started = answers.filter((answer) => answer.status === 200);
    expect(started).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body.error).toMatch(/1[01] seconds long.*only 9 seconds.*left/);
      expect(refused.body.retry_after).toEqual(expect.any(Number));
    }
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
    for (const answer of started) expect((await settled(racer, answer.body.id as string, { intervalMs: 1000, attempts: 240 })).status).toBe('complete');
    const used = (await racer.get('/api/usage')).body;
    expect(used.jobs).toBe(1);
    expect(used.audio_seconds).toBeLessThanOrEqual(20);
  });

  it('a recording longer than what is left is refused at its start with the time left, even when some is left', async () => {
    const long = await signedUpBrowser(stack, 'usage-long@example.com');
    const dir = mkdtempSync(join(tmpdir(), 'usage-long-'));
    // FLAC: its start tells the length, and half an hour of silence is small enough for the form.
    const thirty = join(dir, 'thirty.flac');
    ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '1800', thirty);
    const refused = await withQuota(53, () => long.post('/api/transcribe', fileForm(thirty, 'thirty.flac')));
    expect(refused).toMatchObject({ status: 429, body: { error: expect.stringMatching(/30 minutes long.*only 53 seconds.*left/) } });
    expect((await long.get('/api/transcripts')).body).toEqual([]);
  });

  it('an MP3 is measured at its start too (its frame count): parallel MP3s are refused there', async () => {
    const mp3s = await signedUpBrowser(stack, 'usage-mp3@example.com');
    const mp3 = join(mkdtempSync(join(tmpdir(), 'usage-mp3-')), 'twelve.mp3');
    ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '12', mp3);
    const answers = await withQuota(20, () => Promise.all(Array.from({ length: 4 }, (_, i) => mp3s.post('/api/transcribe', fileForm(mp3, `m-${i}.mp3`)))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429]);
    expect(await settled(mp3s, answers.find((answer) => answer.status === 200)!.body.id as string, { intervalMs: 1000, attempts: 240 })).toMatchObject({ status: 'complete' });
  });

  it('a file whose start does not tell its length is reserved before recognition: parallel Ogg files never pass the quota either', async () => {
    const oggs = await signedUpBrowser(stack, 'usage-ogg@example.com');
    const ogg = join(mkdtempSync(join(tmpdir(), 'usage-ogg-')), 'twelve.ogg');
    ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '12', '-c:a', 'libopus', ogg);
    const ended = await withQuota(20, async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => oggs.post('/api/transcribe', fileForm(ogg, `o-${i}.ogg`))));
      return Promise.all(answers.map((answer) => settled(oggs, answer.body.id as string, { intervalMs: 1000, attempts: 240 })));
    });
    expect(ended.filter((job) => job.status === 'complete')).toHaveLength(1);
    for (const job of ended.filter((one) => one.status === 'failed')) expect(job.error).toMatch(/12 seconds long, but only [78] seconds .* left/);
    expect((await oggs.get('/api/usage')).body.audio_seconds).toBeLessThanOrEqual(20);
  });
});

it('a job whose workflow did not start gives its reservation back; "Try again" reserves again, refused with what is left when it no longer fits', async () => {
  const retrier = await signedUpBrowser(stack, 'usage-retry@example.com');
  await withQuota(15, async () => {
    const stateMachineArn = process.env.STATE_MACHINE_ARN!;
    process.env.STATE_MACHINE_ARN = stateMachineArn.replace(/[^:]+$/, 'missing');
    resetConfig();
    let failed: string;
    try {
      const answer = await retrier.post('/api/transcribe', fileForm(clipPath(CLIPS.jfk), 'not-started.wav'));
      expect(answer.status).toBe(503);
      failed = ((await retrier.get('/api/transcripts')).body as unknown as { id: string }[])[0]!.id;
    } finally {
      process.env.STATE_MACHINE_ARN = stateMachineArn;
      resetConfig();
    }
    // Given back: another recording of the same length fits, and then the failed one's retry does not.
    const other = await retrier.post('/api/transcribe', fileForm(clipPath(CLIPS.jfk), 'fits.wav'));
    expect(other.status).toBe(200);
    expect(await retrier.post(`/api/transcripts/${failed}/retry`)).toMatchObject({ status: 429, body: { error: expect.stringMatching(/11 seconds long, but only [34] seconds .* left/) } });
    expect(await settled(retrier, other.body.id as string, { intervalMs: 1000, attempts: 240 })).toMatchObject({ status: 'complete' });
  });
});

it('running a transcript again in another language (issue 27: we doubted its language) costs nothing more: usage and quota count it once, and a used-up quota does not stop it', async () => {
  const switcher = await signedUpBrowser(stack, 'usage-language@example.com');
  // 13 s of real Spanish speech sent as English, the quota exactly that long: used up once it is transcribed.
  const spanish = join(mkdtempSync(join(tmpdir(), 'spanish-')), 'spanish.wav');
  ffmpeg('-i', clipPath(CLIPS.fleurs), '-t', '13', spanish);
  await withQuota(13, async () => {
    const id = (await switcher.post('/api/transcribe', fileForm(spanish, 'entrevista.wav'))).body.id as string;
    expect(await settled(switcher, id, { intervalMs: 1000, attempts: 240 })).toMatchObject({ status: 'complete', language_mismatch: true });
    expect((await switcher.get('/api/usage')).body).toMatchObject({ audio_seconds: 13, jobs: 1 });
    expect((await switcher.post('/api/transcribe', fileForm(clipPath(CLIPS.jfk), 'next.wav'))).status).toBe(429);

    expect(await switcher.post(`/api/transcripts/${id}/retry`, { language: 'auto' })).toMatchObject({ status: 200, body: { status: 'processing' } });
    expect(await settled(switcher, id, { intervalMs: 1000, attempts: 240 })).toMatchObject({ status: 'complete' });
    expect((await switcher.get('/api/usage')).body).toMatchObject({ audio_seconds: 13, jobs: 1 });
    // The ledger holds it once: still exactly used up, nothing over.
    expect(await switcher.post('/api/transcribe', fileForm(clipPath(CLIPS.jfk), 'next.wav'))).toMatchObject({ status: 429, body: { error: expect.stringMatching(/used this month's transcription allowance/) } });
  });
}, 240_000);
