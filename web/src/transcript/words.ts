/**
 * Word timings (docs/product.md#entities: groups of words, each with `word` or `text` and start/end in ms)
 * turned into what the reading view needs: readable groups, and the word being spoken at a
 * given moment, found by binary search so a frame-by-frame update costs O(log n) even for hours of
 * speech. Pure; unit-tested.
 */
/** A timed word as docs/product.md#entities allows it: its text in `word` (ours) or `text`. */
export interface WordInput {
  word?: string;
  text?: string;
  start: number;
  end: number;
}

export interface WordGroupInput {
  words?: readonly WordInput[] | null;
  speaker?: string | null;
}

export interface PlayerWord {
  /** Position in reading order (the index the player renders and highlights). */
  index: number;
  text: string;
  start: number;
  end: number;
  group: number;
}

/** A silence longer than this after a word's end: no word is highlighted (nothing is being said). */
export const SILENCE_GAP_MS = 1000;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * docs/product.md#entities: a word's text is in `word` or `text`. Words without text or times are left out; the
 * groups keep their places (corrections address them by index).
 */
export function readableGroups(groups: readonly WordGroupInput[]): { speaker?: string; words: { word: string; start: number; end: number }[] }[] {
  return groups.map((group) => ({
    ...(group.speaker ? { speaker: group.speaker } : {}),
    words: (group.words ?? []).flatMap((word) => {
      const text = (word.word ?? word.text ?? '').trim();
      return text && finite(word.start) && finite(word.end) ? [{ word: text, start: word.start, end: word.end }] : [];
    }),
  }));
}

/** The words sorted by start time (a stable copy; reading order is normally already sorted). */
export function timeline(words: readonly PlayerWord[]): PlayerWord[] {
  for (let i = 1; i < words.length; i += 1) {
    if (words[i]!.start < words[i - 1]!.start) return [...words].sort((a, b) => a.start - b.start || a.index - b.index);
  }
  return [...words];
}

/**
 * A media element's time in whole milliseconds, as word times are. Rounded, not truncated: a seek to
 * 16.002 s reads back as 16.002, and 16.002 × 1000 is 16001.999…, which would land on the word before
 * one that starts at 16 002 ms (a search result's `?t=` link then highlighted the wrong word).
 */
export const mediaMs = (seconds: number): number => Math.round(seconds * 1000);

/**
 * The reading-order index of the word being spoken at `ms`, or -1: the last word that has started,
 * unless the recording has been silent for longer than SILENCE_GAP_MS since it ended (or nothing has
 * started yet). `sorted` comes from `timeline`.
 */
export function activeWordIndex(sorted: readonly PlayerWord[], ms: number): number {
  if (!Number.isFinite(ms)) return -1;
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]!.start <= ms) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (found === -1) return -1;
  const word = sorted[found]!;
  return ms <= word.end + SILENCE_GAP_MS ? word.index : -1;
}

/** Each group's words as text, numbered as the reading view numbers them (the input of word-edit's functions). */
export const groupWordTexts = (groups: readonly WordGroupInput[]): string[][] => readableGroups(groups).map((group) => group.words.map((word) => word.word));
