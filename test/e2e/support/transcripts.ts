/** Transcripts for e2e tests, made through the real API from the page itself (its cookie, its origin). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { SharedTranscriptView, TranscriptView } from '../../../functions/contract';
import { TRANSCRIBE_TEXTS } from '../../../web/src/features/transcribe/texts';
import { makeSpokenFixtures, writeNotMedia, type SpokenFixtures } from '../../fixtures/spoken';

export interface FullTranscript {
  id: string;
  status: string;
  text: string;
  tags: string[];
  word_timings: { words: { word: string; start: number; end: number }[] }[];
}

/** A transcript as GET /api/transcripts/{id} answers it, for a page the test serves: complete and empty but for `fields`. */
export const transcriptAnswer = (fields: Partial<TranscriptView> & Pick<TranscriptView, 'id'>): TranscriptView => ({
  filename: `${fields.id}.wav`,
  status: 'complete',
  text: '',
  summary: '',
  topic: '',
  audio_url: `/uploads/${fields.id}.wav`,
  media_kind: 'audio',
  word_timings: [],
  speakers: [],
  language: 'en',
  created_at: '2026-11-23T10:30:00Z',
  edited_at: null,
  duration_ms: null,
  tags: [],
  project_id: null,
  deleted: false,
  stage: null,
  progress: null,
  queue_position: null,
  summary_outdated: false,
  key_points: [],
  translations: [],
  summaries: {},
  speakers_missing: false,
  language_mismatch: false,
  event_lost: false,
  summary_left_out: false,
  text_job: null,
  ...fields,
});

/** A shared transcript as GET /api/shared/{token} answers it, for a page the test serves: no recording, empty but for `fields`. */
export const sharedTranscriptAnswer = (fields: Partial<SharedTranscriptView> = {}): SharedTranscriptView => ({
  filename: 'Shared.wav',
  created_at: '2026-11-23T10:30:00Z',
  text: '',
  word_timings: [],
  speakers: [],
  topic: '',
  summary: '',
  key_points: [],
  summaries: {},
  ...fields,
});

/** The spoken fixture (flite) as a base64 WAV for transcribeFromPage, made in a fresh folder named after `label`. */
export async function spokenWavBase64(label: string): Promise<string> {
  const fixtures = await makeSpokenFixtures(mkdtempSync(join(tmpdir(), `${label}-e2e-`)));
  return readFileSync(fixtures.wav).toString('base64');
}

/** Makes `make`'s value once before the spec file's tests (flite and ffmpeg take seconds); the tests read it through the getter. */
function beforeAllOnce<T>(make: () => Promise<T>): () => T {
  let made: { value: T } | undefined;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    made = { value: await make() };
  });
  return () => {
    if (!made) throw new Error('read in a test: it is made before all of them');
    return made.value;
  };
}

/** spokenWavBase64 once for the spec file. */
export const spokenWavForSpec = (label: string): (() => string) => beforeAllOnce(() => spokenWavBase64(label));

export interface SpokenMedia extends SpokenFixtures {
  /** Their folder, for files a test makes from them. */
  dir: string;
  /** A text file named .mp3: the server checks the bytes, not the name. */
  notMedia: string;
}

/** The spoken fixtures as files, and a text file named .mp3, once for the spec file in a fresh folder named after `label`. */
export const spokenMediaForSpec = (label: string): (() => SpokenMedia) =>
  beforeAllOnce(async () => {
    const dir = mkdtempSync(join(tmpdir(), `${label}-e2e-`));
    return { ...(await makeSpokenFixtures(dir)), dir, notMedia: writeNotMedia(dir) };
  });

/** Uploads the spoken WAV from the page itself (its cookie, its origin) and waits until the transcript is complete. */
export async function transcribeFromPage(page: Page, wavBase64: string, fields: Record<string, string>, filename: string): Promise<FullTranscript> {
  const id = await page.evaluate(
    async ({ base64, fields, filename }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'audio/wav' }), filename);
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const answer = await fetch('/api/transcribe', { method: 'POST', body: form });
      const body = (await answer.json()) as { id?: string; error?: string };
      if (!answer.ok || !body.id) throw new Error(`POST /api/transcribe: ${answer.status} ${JSON.stringify(body)}`);
      return body.id;
    },
    { base64: wavBase64, fields, filename },
  );
  let transcript: FullTranscript | undefined;
  await expect
    .poll(
      async () => {
        transcript = (await (await page.request.get(`/api/transcripts/${id}`)).json()) as FullTranscript;
        return transcript.status;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe('complete');
  return transcript!;
}

/** The Transcribe tab's result region (headed 'Transcript' and the file's name), not the reading view ('Transcript text') inside it. */
export const transcribeResult = (page: Page) => page.getByRole('region', { name: new RegExp(`^${TRANSCRIBE_TEXTS.resultTitle}`) }).filter({ has: page.getByRole('heading', { level: 2 }) });

/** The sticky player's media element (audio, or video for a video file), on the transcript page and a shared link's page. */
export const playerMedia = (page: Page) => page.locator('.sticky-player audio, .sticky-player video');
