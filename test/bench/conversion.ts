/**
 * PrepareMedia's conversion (issue 13 point 5), run with the x64 twin of the layer's ffmpeg on what an iPhone
 * hands over: a MOV with a video track and stereo 48 kHz AAC, 10 minutes of real speech looped
 * (test/fixtures/real-speech). CPU time rather than wall time (the machine is shared), the peak memory and the
 * converted size, per audio hour and for the longest recording the app takes (4 hours), and what it costs at
 * the media function's size, with the steps' function waiting for it. A Graviton vCPU is not this core: docs/operations.md keeps the margin.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MAX_RECORDING_SECONDS } from '../../functions/domain/constants';
import { convertArgs } from '../../functions/domain/speech-audio';
import { MEDIA_FUNCTION_SIZES, WORKFLOW_FUNCTION_SIZES } from '../../infra/constructs/workflow';
import { ffmpegTwin } from '../../infra/local/ffmpeg-twin';
import { REAL_SPEECH_DIR } from '../fixtures/real-speech';
import { PRICES } from './cost';
import { atMost, info, round, type Figure } from './figures';

const SECONDS = 600;
const run = promisify(execFile);

export async function measureConversion(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-conversion-'));
  try {
    const input = join(dir, 'iphone.mov');
    const speech = join(REAL_SPEECH_DIR, 'en_jfk_11s.wav');
    await run(ffmpegTwin(), ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=320x240:r=5', '-stream_loop', '-1', '-i', speech, '-t', String(SECONDS), '-ac', '2', '-ar', '48000', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-f', 'mov', input]);
    const output = join(dir, 'audio.flac');
    // GNU time prints the child's user and system CPU seconds and its peak resident memory (KB) last.
    const { stderr } = await run('/usr/bin/time', ['-f', 'cpu %U %S rss %M', ffmpegTwin(), ...convertArgs(input, 'mov', 'file', output)]);
    const [, user, system, rss] = /cpu ([\d.]+) ([\d.]+) rss (\d+)/.exec(stderr)!;
    const perHour = 3600 / SECONDS;
    const cpuPerHour = (Number(user) + Number(system)) * perHour;
    const hours = MAX_RECORDING_SECONDS / 3600;
    const megabytesPerHour = (statSync(output).size / 1024 ** 2) * perHour;
    // PrepareMedia's function waits while the media function converts: both are billed for the time.
    const gigabytes = (MEDIA_FUNCTION_SIZES.memorySize + WORKFLOW_FUNCTION_SIZES.memorySize) / 1024;
    return [
      info('conversion', 'CPU per audio hour, MOV to 16 kHz mono FLAC (one x64 core)', round(cpuPerHour, 1), 's'),
      // A tenth of the media function's 840 s: the rest is room for a slower vCPU and for reading up to 2 GB from S3.
      atMost('conversion', `CPU for a ${hours}-hour recording (one x64 core)`, round(cpuPerHour * hours, 1), 's', MEDIA_FUNCTION_SIZES.timeout.toSeconds() / 10),
      atMost('conversion', 'peak memory of ffmpeg', round(Number(rss) / 1024, 1), 'MB', MEDIA_FUNCTION_SIZES.memorySize / 4),
      atMost('conversion', `converted audio of ${hours} hours in /tmp`, round(megabytesPerHour * hours, 1), 'MB', MEDIA_FUNCTION_SIZES.ephemeralStorage.toMebibytes() / 2),
      info('cost', `conversion per audio hour when the format needs it (the media function at ${MEDIA_FUNCTION_SIZES.memorySize} MB, the steps' waiting at ${WORKFLOW_FUNCTION_SIZES.memorySize} MB)`, round(cpuPerHour * gigabytes * PRICES.lambdaPerGbSecond, 5), '$'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
