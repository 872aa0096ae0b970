/**
 * Usage for the people who pay (issue 16, point 4): GET /api/usage answers this month's audio seconds
 * and jobs, and an optional monthly quota (MONTHLY_AUDIO_QUOTA_SECONDS) refuses uploads with 429 and
 * the day it resets.
 */
import { readFileSync } from 'node:fs';
import { resetConfig } from '../../functions/lib/config';
import type { LocalStack } from '../../infra/local/stack';
import { CLIPS, clipPath } from '../fixtures/real-speech';
import { settled, signedUpBrowser, type Browser } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let user: Browser;
beforeAll(async () => {
  stack = await startTestStack();
  user = await signedUpBrowser(stack, 'usage@example.com');
});
afterAll(() => stopTestStack(stack));

const month = () => new Date().toISOString().slice(0, 7);

it('answers the month, its audio seconds and jobs, and no quota by default', async () => {
  expect((await user.get('/api/usage')).body).toEqual({ month: month(), audio_seconds: 0, jobs: 0, quota_seconds: null });
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

it('with a quota used up, uploads are refused with 429 and the day it resets', async () => {
  process.env.MONTHLY_AUDIO_QUOTA_SECONDS = '5';
  resetConfig();
  try {
    expect((await user.get('/api/usage')).body).toMatchObject({ quota_seconds: 5 });
    const ticket = await user.post('/api/uploads', { filename: 'more.wav', size: 1000 });
    expect(ticket).toMatchObject({ status: 429, body: { error: expect.stringMatching(/allowance.*resets on 1 \w+ \d{4}/) } });
    const form = new FormData();
    form.append('file', new Blob([readFileSync(clipPath(CLIPS.jfk))]), 'more.wav');
    expect((await user.post('/api/transcribe', form)).status).toBe(429);
  } finally {
    delete process.env.MONTHLY_AUDIO_QUOTA_SECONDS;
    resetConfig();
  }
  expect((await user.post('/api/uploads', { filename: 'more.wav', size: 1000 })).status).toBe(200);
});
