/**
 * The microphone's rate (44.1 or 48 kHz) down to the 16 kHz the live engine hears, as the audio arrives:
 * each output sample is the mean of the input samples that fall in its span (a box filter, enough against
 * aliasing for speech recognition). Pure.
 */
import { LIVE_SAMPLE_RATE } from './utterances';

export class Resampler {
  private readonly ratio: number;
  private consumed = 0;
  private current = 0;
  private sum = 0;
  private count = 0;

  constructor(inputRate: number) {
    this.ratio = inputRate / LIVE_SAMPLE_RATE;
  }

  push(input: Float32Array): Float32Array {
    const output: number[] = [];
    for (const sample of input) {
      const target = Math.floor(this.consumed / this.ratio);
      if (target !== this.current && this.count > 0) {
        output.push(this.sum / this.count);
        this.sum = 0;
        this.count = 0;
      }
      this.current = target;
      this.sum += sample;
      this.count += 1;
      this.consumed += 1;
    }
    return Float32Array.from(output);
  }
}
