/** Any audio or video → 16 kHz mono samples in [-1, 1], with ffmpeg (Debian). */
import { readFile } from 'node:fs/promises';
import { AUDIO_MESSAGES } from '../../domain/speech-audio';
import { EngineError } from '../engine-error';
import { runTool } from '../run-tool';

/** What Moonshine and Silero VAD take. */
export const SAMPLE_RATE = 16_000;

/** Decodes the first audio stream of `input` through the raw file `raw` (a work file the caller removes). */
export async function decodeAudio(input: string, raw: string): Promise<Float32Array> {
  const args = ['-nostdin', '-hide_banner', '-nostats', '-i', input, '-map', '0:a:0', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', '-y', raw];
  const { exitCode, stderr } = await runTool('ffmpeg', args, { debianPackage: 'ffmpeg' });
  if (exitCode !== 0) {
    if (/matches no streams/.test(stderr)) throw new EngineError('bad-media', AUDIO_MESSAGES.noAudio);
    throw new EngineError('bad-media', AUDIO_MESSAGES.undecodable);
  }
  const bytes = await readFile(raw);
  // An Int16Array view needs an even offset; a pooled Buffer may not have one.
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : Buffer.from(bytes);
  const pcm = new Int16Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 2));
  return Float32Array.from(pcm, (sample) => sample / 32_768);
}
