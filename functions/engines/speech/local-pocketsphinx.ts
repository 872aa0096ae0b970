/**
 * Local speech engine: ffmpeg decodes any audio or video to 16 kHz mono 16-bit PCM (pocketsphinx
 * fails silently on anything else) and finds the silences; the audio is cut at silences into up
 * to one chunk per core, each recognised by pocketsphinx_continuous in parallel; word times are
 * offset back and written in Amazon Transcribe's JSON shape. English only; no speaker labels.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { findLanguage } from '../../domain/languages';
import type { TranscribeJson } from '../../domain/transcribe-json';
import { EngineError } from '../engine-error';
import { runTool } from '../run-tool';
import type { S3Location, SpeechEngine, SpeechJob, SpeechStart } from './types';

const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;
/** Quieter than this for at least 0.2 s counts as a pause to cut at. */
const SILENCE_FILTER = 'silencedetect=noise=-30dB:d=0.2';
/** A pause this long ends a sentence; so does any pause once a sentence is this many words long. */
const SENTENCE_PAUSE_SECONDS = 0.3;
const LONG_SENTENCE_WORDS = 25;
/** Shorter than this holds no word. */
const MIN_AUDIO_SECONDS = 0.1;
const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export interface LocalSpeechOptions {
  /** Copies the uploaded recording to a local file (from S3, or s3rver locally). */
  fetchMedia: (media: S3Location, destination: string) => Promise<void>;
  /** Most chunks run at once; defaults to the number of cores. */
  maxParallel?: number;
  /** Chunks shorter than this aren't worth pocketsphinx's start-up time (about 2 s). */
  minChunkSeconds?: number;
  /** The pocketsphinx-en-us model directory. */
  modelDir?: string;
}

export interface LocalTranscription {
  transcript: TranscribeJson;
  audioSeconds: number;
  chunks: number;
}

/** A stretch of the recording, in seconds: a silence, or a chunk to recognise. */
export interface TimeSpan {
  start: number;
  end: number;
}

export interface RecognizedWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
}

export class PocketsphinxSpeechEngine implements SpeechEngine {
  private readonly maxParallel: number;
  private readonly minChunkSeconds: number;
  private readonly modelDir: string;

  constructor(private readonly options: LocalSpeechOptions) {
    this.maxParallel = options.maxParallel ?? availableParallelism();
    this.minChunkSeconds = options.minChunkSeconds ?? 20;
    this.modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  }

  async start(job: SpeechJob): Promise<SpeechStart> {
    assertEnglish(job.language);
    const { transcript } = await withWorkDir(async (dir) => {
      const input = join(dir, 'input');
      await this.options.fetchMedia(job.media, input);
      return this.transcribeIn(dir, input, job.jobName);
    });
    return { status: 'completed', transcript };
  }

  /** Transcribes a local audio or video file (the benchmark and tests call this directly). */
  transcribeFile(path: string, jobName = 'local'): Promise<LocalTranscription> {
    return withWorkDir((dir) => this.transcribeIn(dir, path, jobName));
  }

  private async transcribeIn(dir: string, input: string, jobName: string): Promise<LocalTranscription> {
    await this.assertModel();
    const raw = join(dir, 'audio.raw');
    const silences = await decode(input, raw);
    const audioSeconds = (await stat(raw)).size / BYTES_PER_SECOND;
    if (audioSeconds < MIN_AUDIO_SECONDS) return { transcript: toTranscribeJson(jobName, []), audioSeconds, chunks: 0 };
    const chunks = planChunks(audioSeconds, silences, this.maxParallel, this.minChunkSeconds);
    // Settle every run before failing, so no pocketsphinx still reads a chunk when the work dir goes.
    const runs = await Promise.allSettled(chunks.map((chunk, index) => this.recognizeChunk(raw, join(dir, `chunk-${index}.wav`), chunk)));
    const failed = runs.find((run) => run.status === 'rejected');
    if (failed) throw failed.reason;
    const sentences = runs.flatMap((run) => (run.status === 'fulfilled' ? run.value : []));
    return { transcript: toTranscribeJson(jobName, sentences), audioSeconds, chunks: chunks.length };
  }

  private async recognizeChunk(raw: string, wav: string, chunk: TimeSpan): Promise<RecognizedWord[][]> {
    await writeWavSlice(raw, wav, chunk);
    const { exitCode, stdout } = await runTool('pocketsphinx_continuous', ['-infile', wav, '-time', 'yes', '-hmm', join(this.modelDir, 'en-us'), '-lm', join(this.modelDir, 'en-us.lm.bin'), '-dict', join(this.modelDir, 'cmudict-en-us.dict'), '-logfn', devNull], {
      debianPackage: 'pocketsphinx',
    });
    if (exitCode !== 0) throw new EngineError('failed', `Speech recognition failed (pocketsphinx exit code ${exitCode}).`);
    return parsePocketsphinx(stdout, chunk.start);
  }

  private async assertModel(): Promise<void> {
    try {
      await access(join(this.modelDir, 'en-us.lm.bin'));
    } catch {
      throw new EngineError('tool-missing', `The English speech model is not installed in ${this.modelDir}. Install the Debian package pocketsphinx-en-us (apt-get install pocketsphinx-en-us).`);
    }
  }
}

function assertEnglish(language: string): void {
  const found = findLanguage(language);
  if (found?.code === 'en') return;
  const name = found?.name ?? `"${language}"`;
  throw new EngineError('unsupported-language', `Local transcription supports English only. ${name} can be transcribed by the AWS deployment (Amazon Transcribe).`);
}

async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'speech-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Decodes the first audio stream to raw 16 kHz mono s16le and returns the silences ffmpeg heard. */
async function decode(input: string, raw: string): Promise<TimeSpan[]> {
  const args = ['-nostdin', '-hide_banner', '-nostats', '-i', input, '-map', '0:a:0', '-af', SILENCE_FILTER, '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', '-y', raw];
  const { exitCode, stderr } = await runTool('ffmpeg', args, { debianPackage: 'ffmpeg' });
  if (exitCode === 0) return parseSilences(stderr);
  if (/matches no streams/.test(stderr)) throw new EngineError('bad-media', 'The recording has no audio track.');
  throw new EngineError('bad-media', 'The recording could not be decoded. It may be damaged or in a format that is not supported.');
}

/** Silences from ffmpeg's silencedetect log; one still open at the end lasts to the end. */
export function parseSilences(ffmpegLog: string): TimeSpan[] {
  const silences: TimeSpan[] = [];
  let start: number | undefined;
  for (const match of ffmpegLog.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const seconds = Math.max(0, Number(match[2]));
    if (match[1] === 'start') start = seconds;
    else if (start !== undefined) {
      silences.push({ start, end: seconds });
      start = undefined;
    }
  }
  if (start !== undefined) silences.push({ start, end: Number.POSITIVE_INFINITY });
  return silences;
}

/**
 * Cuts [0, duration] into at most `maxChunks` spans of roughly equal length, each at least
 * `minChunkSeconds`, cutting only in the middle of a silence near each ideal cut point: a cut
 * through a word would lose it, so a cut with no silence nearby is left out.
 */
export function planChunks(duration: number, silences: readonly TimeSpan[], maxChunks: number, minChunkSeconds: number): TimeSpan[] {
  const count = Math.max(1, Math.min(maxChunks, Math.floor(duration / minChunkSeconds)));
  const reach = duration / count / 2;
  const cuts: number[] = [];
  for (let index = 1; index < count; index += 1) {
    const target = (duration * index) / count;
    const previous = cuts.at(-1) ?? 0;
    const nearest = silences
      .map((silence) => (silence.start + Math.min(silence.end, duration)) / 2)
      .filter((middle) => middle > previous && middle < duration && Math.abs(middle - target) <= reach)
      .sort((a, b) => Math.abs(a - target) - Math.abs(b - target))[0];
    if (nearest !== undefined) cuts.push(nearest);
  }
  const edges = [0, ...cuts, duration];
  return edges.slice(1).map((end, index) => ({ start: edges[index]!, end }));
}

/** Writes the samples of `span` from the raw PCM file as a WAV file. */
async function writeWavSlice(raw: string, wav: string, span: TimeSpan): Promise<void> {
  const startByte = Math.round(span.start * SAMPLE_RATE) * 2;
  const endByte = Math.round(span.end * SAMPLE_RATE) * 2;
  const dataBytes = Math.max(0, endByte - startByte);
  async function* content(): AsyncGenerator<Buffer> {
    yield wavHeader(dataBytes);
    if (dataBytes > 0) yield* createReadStream(raw, { start: startByte, end: endByte - 1 });
  }
  await pipeline(content, createWriteStream(wav));
}

/** The 44-byte header of a 16 kHz mono 16-bit PCM WAV file. */
export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/;

/**
 * Sentences of words from `pocketsphinx_continuous -time yes` output, times shifted by `offset`
 * seconds. Utterance ends and long pauses end sentences; markers such as <s>, </s>, <sil>,
 * [NOISE], [SPEECH] are not words, and alternate pronunciations lose their "(2)" suffix.
 */
export function parsePocketsphinx(output: string, offset: number): RecognizedWord[][] {
  const sentences: RecognizedWord[][] = [];
  let current: RecognizedWord[] = [];
  const endSentence = (): void => {
    if (current.length > 0) sentences.push(current);
    current = [];
  };
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue; // the hypothesis line of each utterance
    const [, token, start, end, confidence] = match as unknown as [string, string, string, string, string];
    const duration = Number(end) - Number(start);
    if (token === '</s>') endSentence();
    else if (token === '<sil>' && (duration >= SENTENCE_PAUSE_SECONDS || current.length >= LONG_SENTENCE_WORDS)) endSentence();
    if (/^[<[+]/.test(token)) continue;
    current.push({
      word: token.replace(/\(\d+\)$/, ''),
      start: round(Number(start) + offset),
      end: round(Number(end) + offset),
      confidence: Math.min(1, Math.max(0, Number(confidence))),
    });
  }
  endSentence();
  return sentences;
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Pocketsphinx's dictionary is lower case: capitalise sentence starts and the pronoun "I" as Transcribe would. */
function displayWord(word: string, startsSentence: boolean): string {
  if (/^i('|$)/.test(word)) return `I${word.slice(1)}`;
  return startsSentence ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** Sentences of recognised words → Amazon Transcribe's result JSON, a full stop after each sentence. */
export function toTranscribeJson(jobName: string, sentences: readonly RecognizedWord[][]): TranscribeJson {
  const items: TranscribeJson['results']['items'] = [];
  const texts: string[] = [];
  for (const sentence of sentences) {
    const words = sentence.map((word, index) => displayWord(word.word, index === 0));
    sentence.forEach((word, index) => {
      items.push({
        type: 'pronunciation',
        start_time: word.start.toFixed(3),
        end_time: word.end.toFixed(3),
        alternatives: [{ content: words[index]!, confidence: word.confidence.toFixed(3) }],
      });
    });
    items.push({ type: 'punctuation', alternatives: [{ content: '.', confidence: '0.0' }] });
    texts.push(`${words.join(' ')}.`);
  }
  return { jobName, status: 'COMPLETED', results: { transcripts: [{ transcript: texts.join(' ') }], items } };
}
