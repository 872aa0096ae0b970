/**
 * How live transcription time is counted (issue 29): the browser reports how long it streamed, but may never
 * count more than the time since its address was issued, nor more than one stream can last.
 */

/** Transcribe streaming ends a stream after four hours: no session counts more. */
export const LIVE_SESSION_MAX_MS = 4 * 60 * 60 * 1000;

/** How long an issued address may be used to connect. */
export const LIVE_ADDRESS_SECONDS = 300;

/**
 * The time a session counts: what the browser reports, within the time since its address was issued and
 * the longest stream. Without a report (a session never ended), the time since issue within that cap: the
 * most it can have streamed.
 */
export function countedLiveMs(session: { startedAt: number }, now: number, reportedSeconds?: number): number {
  const bound = Math.max(0, Math.min(now - session.startedAt, LIVE_SESSION_MAX_MS));
  return reportedSeconds === undefined ? bound : Math.min(Math.max(0, Math.round(reportedSeconds * 1000)), bound);
}

/** Whether a session not ended can no longer be streaming: it is counted at its bound. */
export const isSurelyOver = (session: { startedAt: number }, now: number): boolean => now - session.startedAt >= LIVE_SESSION_MAX_MS;
