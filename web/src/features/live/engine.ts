/** One live caption update: `partial` replaces the provisional text; `final` commits text and clears the provisional. */
export type LiveUpdate = { readonly kind: 'partial' | 'final'; readonly text: string };

/** A running live transcriber, fed with 16 kHz mono samples in order. */
export interface LiveEngine {
  push(samples: Float32Array): void;
  /** Ends the audio; resolves once the last final update has been delivered. */
  finish(): Promise<void>;
  /** Stops at once, dropping what is pending. */
  close(): void;
}

export type StartLiveEngine = (options: {
  readonly language: string;
  readonly onUpdate: (update: LiveUpdate) => void;
  /** Called once when the engine stops on its own after it started (a crashed worker, a lost connection): no text follows. */
  readonly onFailure: (error: Error) => void;
}) => Promise<LiveEngine>;
