/**
 * Whether a recording gets live text (issue 29 point 4), from which engine, and if not why, said once before
 * it starts: the switch off, no live engine for the chosen language, no WebAssembly SIMD, too little memory. Pure.
 */
import type { CapabilitiesView } from '@contract';
import { findLanguage } from '@domain/languages';

/** Below this (navigator.deviceMemory, in GB; browsers round it) the runtime and model in the worker risk the tab. */
export const MIN_DEVICE_MEMORY_GB = 2;

/** The in-browser engine, or the deployment's streaming service. */
export type LiveEngineKind = 'browser' | 'service';

export type LiveAvailability =
  | { readonly kind: 'on'; readonly language: string; readonly engine: LiveEngineKind }
  | { readonly kind: 'off' }
  | { readonly kind: 'no-language'; readonly languageName: string }
  | { readonly kind: 'no-simd' }
  | { readonly kind: 'no-memory' };

export interface LiveConditions {
  /** The answer of GET /api/capabilities; an older server's has no `live`. */
  capabilities: { live?: CapabilitiesView['live'] } | undefined;
  /** The language chosen for the recording (a code, or 'auto'). */
  language: string;
  enabled: boolean;
  simd: boolean;
  deviceMemoryGb: number | undefined;
}

export function liveAvailability({ capabilities, language, enabled, simd, deviceMemoryGb }: LiveConditions): LiveAvailability {
  const live = capabilities?.live;
  if (!enabled || !live) return { kind: 'off' };
  // 'auto' is heard as English: the engine that is always there.
  const chosen = findLanguage(language === 'auto' ? 'en' : language);
  if (!chosen || !live.languages.includes(chosen.name)) return { kind: 'no-language', languageName: chosen?.name ?? language };
  const browserRuns = simd && (deviceMemoryGb === undefined || deviceMemoryGb >= MIN_DEVICE_MEMORY_GB);
  // With both, the browser's engine takes English (its one model in every deployment), free of charge; the
  // service takes the other languages, and English where this browser can't run the engine.
  const browserTakes = live.engine === 'browser' || (live.engine === 'both' && chosen.code === 'en');
  if (browserTakes && browserRuns) return { kind: 'on', language: chosen.code, engine: 'browser' };
  if (live.engine !== 'browser') return { kind: 'on', language: chosen.code, engine: 'service' };
  return simd ? { kind: 'no-memory' } : { kind: 'no-simd' };
}
