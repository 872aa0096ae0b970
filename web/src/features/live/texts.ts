/** The live transcript's texts (issue 29). Like the other texts modules, no browser or React imports (tests read it). */
export const LIVE_TEXTS = {
  title: 'Live transcript',
  switchLabel: 'Live transcript',
  switchHint: 'Shows the words as you speak. The full transcript, made after you stop, replaces them.',
  empty: 'Listening… words appear here as you speak.',
  loading: 'Getting the live transcript ready…',
  paused: 'Paused: the live transcript continues when you resume.',
  afterStop: 'This is the live text. The full transcript replaces it when it is ready.',
  noLanguage: (language: string) => `Live text is not available for ${language}: this recording is made without it. The full transcript comes after you stop.`,
  noSimd: 'Live text needs a browser with WebAssembly SIMD: this recording is made without it.',
  noMemory: 'This device has too little memory for live text: this recording is made without it.',
  failed: 'The live transcript stopped. The recording goes on, and the full transcript comes after you stop.',
  keptTitle: 'Live text of this recording',
} as const;
