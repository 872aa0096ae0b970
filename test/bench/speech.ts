/**
 * The local speech engine on real speech (test/fixtures/real-speech/ and its conversations/): per clip, WER raw and with
 * the English normaliser, the language-mismatch mark, real-time factor and the recognition worker's peak
 * memory, by the windowed method and by the previous one (each speech span alone) in the same run;
 * Moonshine next to pocketsphinx 0.8 (the first local engine, Debian); word-timing figures on joined
 * utterances; peak memory of one job in its own process, on three minutes of speech and on the longest
 * recording the app takes (four hours: real speech looped with silence between, issue 27).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { normalizeEnglish } from '../../functions/domain/english-normaliser';
import type { DecoderConfidence } from '../../functions/domain/language-check';
import { normalizeWords, wordErrorRate } from '../../functions/domain/wer';
import { MoonshineSpeechEngine } from '../../functions/engines/speech/local-moonshine';
import { ProcessRecognizer } from '../../functions/engines/speech/recognition-process';
import { CONVERSATIONS_DIR } from '../fixtures/conversations';
import { clipPath, CLIPS, joinClips, REAL_SPEECH_DIR, SYNTHETIC_CLIPS, syntheticPath, TIMING_UTTERANCES, type Clip, type JoinedPart } from '../fixtures/real-speech';
import { plainText, timingFigures } from '../fixtures/speech-measures';
import { MAX_RECORDING_SECONDS } from '../../functions/domain/constants';
import { atLeast, atMost, info, round, type Figure } from './figures';
import { childrenPeakMb, resetChildrenPeaks } from './process-memory';

const run = promisify(execFile);
const ENGLISH: Clip[] = [CLIPS.jfk, CLIPS.librispeech];
const POCKETSPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us';

/** About three minutes of real English speech: the English clips in turn, with pauses. */
export function threeMinutes(path: string): ReturnType<typeof joinClips> {
  const parts: JoinedPart[] = Array.from({ length: 9 }, (_, index) => [
    { clip: CLIPS.jfk, silenceAfter: 0.8 + (index % 3) * 0.4 },
    { clip: CLIPS.librispeech, silenceAfter: 0.6 + (index % 2) * 1.2 },
  ]).flat();
  return joinClips(path, parts);
}

/** Word-weighted WER over clips: total edits over total reference words. */
function pooledWer(results: { clip: Clip; text: string }[]): number {
  const words = results.reduce((sum, result) => sum + result.clip.text.split(/\s+/).length, 0);
  return results.reduce((sum, result) => sum + wordErrorRate(result.clip.text, result.text) * result.clip.text.split(/\s+/).length, 0) / words;
}

async function pocketsphinx(wav: string): Promise<string> {
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', wav, '-hmm', join(POCKETSPHINX_MODEL, 'en-us'), '-lm', join(POCKETSPHINX_MODEL, 'en-us.lm.bin'), '-dict', join(POCKETSPHINX_MODEL, 'cmudict-en-us.dict'), '-logfn', '/dev/null']);
  return stdout.trim();
}

async function measurePocketsphinx(seconds: number): Promise<Figure[]> {
  try {
    const started = performance.now();
    const results = [];
    for (const clip of ENGLISH) results.push({ clip, text: await pocketsphinx(clipPath(clip)) });
    return [
      info('speech', 'pocketsphinx 0.8: WER, real English speech', round(pooledWer(results)), ''),
      info('speech', 'pocketsphinx 0.8: real-time factor, same clips', round((performance.now() - started) / 1000 / seconds), '×'),
    ];
  } catch {
    return [info('speech', 'pocketsphinx 0.8 not installed (apt-get install pocketsphinx pocketsphinx-en-us): no comparison', 0, '')];
  }
}

interface JobFigures {
  seconds: number;
  /** Peak resident memory of the job's process, of its recognition worker's, and their sum. */
  appMb: number;
  workerMb: number;
  peakMb: number;
  audioSeconds: number;
}

/** One job in a process of its own (speech-job.ts): wall time including model load, and peak resident memory. */
async function jobInOwnProcess(recording: string): Promise<JobFigures> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(__dirname, 'speech-job.ts'), recording], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as JobFigures;
}

/**
 * The longest recording the app takes, 4 hours: each hour starts with the three minutes of real speech and
 * is silent after it (FLAC, small). The speech is looped rather than continuous so the bench stays minutes
 * long; what a job holds per word is measured on it, its windows are the same whatever the length.
 */
function fourHours(threeMinutesWav: string, path: string): string {
  const hour = `${path}.hour.wav`;
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', threeMinutesWav, '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-filter_complex', '[1]atrim=0:3600[s];[0][s]concat=n=2:v=0:a=1,atrim=0:3600[a]', '-map', '[a]', '-ac', '1', '-ar', '16000', hour]);
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-stream_loop', '3', '-i', hour, '-t', String(MAX_RECORDING_SECONDS), '-c:a', 'flac', path]);
  return path;
}

/** A recording with its reference text, as the bench scores it. */
interface BenchClip {
  name: string;
  path: string;
  text: string;
  /** The language spoken (the engine is always asked for English: another language should be marked). */
  language: string;
  /** Whether the language check's limits were chosen on it ('tune') or it was held back ('held back'). */
  set: 'tune' | 'held back' | 'synthetic';
  /** More than one voice. */
  speakers: number;
}

/** The bench's clips: the repository's, its conversations, Spanish halves, and synthetic French and German (espeak-ng's, committed). */
function benchClips(dir: string): BenchClip[] {
  const clips: BenchClip[] = ENGLISH.map((clip) => ({ name: clip.name, path: clipPath(clip), text: clip.text, language: 'en', set: 'held back', speakers: 1 }));
  const conversations = CONVERSATIONS_DIR;
  for (const [name, set, speakers] of [['dev_2spk_female', 'tune', 2], ['dev_3spk_mixed', 'tune', 3], ['dev_4spk_levels', 'held back', 4]] as const) {
    clips.push({ name, path: join(conversations, `${name}.wav`), text: readFileSync(join(conversations, `${name}.txt`), 'utf8'), language: 'en', set, speakers });
  }
  // A real meeting (overlapping voices, no transcript): only its language mark counts.
  clips.push({ name: 'dev_real_meeting_ami_4spk', path: join(conversations, 'dev_real_meeting_ami_4spk.wav'), text: '', language: 'en', set: 'held back', speakers: 4 });
  // FLEURS Spanish: its first four utterances chose the limits, the last four are held back.
  const spanish = readFileSync(join(REAL_SPEECH_DIR, `${CLIPS.fleurs.name}.segments.tsv`), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  for (const [set, rows] of [['tune', spanish.slice(0, 4)], ['held back', spanish.slice(4)]] as const) {
    const path = join(dir, `fleurs-${set.replace(' ', '-')}.wav`);
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', clipPath(CLIPS.fleurs), '-ss', rows[0]![0]!, '-to', rows.at(-1)![1]!, path]);
    clips.push({ name: `es_fleurs utterances ${set === 'tune' ? '1-4' : '5-8'}`, path, text: rows.map((row) => row[2]).join(' '), language: 'es', set, speakers: 4 });
  }
  for (const clip of SYNTHETIC_CLIPS) clips.push({ name: clip.name, path: syntheticPath(clip), text: clip.text, language: clip.language, set: 'synthetic', speakers: 1 });
  return clips;
}

interface ClipResult {
  clip: BenchClip;
  raw: number;
  normalised: number;
  mismatch: boolean;
  confidence: DecoderConfidence;
  rtf: number;
  peakMb: number;
}

/** Each clip sent as English through the engine's own worker process; its peak resident memory is reset before each clip. */
async function measureClips(engine: MoonshineSpeechEngine, clips: readonly BenchClip[], spanBySpan: boolean): Promise<ClipResult[]> {
  const results: ClipResult[] = [];
  for (const clip of clips) {
    resetChildrenPeaks();
    const started = performance.now();
    const result = await engine.transcribeFile(clip.path, { language: 'en', ...(spanBySpan ? { spanBySpan } : {}) });
    const seconds = (performance.now() - started) / 1000;
    const text = plainText(result.transcript);
    const english = clip.language === 'en' && clip.text !== '';
    results.push({
      clip,
      raw: english ? wordErrorRate(clip.text, text) : Number.NaN,
      normalised: english ? wordErrorRate(clip.text, text, normalizeEnglish) : Number.NaN,
      mismatch: result.languageMismatch,
      confidence: result.confidence,
      rtf: seconds / result.audioSeconds,
      peakMb: childrenPeakMb().reduce((sum, peak) => sum + peak, 0),
    });
  }
  return results;
}

/** Word-weighted WER of the English clips with a transcript: total edits over total reference words. */
function pooled(results: readonly ClipResult[], key: 'raw' | 'normalised'): number {
  const scored = results.filter((result) => !Number.isNaN(result[key]));
  const words = (result: ClipResult): number => (key === 'raw' ? normalizeWords : normalizeEnglish)(result.clip.text).length;
  return scored.reduce((sum, result) => sum + result[key] * words(result), 0) / scored.reduce((sum, result) => sum + words(result), 0);
}

function clipFigures(method: string, results: readonly ClipResult[]): Figure[] {
  const figures = results.flatMap(({ clip, raw, normalised, mismatch, rtf, peakMb }) => [
    ...(Number.isNaN(raw) ? [] : [info('speech clips', `${method}: ${clip.name}: WER raw`, round(raw), ''), info('speech clips', `${method}: ${clip.name}: WER normalised`, round(normalised), '')]),
    info('speech clips', `${method}: ${clip.name} (${clip.language}, ${clip.set}): marked as not English`, mismatch ? 1 : 0, ''),
    info('speech clips', `${method}: ${clip.name}: real-time factor`, round(rtf), '×'),
    info('speech clips', `${method}: ${clip.name}: worker peak memory`, round(peakMb, 0), 'MB'),
  ]);
  const conversations = results.filter((result) => result.clip.speakers > 1 && result.clip.language === 'en');
  return [
    ...figures,
    info('speech', `${method}: WER raw, multi-speaker English conversations`, round(pooled(conversations, 'raw')), ''),
    info('speech', `${method}: WER normalised, multi-speaker English conversations`, round(pooled(conversations, 'normalised')), ''),
  ];
}

/** The language check's targets: no English clip marked, every clip in another language marked. */
function languageFigures(results: readonly ClipResult[]): Figure[] {
  const english = results.filter((result) => result.clip.language === 'en');
  const other = results.filter((result) => result.clip.language !== 'en');
  return [
    atMost('speech', 'English clips marked as not English', english.filter((result) => result.mismatch).length, '', 0),
    atLeast('speech', 'clips in another language marked as not English (share)', round(other.filter((result) => result.mismatch).length / Math.max(1, other.length)), '', 1),
  ];
}

/** The language check alone (`npx tsx test/bench/run.ts language`): every clip sent as English, each one's mark and the decoder's figures. */
export async function measureLanguage(): Promise<Figure[]> {
  const recognizer = new ProcessRecognizer();
  const engine = new MoonshineSpeechEngine({ fetchMedia: async () => undefined, recognizer });
  const results = await measureClips(engine, benchClips(mkdtempSync(join(tmpdir(), 'bench-language-'))), false);
  void recognizer.stop();
  const figures = results.flatMap(({ clip, mismatch, confidence }) => [
    info('language', `${clip.name} (${clip.language}, ${clip.set}): marked as not English`, mismatch ? 1 : 0, ''),
    info('language', `${clip.name}: mean token log-probability`, round(confidence.meanLogProb), ''),
    info('language', `${clip.name}: toss-up tokens (share)`, round(confidence.lowShare), ''),
  ]);
  return [...figures, ...languageFigures(results)];
}

export async function measureSpeech(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-speech-'));
  const recognizer = new ProcessRecognizer();
  const engine = new MoonshineSpeechEngine({ fetchMedia: async () => undefined, recognizer });
  // The worker loads its model on its first recording: not counted in the clips' real-time factors.
  await engine.transcribeFile(clipPath(CLIPS.jfk));
  const clips = benchClips(dir);
  const windowed = await measureClips(engine, clips, false);
  const previous = await measureClips(engine, clips, true);
  const conversations = windowed.filter((result) => result.clip.speakers > 1 && result.clip.language === 'en');
  const started = performance.now();
  const results = [];
  let seconds = 0;
  for (const clip of ENGLISH) {
    const result = await engine.transcribeFile(clipPath(clip));
    seconds += result.audioSeconds;
    results.push({ clip, text: plainText(result.transcript) });
  }
  const figures: Figure[] = [
    ...clipFigures('windows', windowed),
    ...clipFigures('previous (each span alone)', previous),
    atMost('speech', 'windows: WER raw, multi-speaker English conversations (target)', round(pooled(conversations, 'raw')), '', 0.1),
    atMost('speech', 'windows: WER normalised, multi-speaker English conversations (target)', round(pooled(conversations, 'normalised')), '', 0.08),
    ...languageFigures(windowed),
    info('speech', `real English speech (${ENGLISH.length} clips)`, round(seconds, 1), 's'),
    atMost('speech', 'Moonshine tiny: WER, real English speech', round(pooledWer(results)), '', 0.12),
    info('speech', 'Moonshine tiny: real-time factor, same clips (model loaded)', round((performance.now() - started) / 1000 / seconds), '×'),
    ...(await measurePocketsphinx(seconds)),
  ];
  // The kill goes at once; its exit is not awaited: an idle worker holds nothing open, so the wait would let the bench end.
  void recognizer.stop();

  const joined = join(dir, 'utterances.wav');
  const utterances = joinClips(joined, TIMING_UTTERANCES);
  const timing = timingFigures((await engine.transcribeFile(joined)).transcript, utterances);
  figures.push(
    atLeast('speech', 'word starts inside their utterance (4 joined utterances)', round(timing.startsInside), '', 0.95),
    atMost('speech', 'median error of first-word starts vs speech onset', round(timing.medianOnsetErrorMs, 0), 'ms', 120),
  );

  const long = join(dir, 'three-minutes.wav');
  threeMinutes(long);
  const job = await jobInOwnProcess(long);
  figures.push(
    info('speech', 'long recording (real English speech, joined)', round(job.audioSeconds, 1), 's'),
    atMost('speech', 'real-time factor of one job in its own process (model load included)', round(job.seconds / job.audioSeconds), '×', 0.1),
    atMost('speech', 'peak memory of the three-minute job (its process + its recognition worker)', round(job.peakMb, 0), 'MB', 600),
  );

  const longest = await jobInOwnProcess(fourHours(long, join(dir, 'four-hours.flac')));
  figures.push(
    info('speech', 'longest recording the app takes (FLAC; 3.3 minutes of real speech at the start of each hour)', round(longest.audioSeconds / 3600, 2), 'h'),
    info('speech', 'its job in a process of its own: wall time', round(longest.seconds / 60, 1), 'min'),
    atMost('speech', 'peak memory of the 4-hour job (its process + its recognition worker)', round(longest.peakMb, 0), 'MB', 600),
  );
  return figures;
}
