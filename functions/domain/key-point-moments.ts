/**
 * Where each line of a summary was said, so the page can open the recording there: the first words of a
 * key point found in the transcript's words (key points are the transcript's own sentences). A line the
 * words do not hold (a language model's summary, a text corrected since) has no moment. Pure.
 */
import type { WordGroup } from './parse-transcript';

export interface KeyPoint {
  text: string;
  /** Milliseconds from the start of the recording where the point is said; null when it is not found. */
  start_ms: number | null;
}

/** Enough words to find a sentence again, few enough to survive a small correction further on. */
const MATCH_WORDS = 6;

/** One line per key point, as stored (joined with newlines); a leading dash or bullet is not part of it. */
export function summaryLines(summary: string): string[] {
  return summary
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-–—•]\s*/, '').trim())
    .filter((line) => line !== '');
}

const bare = (word: string): string => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const bareWords = (text: string): string[] => text.split(/\s+/).map(bare).filter(Boolean);

/** Each line with the start of the words that say it, searched in spoken order (from where the last line was found). */
export function keyPointsOf(summary: string, groups: readonly WordGroup[]): KeyPoint[] {
  const words = groups.flatMap((group) => group.words).filter((word) => bare(word.word) !== '');
  const spoken = words.map((word) => bare(word.word));
  let from = 0;
  return summaryLines(summary).map((text) => {
    const run = bareWords(text).slice(0, MATCH_WORDS);
    const at = run.length === 0 ? -1 : [findRun(spoken, run, from), findRun(spoken, run, 0)].find((index) => index >= 0) ?? -1;
    if (at < 0) return { text, start_ms: null };
    from = at + run.length;
    return { text, start_ms: words[at]!.start };
  });
}

function findRun(spoken: readonly string[], run: readonly string[], from: number): number {
  for (let start = from; start + run.length <= spoken.length; start += 1) {
    if (run.every((word, offset) => spoken[start + offset] === word)) return start;
  }
  return -1;
}
