/**
 * `?t=`, the moment a transcript page opens at (issue 28 point 6): seconds (`60`, `16.002`), a clock
 * (`1:05`, `1:02:05`) or units (`1h2m5s`, `2m`, `90s`). Links made here give seconds (`momentParam`).
 *
 * Older links gave milliseconds (`?t=65000`). A bare whole number is read as milliseconds only where
 * that is unambiguous: past the recording's end as seconds but within it as milliseconds. Otherwise, or
 * when the length is unknown, it is seconds: a short millisecond value (under the length in seconds)
 * of an old link then opens later than it meant, which the new form is worth.
 */

const SECONDS = /^\d+(?:\.\d+)?$/;
const WHOLE = /^\d+$/;
const CLOCK = /^(\d+)(?::([0-5]\d))?:([0-5]\d(?:\.\d+)?)$/;
const UNITS = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/i;

/** The moment in seconds of one of the three forms; undefined for anything else. */
function secondsOf(value: string): number | undefined {
  if (SECONDS.test(value)) return Number(value);
  const clock = CLOCK.exec(value);
  if (clock) {
    const [, first, middle, last] = clock;
    // `m:ss`, or `h:mm:ss` when there are three parts.
    return middle === undefined ? Number(first) * 60 + Number(last) : Number(first) * 3600 + Number(middle) * 60 + Number(last);
  }
  const units = UNITS.exec(value);
  if (!units || value === '') return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = units;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** `?t=`'s moment in ms, or undefined (open at the start); `lengthMs`, the recording's, tells an older millisecond link. */
export function parseMoment(value: string | null, lengthMs?: number): number | undefined {
  const text = value?.trim() ?? '';
  const seconds = secondsOf(text);
  if (seconds === undefined) return undefined;
  const ms = Math.round(seconds * 1000);
  const olderMs = WHOLE.test(text) && lengthMs !== undefined && ms > lengthMs && seconds <= lengthMs;
  return olderMs ? seconds : ms;
}

/** The `?t=` value of a moment: seconds, with its milliseconds only when it has any (`65`, `16.002`). */
export function momentParam(ms: number): string {
  return String(Math.max(0, Math.round(ms)) / 1000);
}
