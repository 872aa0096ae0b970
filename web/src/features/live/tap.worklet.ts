/**
 * The audio thread's side of the live tap: the microphone's samples (first channel), posted to the page in
 * batches of about 85 ms at 48 kHz, so the page is woken a dozen times a second rather than 375.
 */
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

const BATCH = 4096;

class LiveTap extends AudioWorkletProcessor {
  private batch = new Float32Array(BATCH);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    let at = 0;
    while (at < channel.length) {
      const taken = Math.min(BATCH - this.filled, channel.length - at);
      this.batch.set(channel.subarray(at, at + taken), this.filled);
      this.filled += taken;
      at += taken;
      if (this.filled === BATCH) {
        this.port.postMessage(this.batch, [this.batch.buffer]);
        this.batch = new Float32Array(BATCH);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('live-tap', LiveTap);
