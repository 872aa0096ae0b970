/**
 * The local speech engine on real speech (test/fixtures/real-speech/): WER and real-time factor of
 * Moonshine next to pocketsphinx 0.8 (the first local engine, Debian) on the same clips in the same
 * run; word-timing figures on joined utterances; peak memory of one job in its own process, on three
 * minutes of speech and on the longest recording the app takes (four hours, silent: issue 25).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { wordErrorRate } from '../../functions/domain/wer';
import { MoonshineSpeechEngine } from '../../functions/engines/speech/local-moonshine';
import { clipPath, CLIPS, joinClips, TIMING_UTTERANCES, type Clip, type JoinedPart } from '../fixtures/real-speech';
import { plainText, timingFigures } from '../fixtures/speech-measures';
import { MAX_RECORDING_SECONDS } from '../../functions/domain/constants';
import { atLeast, atMost, info, round, type Figure } from './figures';

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

/** The longest recording the app takes, as a small MP3 of silence (issue 25: 2 hours of it ran the app out of heap). */
function fourSilentHours(path: string): string {
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', String(MAX_RECORDING_SECONDS), '-c:a', 'libmp3lame', '-b:a', '8k', path]);
  return path;
}

export async function measureSpeech(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-speech-'));
  const engine = new MoonshineSpeechEngine({ fetchMedia: async () => undefined });
  const started = performance.now();
  const results = [];
  let seconds = 0;
  for (const clip of ENGLISH) {
    const result = await engine.transcribeFile(clipPath(clip));
    seconds += result.audioSeconds;
    results.push({ clip, text: plainText(result.transcript) });
  }
  const figures: Figure[] = [
    info('speech', `real English speech (${ENGLISH.length} clips)`, round(seconds, 1), 's'),
    atMost('speech', 'Moonshine tiny: WER, real English speech', round(pooledWer(results)), '', 0.12),
    info('speech', 'Moonshine tiny: real-time factor, same clips (model load included)', round((performance.now() - started) / 1000 / seconds), '×'),
    ...(await measurePocketsphinx(seconds)),
  ];

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

  const longest = await jobInOwnProcess(fourSilentHours(join(dir, 'four-hours.mp3')));
  figures.push(
    info('speech', 'longest recording the app takes (silent MP3)', round(longest.audioSeconds / 3600, 2), 'h'),
    info('speech', 'its job in a process of its own: wall time', round(longest.seconds / 60, 1), 'min'),
    atMost('speech', 'peak memory of the 4-hour job (its process + its recognition worker)', round(longest.peakMb, 0), 'MB', 600),
  );
  return figures;
}
