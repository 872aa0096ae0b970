/** The profile's line about this month's use (GET /api/usage). Pure; unit-tested. */
import type { UsageView } from '@contract';
import { PROFILE_TEXTS } from './texts';

/** 0 s, 42 s, 3 min 12 s, 2 h 5 min. */
export function audioLength(seconds: number): string {
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
  if (seconds >= 60) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${seconds} s`;
}

export function usageText(usage: UsageView): string {
  const quota = usage.quota_seconds === null ? '' : PROFILE_TEXTS.usageQuota(audioLength(usage.quota_seconds));
  return PROFILE_TEXTS.usage(audioLength(usage.audio_seconds), usage.jobs, usage.live_seconds > 0 ? audioLength(usage.live_seconds) : null) + quota;
}
