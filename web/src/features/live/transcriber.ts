/**
 * The live engine's core, on whichever ONNX runtime its caller loaded (onnxruntime-web in the browser's
 * worker; the bench runs the same code in Node): Silero VAD on each 32 ms frame, utterances cut by
 * UtteranceCutter, each decoded by the server's own Moonshine decoding (domain/moonshine-decoding.ts).
 * Decoding is slower than a frame: a provisional decode is skipped while audio is waiting, a final never is.
 */
import type { InferenceSession, Tensor } from 'onnxruntime-common';
import { decodeMoonshine, type MoonshineSessions } from '@domain/moonshine-decoding';
import type { LiveUpdate } from './engine';
import { LIVE_SAMPLE_RATE, UtteranceCutter, VAD_FRAME } from './utterances';

/** Silero's context: the last samples of the previous frame go before each frame. */
const VAD_CONTEXT = 64;
/** A provisional decode waits while more than this much audio is queued (about 0.1 s). */
const BEHIND_FRAMES = 3;

/** Silero VAD v5 (16 kHz), one frame at a time, carrying its recurrent state between frames. */
class SileroStream {
  private state = new Float32Array(2 * 128);
  private readonly input = new Float32Array(VAD_CONTEXT + VAD_FRAME);
  private readonly rate: Tensor;

  constructor(
    private readonly session: InferenceSession,
    private readonly TensorOf: typeof Tensor,
  ) {
    this.rate = new TensorOf('int64', BigInt64Array.from([BigInt(LIVE_SAMPLE_RATE)]));
  }

  async probability(frame: Float32Array): Promise<number> {
    this.input.copyWithin(0, VAD_FRAME);
    this.input.set(frame, VAD_CONTEXT);
    const output = await this.session.run({
      input: new this.TensorOf('float32', this.input.slice(), [1, this.input.length]),
      state: new this.TensorOf('float32', this.state, [2, 1, 128]),
      sr: this.rate,
    });
    const [probability, state] = this.session.outputNames.map((name) => output[name]!);
    this.state = Float32Array.from(state!.data as Float32Array);
    return (probability!.data as Float32Array)[0]!;
  }
}

export interface LiveModels {
  vad: InferenceSession;
  moonshine: MoonshineSessions;
}

export interface Transcriber {
  push(samples: Float32Array): void;
  /** Decodes what is left and commits it; resolves once its final update is out. */
  finish(): Promise<void>;
}

export function createTranscriber(models: LiveModels, onUpdate: (update: LiveUpdate) => void, onError: (error: unknown) => void = () => {}): Transcriber {
  const vad = new SileroStream(models.vad, models.moonshine.Tensor);
  const cutter = new UtteranceCutter();
  const frames: Float32Array[] = [];
  let partial = new Float32Array(VAD_FRAME);
  let filled = 0;
  let finishing = false;
  // One chain for all the runtime's work: a session never runs twice at once, and the final comes last.
  let chain: Promise<void> = Promise.resolve();
  let pumping = false;

  const decode = async (audio: Float32Array): Promise<string> => (audio.length === 0 ? '' : (await decodeMoonshine(models.moonshine, audio)).text);

  const pump = async (): Promise<void> => {
    while (frames.length > 0) {
      const frame = frames.shift()!;
      try {
        const event = cutter.push(frame, await vad.probability(frame));
        if (event?.kind === 'final') onUpdate({ kind: 'final', text: await decode(event.audio) });
        else if (event && frames.length <= BEHIND_FRAMES) onUpdate({ kind: 'partial', text: await decode(event.audio) });
      } catch (error) {
        // One frame or decode lost; the stream goes on.
        onError(error);
      }
    }
  };

  const schedule = () => {
    if (pumping) return;
    pumping = true;
    chain = chain.then(pump).finally(() => {
      pumping = false;
    });
  };

  return {
    push(samples) {
      if (finishing) return;
      let at = 0;
      while (at < samples.length) {
        const taken = Math.min(VAD_FRAME - filled, samples.length - at);
        partial.set(samples.subarray(at, at + taken), filled);
        filled += taken;
        at += taken;
        if (filled === VAD_FRAME) {
          frames.push(partial);
          partial = new Float32Array(VAD_FRAME);
          filled = 0;
        }
      }
      schedule();
    },
    async finish() {
      finishing = true;
      if (filled > 0) frames.push(partial);
      filled = 0;
      // Whatever was under way is committed: a final always comes last, so no provisional words are left.
      chain = chain.then(pump).then(async () => {
        const last = cutter.flush();
        onUpdate({ kind: 'final', text: last ? await decode(last.audio).catch(() => '') : '' });
      });
      await chain;
    },
  };
}
