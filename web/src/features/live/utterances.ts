/**
 * Cuts a live stream into utterances from Silero's speech probability of each 32 ms frame: while someone
 * speaks, the utterance so far is offered for a provisional decode every `partialEverySeconds`; a pause of
 * `endSilenceSeconds` (or an utterance reaching `maxSeconds`) ends it, and it is offered once more to commit.
 */
export const LIVE_SAMPLE_RATE = 16_000;
/** Silero's window at 16 kHz. */
export const VAD_FRAME = 512;

export interface UtteranceOptions {
  /** Speech starts at this probability ... */
  threshold: number;
  /** ... and a frame below this one counts as silence (hysteresis: a dip inside a word doesn't end it). */
  negativeThreshold: number;
  endSilenceSeconds: number;
  /** Audio kept from just before speech starts, so the first sound of a word isn't cut. */
  preRollSeconds: number;
  partialEverySeconds: number;
  maxSeconds: number;
  /** An utterance with less speech than this is a click: committed as nothing. */
  minSpeechSeconds: number;
}

export const UTTERANCE_OPTIONS: UtteranceOptions = { threshold: 0.5, negativeThreshold: 0.35, endSilenceSeconds: 0.5, preRollSeconds: 0.25, partialEverySeconds: 0.75, maxSeconds: 20, minSpeechSeconds: 0.25 };

export type UtteranceEvent = { readonly kind: 'partial' | 'final'; readonly audio: Float32Array };

const framesOf = (seconds: number): number => Math.max(1, Math.round((seconds * LIVE_SAMPLE_RATE) / VAD_FRAME));

export class UtteranceCutter {
  private readonly before: Float32Array[] = [];
  private frames: Float32Array[] = [];
  private speaking = false;
  private silentFrames = 0;
  private speechFrames = 0;
  private sincePartial = 0;

  constructor(private readonly options: UtteranceOptions = UTTERANCE_OPTIONS) {}

  /** One frame of VAD_FRAME samples and its speech probability; what to decode now, if anything. */
  push(frame: Float32Array, probability: number): UtteranceEvent | undefined {
    const { threshold, negativeThreshold, endSilenceSeconds, preRollSeconds, partialEverySeconds, maxSeconds } = this.options;
    if (!this.speaking) {
      this.before.push(frame);
      if (this.before.length > framesOf(preRollSeconds) + 1) this.before.shift();
      if (probability < threshold) return undefined;
      this.speaking = true;
      this.frames = this.before.splice(0);
      this.speechFrames = 1;
      this.silentFrames = 0;
      this.sincePartial = 0;
      return undefined;
    }
    this.frames.push(frame);
    if (probability < negativeThreshold) this.silentFrames += 1;
    else {
      this.silentFrames = 0;
      this.speechFrames += 1;
    }
    if (this.silentFrames >= framesOf(endSilenceSeconds) || this.frames.length >= framesOf(maxSeconds)) return this.flush();
    this.sincePartial += 1;
    if (this.sincePartial < framesOf(partialEverySeconds)) return undefined;
    this.sincePartial = 0;
    return { kind: 'partial', audio: this.audio() };
  }

  /** Ends the utterance under way (the stream paused or ended): its final event, if one was under way. */
  flush(): UtteranceEvent | undefined {
    if (!this.speaking) return undefined;
    const enough = this.speechFrames >= framesOf(this.options.minSpeechSeconds);
    const audio = enough ? this.audio() : new Float32Array(0);
    this.speaking = false;
    this.frames = [];
    this.before.length = 0;
    return { kind: 'final', audio };
  }

  private audio(): Float32Array {
    const joined = new Float32Array(this.frames.length * VAD_FRAME);
    this.frames.forEach((frame, index) => joined.set(frame, index * VAD_FRAME));
    return joined;
  }
}
