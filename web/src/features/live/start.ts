/**
 * The live engine for a recording: the one place that chooses it. Today only the in-browser engine; a
 * service engine (for languages it doesn't know) joins here. Loaded with a dynamic import when recording
 * starts, so none of the live code is in the page's first download.
 */
import type { StartLiveEngine } from './engine';
import { startBrowserEngine } from './browser-engine';

export type LiveEngineKind = 'browser';

export function liveEngineFor(_kind: LiveEngineKind): StartLiveEngine {
  return startBrowserEngine;
}
