/**
 * Local gain: real recordings can peak at -45 dBFS, and in one recording (a meeting, a phone call,
 * joined clips) a quiet speaker can be 40 dB below a loud one. One gain for the whole file leaves
 * the quiet one below what voice detection hears, so each stretch is brought to a working level by
 * a gain from the peak around it (about a second), capped so that pure noise stays noise.
 */
import { SAMPLE_RATE } from './audio';

/** Peaks are measured in blocks of 0.1 s, and a block's gain comes from the peak within ±0.5 s of it. */
const BLOCK = SAMPLE_RATE / 10;
const REACH_BLOCKS = 5;
/** Speech is brought to peak at about -6 dBFS. */
const TARGET_PEAK = 0.5;
/** At most +40 dB: enough for speech recorded at -45 dBFS; digital silence stays silent. */
const MAX_GAIN = 100;

/**
 * Scales each stretch of `samples` towards TARGET_PEAK, in place, and returns them; `offset` is the
 * recording's sample the array starts at (a window of it: a recording can be hours long), `gains` the
 * recording's blockGains. Gains are interpolated between blocks so there are no steps.
 */
export function applyGains(samples: Float32Array, gains: readonly number[], offset = 0): Float32Array {
  for (let at = 0; at < samples.length; at += 1) {
    const position = (offset + at) / BLOCK - 0.5;
    const left = Math.max(0, Math.floor(position));
    const right = Math.min(gains.length - 1, left + 1);
    const share = Math.min(1, Math.max(0, position - left));
    const gain = gains[left]! * (1 - share) + gains[right]! * share;
    samples[at] = Math.max(-1, Math.min(1, samples[at]! * gain));
  }
  return samples;
}

/** The peak of each block of `samples`, added to `peaks`; a window of a recording must start on a block (WINDOW_SAMPLES does). */
export function addBlockPeaks(samples: Float32Array, peaks: number[]): number[] {
  for (let start = 0; start < samples.length; start += BLOCK) {
    let peak = 0;
    for (let index = start; index < Math.min(samples.length, start + BLOCK); index += 1) peak = Math.max(peak, Math.abs(samples[index]!));
    peaks.push(peak);
  }
  return peaks;
}

/** The gain of each block: from the loudest block within reach, so a word's loud syllable sets the level of its quiet ones. */
export function blockGains(blockPeaks: readonly number[]): number[] {
  const peaks = blockPeaks.length > 0 ? blockPeaks : [0];
  return peaks.map((_, block) => {
    const around = Math.max(...peaks.slice(Math.max(0, block - REACH_BLOCKS), block + REACH_BLOCKS + 1));
    return around > 0 ? Math.min(MAX_GAIN, TARGET_PEAK / around) : MAX_GAIN;
  });
}
