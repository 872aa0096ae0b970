/**
 * Whether a recording gets live text (issue 29 point 4), and if not why, said once before it starts:
 * the switch off, no live engine for the chosen language, no WebAssembly SIMD, too little memory. Pure.
 */
import type { CapabilitiesView } from '@contract';
import { findLanguage } from '@domain/languages';

/** Below this (navigator.deviceMemory, in GB; browsers round it) the runtime and model in the worker risk the tab. */
export const MIN_DEVICE_MEMORY_GB = 2;

export type LiveAvailability =
  | { readonly kind: 'on'; readonly language: string }
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
  if (!enabled || !capabilities?.live) return { kind: 'off' };
  // 'auto' is heard as English: the engine that is always there.
  const chosen = findLanguage(language === 'auto' ? 'en' : language);
  if (!chosen || !capabilities.live.languages.includes(chosen.name)) return { kind: 'no-language', languageName: chosen?.name ?? language };
  if (!simd) return { kind: 'no-simd' };
  if (deviceMemoryGb !== undefined && deviceMemoryGb < MIN_DEVICE_MEMORY_GB) return { kind: 'no-memory' };
  return { kind: 'on', language: chosen.code };
}
