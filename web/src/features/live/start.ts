/**
 * The live engine for a recording: the one place that maps the choice (./availability.ts) to an engine.
 * Loaded with a dynamic import when recording starts, so none of the live code is in the page's first download.
 */
import type { LiveEngineKind } from './availability';
import type { StartLiveEngine } from './engine';
import { startBrowserEngine } from './browser-engine';
import { startServiceEngine } from './service-engine';

export function liveEngineFor(kind: LiveEngineKind): StartLiveEngine {
  return kind === 'browser' ? startBrowserEngine : startServiceEngine;
}
