/**
 * Any audio or video → 16 kHz mono samples in [-1, 1], with ffmpeg (Debian). The samples stay in a raw
 * file and are read a window at a time: four hours are 230 M samples (920 MB as floats), so a recording
 * is never held whole, and a job's memory is bounded by the window, not by the recording's length.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { detectMediaType, MEDIA_SNIFF_BYTES } from '../../domain/media-type';
import { AUDIO_MESSAGES, decodeArgs } from '../../domain/speech-audio';
import { EngineError } from '../engine-error';
import { runTool } from '../run-tool';

/** What Moonshine and Silero VAD take. */
export const SAMPLE_RATE = 16_000;

/** 32 s: a whole number of voice-activity frames (512) and of level blocks (1,600), so windows line up with both. */
export const WINDOW_SAMPLES = 512_000;

const BYTES_PER_SAMPLE = 2;

/** A decoded recording: its 16-bit samples in a raw file, read by ranges. */
export class DecodedAudio {
  private constructor(
    private readonly file: FileHandle,
    /** The number of samples. */
    readonly length: number,
  ) {}

  /** Opens the raw samples ffmpeg wrote; close() when done. */
  static async open(raw: string): Promise<DecodedAudio> {
    const file = await open(raw, 'r');
    return new DecodedAudio(file, Math.floor((await file.stat()).size / BYTES_PER_SAMPLE));
  }

  get seconds(): number {
    return this.length / SAMPLE_RATE;
  }

  /** Samples `from` (inclusive) to `to` (exclusive), clipped to the recording, in [-1, 1]. */
  async read(from: number, to: number): Promise<Float32Array> {
    const start = Math.max(0, Math.min(this.length, from));
    const pcm = new Int16Array(Math.max(0, Math.min(this.length, to) - start));
    const bytes = new Uint8Array(pcm.buffer);
    for (let done = 0; done < bytes.length; ) {
      const { bytesRead } = await this.file.read(bytes, done, bytes.length - done, start * BYTES_PER_SAMPLE + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    const samples = new Float32Array(pcm.length);
    for (let index = 0; index < pcm.length; index += 1) samples[index] = pcm[index]! / 32_768;
    return samples;
  }

  /** The recording in consecutive windows of WINDOW_SAMPLES (the last one shorter), with the sample each starts at. */
  async *windows(): AsyncGenerator<{ offset: number; samples: Float32Array }> {
    for (let offset = 0; offset < this.length; offset += WINDOW_SAMPLES) yield { offset, samples: await this.read(offset, offset + WINDOW_SAMPLES) };
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

/** The work file's container, from its first bytes as the upload's check read them; one it can't tell is not decoded. */
async function containerOf(input: string): Promise<string> {
  const file = await open(input);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(MEDIA_SNIFF_BYTES), 0, MEDIA_SNIFF_BYTES, 0);
    const type = detectMediaType(buffer.subarray(0, bytesRead));
    if (!type) throw new EngineError('bad-media', AUDIO_MESSAGES.undecodable);
    return type.extension;
  } finally {
    await file.close();
  }
}

/**
 * Decodes the first audio stream of `input` into the raw file `raw` (a work file the caller removes), as
 * decodeArgs says.
 */
export async function decodeAudio(input: string, raw: string): Promise<DecodedAudio> {
  const { exitCode, stderr } = await runTool('ffmpeg', decodeArgs(input, await containerOf(input), raw, SAMPLE_RATE), { debianPackage: 'ffmpeg' });
  if (exitCode !== 0) {
    if (/matches no streams/.test(stderr)) throw new EngineError('bad-media', AUDIO_MESSAGES.noAudio);
    throw new EngineError('bad-media', AUDIO_MESSAGES.undecodable);
  }
  return DecodedAudio.open(raw);
}
