/** Transcription on the real local stack: upload, the whole workflow with the real engines, reading, playback, other users. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../functions/domain/messages';
import { sentenceEncoderInstalled } from '../../functions/engines/embeddings/local-sentence-encoder';
import { wordErrorRate } from '../../functions/domain/wer';
import type { LocalStack } from '../../infra/local/stack';
import { clipPath, CLIPS } from '../fixtures/real-speech';
import { makeSpokenFixtures, SPOKEN_TEXT, type SpokenFixtures } from '../fixtures/spoken';
import { Browser, checkedFetch, settled, signedUpBrowser } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let fixtures: SpokenFixtures;
let ann: Browser;
let bob: Browser;

beforeAll(async () => {
  [stack, fixtures] = await Promise.all([startTestStack(), makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'spoken-')))]);
  ann = await signedUpBrowser(stack, 'ann@example.com');
  bob = await signedUpBrowser(stack, 'bob@example.com');
});
afterAll(() => stopTestStack(stack));

function fileForm(path: string, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

const words = (groups: unknown) => (groups as { words: { word: string; start: number; end: number }[] }[]).flatMap((group) => group.words);

describe('POST /api/transcribe (multipart form)', () => {
  let id: string;

  it('answers at once with the id, processing and the audio address', async () => {
    const answer = await ann.post('/api/transcribe', fileForm(fixtures.mp3, 'interview.mp3', { language: 'en', use_ai_summary: 'true', tags: 'work, weekly ,work' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: expect.any(String), status: 'processing', audio_url: expect.stringMatching(/^\/uploads\/[\w-]+\.mp3$/) });
    id = answer.body.id as string;
  });

  it('ends complete with text close to what was said, increasing word times within the audio, and key points (no topic: nothing recurs)', async () => {
    const transcript = await settled(ann, id);
    expect(transcript).toMatchObject({ status: 'complete', filename: 'interview.mp3', tags: ['work', 'weekly'], created_at: expect.any(String) });
    expect(wordErrorRate(SPOKEN_TEXT, transcript.text as string)).toBeLessThanOrEqual(0.25);
    const timed = words(transcript.word_timings);
    expect(timed.length).toBeGreaterThan(20);
    for (let i = 1; i < timed.length; i++) expect(timed[i]!.start).toBeGreaterThanOrEqual(timed[i - 1]!.start);
    for (const word of timed) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThanOrEqual(Math.ceil(fixtures.seconds * 1000) + 50);
    }
    // Five sentences on five matters: no phrase recurs or stands out, so no topic rather than a wrong one (issue 28).
    expect(transcript.topic).toBe('');
    // Key points of a five-sentence recording: one or two of its sentences, at most a fifth of its words or the first point.
    const lines = (transcript.summary as string).split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(2);
  });

  it('serves the recording to its owner only (a short-lived redirect), never to another user', async () => {
    const { body } = await ann.get(`/api/transcripts/${id}`);
    const audio = body.audio_url as string;
    const redirect = await fetch(`${stack.url}${audio}`, { headers: { cookie: ann.sessionCookie }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    // Issue 31 point 8: the sealed address a CloudFront Function opens (and caches by key) in AWS, as a shared link's.
    expect(redirect.headers.get('location')).toMatch(new RegExp(`^${stack.url}/storage/_shared/[A-Za-z0-9_-]+$`));
    const res = await checkedFetch(`${stack.url}${audio}`, { headers: { cookie: ann.sessionCookie }, redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(fixtures.mp3))).toBe(true);

    expect((await bob.get(audio)).status).toBe(404);
    expect((await bob.get(`/api/transcripts/${id}`)).status).toBe(404);
    expect((await new Browser(stack.url).get(audio)).status).toBe(401);
  });

  it('takes a video, puts timestamps in the text when asked, and skips the summary when not asked', async () => {
    const answer = await ann.post('/api/transcribe', fileForm(fixtures.mp4, 'talk.mp4', { include_timestamps: 'true', use_ai_summary: 'false' }));
    expect(answer.status).toBe(200);
    const transcript = await settled(ann, answer.body.id as string);
    expect(transcript.status).toBe('complete');
    expect(transcript.text).toMatch(/^\[00:00:0\d\] /);
    expect(transcript.summary).toBe('');
    expect(wordErrorRate(SPOKEN_TEXT, (transcript.text as string).replace(/\[[\d:]+\] /g, ''))).toBeLessThanOrEqual(0.25);
  });

  it('completes a recording with no speech with an empty text, and no topic or summary made up', async () => {
    const silence = join(mkdtempSync(join(tmpdir(), 'silence-')), 'silence.wav');
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.02:duration=4:seed=3', '-ar', '16000', '-ac', '1', silence]);
    const answer = await ann.post('/api/transcribe', fileForm(silence, 'quiet room.wav', {}));
    expect(answer.status).toBe(200);
    expect(await settled(ann, answer.body.id as string)).toMatchObject({ status: 'complete', text: '', topic: '', summary: '' });
  });

  it('says what this server can do (no session needed), and refuses what it cannot with 422 before anything is stored', async () => {
    const capabilities = await new Browser(stack.url).get('/api/capabilities');
    expect(capabilities.status).toBe(200);
    expect(capabilities.body).toEqual({
      transcription: { languages: ['English'], speaker_identification: true, max_speakers: 10 },
      translation: { languages: expect.arrayContaining(['English', 'Spanish', 'French']) },
      summary: 'extractive',
      ask: 'passages',
      // Search by meaning when the sentence encoder's packages are installed (functions/engines/embeddings/local-sentence-encoder.ts).
      search: { meaning: sentenceEncoderInstalled() },
      summary_templates: ['key_points', 'action_items'],
      live: { languages: ['English'], engine: 'browser' },
    });
    const before = (await ann.get('/api/transcripts')).body;
    const french = await ann.post('/api/transcribe', fileForm(fixtures.wav, 'french.wav', { language: 'fr' }));
    expect(french).toMatchObject({ status: 422, body: { error: MESSAGES.languageNotTranscribable('French') } });
    const upload = await ann.post('/api/uploads', { filename: 'talk.mp3', size: 1000, language: 'German' });
    expect(upload).toMatchObject({ status: 422, body: { error: MESSAGES.languageNotTranscribable('German') } });
    expect((await ann.post('/api/uploads', { filename: 'talk.mp3', size: 1000, language: 'en', diarization: true })).status).toBe(200);
    expect((await ann.get('/api/transcripts')).body).toEqual(before);
  });

  it('takes language auto and answers the language heard; marks speech that is not in the chosen language, and not the rest', async () => {
    const english = await ann.post('/api/transcribe', fileForm(fixtures.wav, 'spoken.wav', { language: 'auto' }));
    expect(english.status).toBe(200);
    expect(await settled(ann, english.body.id as string)).toMatchObject({ status: 'complete', language: 'en', language_mismatch: false });
    // Real Spanish speech (FLEURS, 12.8 s) sent as English, the default.
    const spanish = join(mkdtempSync(join(tmpdir(), 'spanish-')), 'spanish.wav');
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', clipPath(CLIPS.fleurs), '-t', '12.84', spanish]);
    const marked = await ann.post('/api/transcribe', fileForm(spanish, 'entrevista.wav', {}));
    expect(await settled(ann, marked.body.id as string)).toMatchObject({ status: 'complete', language: 'en', language_mismatch: true });
    expect((await ann.post('/api/uploads', { filename: 'talk.mp3', size: 1000, language: 'auto' })).status).toBe(200);
  });

  it('runs a transcript the engine doubted again in another language, in one call; one it was sure of is not run again', async () => {
    const spanish = join(mkdtempSync(join(tmpdir(), 'spanish-')), 'spanish.wav');
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', clipPath(CLIPS.fleurs), '-t', '12.84', spanish]);
    const id = (await ann.post('/api/transcribe', fileForm(spanish, 'entrevista.wav', {}))).body.id as string;
    expect(await settled(ann, id)).toMatchObject({ status: 'complete', language_mismatch: true });
    expect(await ann.post(`/api/transcripts/${id}/retry`, { language: 'French' })).toMatchObject({ status: 422, body: { error: MESSAGES.languageNotTranscribable('French') } });
    expect(await ann.post(`/api/transcripts/${id}/retry`, { language: 'auto' })).toMatchObject({ status: 200, body: { status: 'processing', language_mismatch: false } });
    // Only English is installed here: the engine finds English, and still doubts it.
    expect(await settled(ann, id)).toMatchObject({ status: 'complete', language: 'en', language_mismatch: true });
    const sure = (await ann.post('/api/transcribe', fileForm(fixtures.wav, 'spoken.wav', {}))).body.id as string;
    expect(await settled(ann, sure)).toMatchObject({ status: 'complete', language_mismatch: false });
    expect(await ann.post(`/api/transcripts/${sure}/retry`, { language: 'auto' })).toMatchObject({ status: 409 });
  }, 240_000);

  it('refuses a file that is not audio or video by its bytes (415), an empty one (400), no file (400) and bad options (400)', async () => {
    const text = new FormData();
    text.append('file', new Blob(['just some text, not a song']), 'song.mp3');
    expect(await ann.post('/api/transcribe', text)).toMatchObject({ status: 415, body: { error: expect.stringMatching(/not audio or video/) } });
    const empty = new FormData();
    empty.append('file', new Blob([]), 'empty.mp3');
    expect((await ann.post('/api/transcribe', empty)).status).toBe(400);
    expect(await ann.post('/api/transcribe', new FormData())).toMatchObject({ status: 400, body: { error: 'Please choose a file.' } });
    expect((await ann.post('/api/transcribe', fileForm(fixtures.wav, 'a.wav', { language: 'Klingon' }))).status).toBe(400);
    expect((await ann.post('/api/transcribe', fileForm(fixtures.wav, 'a.wav', { project_id: 'someone-elses' }))).status).toBe(404);
  });
});

describe('speaker_count', () => {
  it('is auto, or 2 to 10 (400 otherwise), and reaches the engine: with speakers on, exactly that many', async () => {
    for (const count of ['1', '11', 'x', '2.5']) {
      expect(await ann.post('/api/transcribe', fileForm(fixtures.wav, 'a.wav', { diarization: 'true', speaker_count: count }))).toMatchObject({ status: 400, body: { error: MESSAGES.speakerCount } });
    }
    const auto = await ann.post('/api/transcribe', fileForm(fixtures.wav, 'auto.wav', { diarization: 'true', speaker_count: 'auto' }));
    expect(auto.status).toBe(200);
    const three = await ann.post('/api/transcribe', fileForm(fixtures.mp3, 'three.mp3', { diarization: 'true', speaker_count: '3' }));
    expect(three.status).toBe(200);
    expect(await settled(ann, three.body.id as string)).toMatchObject({ status: 'complete', speakers: ['Speaker 1', 'Speaker 2', 'Speaker 3'] });
  });
});

describe('direct upload (presigned PUT), then POST /api/transcribe with the upload id', () => {
  it('uploads straight to storage and starts one job however often Transcribe is pressed', async () => {
    const bytes = readFileSync(fixtures.wav);
    const upload = await ann.post('/api/uploads', { filename: 'memo.wav', size: bytes.length });
    expect(upload.status).toBe(200);
    const put = await fetch(upload.body.url as string, { method: 'PUT', body: bytes, headers: { origin: stack.url } });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(stack.url);

    const request = { upload_id: upload.body.upload_id, language: 'English', use_ai_summary: false };
    const [first, second] = await Promise.all([ann.post('/api/transcribe', request), ann.post('/api/transcribe', request)]);
    expect(first.body.id).toBe(second.body.id);
    const transcript = await settled(ann, first.body.id as string);
    expect(transcript).toMatchObject({ status: 'complete', filename: 'memo.wav' });
    const executions = stack.workflow.executions().filter((execution) => (JSON.parse(execution.input) as { transcriptId: string }).transcriptId === first.body.id);
    expect(executions).toHaveLength(1);

    expect((await bob.post('/api/transcribe', request)).status).toBe(404);
  });

  it('refuses uploads over the limit, and removes a stored file that is not media (415)', async () => {
    expect((await ann.post('/api/uploads', { filename: 'huge.wav', size: 3 * 1024 ** 3 })).status).toBe(413);
    const upload = await ann.post('/api/uploads', { filename: 'fake.mp3', size: 20 });
    await fetch(upload.body.url as string, { method: 'PUT', body: 'this is plain text!!' });
    const answer = await ann.post(`/api/uploads/${upload.body.upload_id}/complete`, {});
    expect(answer).toMatchObject({ status: 415, body: { error: expect.stringMatching(/not audio or video/) } });
    expect((await ann.post('/api/transcribe', { upload_id: upload.body.upload_id })).status).toBe(409);
  });
});

describe('reading', () => {
  it('answers 404 for unknown, malformed and other users\' ids, and 401 without a session', async () => {
    expect((await ann.get('/api/transcripts/unknownid1234')).status).toBe(404);
    expect((await ann.get('/api/transcripts/..%2F..%2Fetc')).status).toBe(404);
    expect((await ann.get('/uploads/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await new Browser(stack.url).get('/api/transcripts/unknownid1234')).status).toBe(401);
  });
});
