/** The real local speech engine (ffmpeg + pocketsphinx) on speech generated at test time. */
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTranscript } from '../../functions/domain/parse-transcript';
import { wordErrorRate } from '../../functions/domain/wer';
import { EngineError } from '../../functions/engines/engine-error';
import { runTool } from '../../functions/engines/run-tool';
import { PocketsphinxSpeechEngine, type LocalTranscription } from '../../functions/engines/speech/local-pocketsphinx';
import type { SpeechJob } from '../../functions/engines/speech/types';
import { makeSpokenFixtures, SPOKEN_TEXT, type SpokenFixtures } from '../fixtures/spoken';

jest.setTimeout(60_000);

/** Measured on these fixtures (flite "slt", 17 s): wav 9.1% in 2 chunks (6.8% whole), mp3 11.4%, mp4 6.8%; bound with margin. */
const MAX_WER = 0.2;

let dir: string;
let fixtures: SpokenFixtures;
/** The engine's work dirs go under os.tmpdir(): a private one here, so other processes don't disturb the checks. */
let engineTmp: string;
const savedTmpdir = process.env.TMPDIR;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engines-speech-'));
  engineTmp = join(dir, 'tmp');
  await mkdir(engineTmp);
  process.env.TMPDIR = engineTmp;
  fixtures = await makeSpokenFixtures(dir);
});

afterAll(async () => {
  process.env.TMPDIR = savedTmpdir;
  await rm(dir, { recursive: true, force: true });
});

const plainText = (result: LocalTranscription): string => parseTranscript(result.transcript, { verbatim: true, diarization: false, includeTimestamps: false }).text;

function expectPlausibleTimes(result: LocalTranscription, seconds: number): void {
  const words = parseTranscript(result.transcript, { verbatim: true, diarization: false, includeTimestamps: false }).word_timings.flatMap((group) => group.words);
  expect(words.length).toBeGreaterThan(30);
  words.forEach((word, index) => {
    expect(word.end).toBeGreaterThan(word.start);
    expect(word.start).toBeGreaterThanOrEqual(0);
    expect(word.end).toBeLessThanOrEqual(Math.ceil(seconds * 1000));
    if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
  });
}

describe('PocketsphinxSpeechEngine', () => {
  it('transcribes a WAV close to the spoken text, cut at silences into parallel chunks', async () => {
    const engine = new PocketsphinxSpeechEngine({ fetchMedia: async () => undefined, maxParallel: 2, minChunkSeconds: 5 });
    const result = await engine.transcribeFile(fixtures.wav);
    expect(result.chunks).toBe(2);
    expect(result.audioSeconds).toBeCloseTo(fixtures.seconds, 1);
    expect(wordErrorRate(SPOKEN_TEXT, plainText(result))).toBeLessThanOrEqual(MAX_WER);
    expectPlausibleTimes(result, fixtures.seconds);
    // Pauses between sentences end sentences, so ParseTranscript can group them.
    expect(parseTranscript(result.transcript, { verbatim: false, diarization: false, includeTimestamps: false }).word_timings.length).toBeGreaterThanOrEqual(4);
  });

  it('transcribes an MP3, and the audio of an MP4 video', async () => {
    const engine = new PocketsphinxSpeechEngine({ fetchMedia: async () => undefined });
    for (const file of [fixtures.mp3, fixtures.mp4]) {
      const result = await engine.transcribeFile(file);
      expect(wordErrorRate(SPOKEN_TEXT, plainText(result))).toBeLessThanOrEqual(MAX_WER);
      expectPlausibleTimes(result, fixtures.seconds);
    }
  });

  it('fetches the media of a job, answers in Transcribe’s shape and leaves no temporary files', async () => {
    const fetched: string[] = [];
    const engine = new PocketsphinxSpeechEngine({
      fetchMedia: async (media, destination) => {
        fetched.push(`${media.bucket}/${media.key}`);
        await copyFile(fixtures.mp3, destination);
      },
    });
    const answer = await engine.start(job('English'));
    expect(fetched).toEqual(['bucket/users/u1/media/m1']);
    expect(answer.status).toBe('completed');
    if (answer.status !== 'completed') return;
    expect(answer.transcript.jobName).toBe('job-1');
    expect(wordErrorRate(SPOKEN_TEXT, answer.transcript.results.transcripts[0]!.transcript)).toBeLessThanOrEqual(MAX_WER);
    expect(await readdir(engineTmp)).toEqual([]);
  });

  it('refuses other languages clearly, before fetching anything', async () => {
    const fetchMedia = jest.fn();
    const engine = new PocketsphinxSpeechEngine({ fetchMedia });
    await expect(engine.start(job('fr'))).rejects.toThrow(new EngineError('unsupported-language', 'Local transcription supports English only. French can be transcribed by the AWS deployment (Amazon Transcribe).'));
    expect(fetchMedia).not.toHaveBeenCalled();
  });

  it('says a file that is not media cannot be decoded, and cleans up', async () => {
    const notMedia = join(dir, 'notes.mp3');
    await writeFile(notMedia, 'This is a text file with an audio name.\n');
    await expect(new PocketsphinxSpeechEngine({ fetchMedia: async () => undefined }).transcribeFile(notMedia)).rejects.toMatchObject({ code: 'bad-media', message: expect.stringMatching(/could not be decoded/) });
    expect(await readdir(engineTmp)).toEqual([]);
  });

  it('says which Debian package is missing', async () => {
    const noModel = new PocketsphinxSpeechEngine({ fetchMedia: async () => undefined, modelDir: join(dir, 'no-model') });
    await expect(noModel.transcribeFile(fixtures.wav)).rejects.toMatchObject({ code: 'tool-missing', message: expect.stringMatching(/pocketsphinx-en-us/) });

    await expect(runTool('no-such-tool-here', ['-h'], { debianPackage: 'ffmpeg' })).rejects.toThrow(
      new EngineError('tool-missing', 'no-such-tool-here is not installed. Install the Debian package ffmpeg (apt-get install ffmpeg).'),
    );
  });
});

function job(language: string): SpeechJob {
  return { jobName: 'job-1', media: { bucket: 'bucket', key: 'users/u1/media/m1' }, language, diarization: false, output: { bucket: 'bucket', key: 'out.json' } };
}
