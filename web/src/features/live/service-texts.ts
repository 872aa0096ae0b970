/** What the live captions of the streaming service (issue 29) tell the user. */
export const LIVE_SERVICE_TEXTS = {
  notConnected: 'Live transcription could not start. Your recording is still transcribed when you stop.',
  stopped: 'Live transcription stopped. Your recording is still transcribed when you stop.',
} as const;
