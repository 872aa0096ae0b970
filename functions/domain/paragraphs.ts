/**
 * Paragraphs of a transcript for reading and for exports: a speaker turn (cut at a long pause), or sentences run together
 * until the speaker pauses (or the paragraph grows long). Pure; shared by the web reading view and the
 * export route, so what is read and what is downloaded look alike.
 */
import { PARAGRAPH_PAUSE_MS } from './constants';
import { joinWords } from './join-words';
import type { WordGroup } from './parse-transcript';
/** Sentences in one paragraph at most, so a long talk without pauses still reads in pieces. */
const MAX_SENTENCES = 6;

export interface Paragraph {
  /** Indexes into `word_timings` (the groups an edit addresses). */
  groups: number[];
  speaker?: string | undefined;
  /** Milliseconds: the first word's start. */
  start: number;
  end: number;
  text: string;
}

export function paragraphsOf(groups: readonly WordGroup[]): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  groups.forEach((group, index) => {
    if (group.words.length === 0) return;
    const current = paragraphs.at(-1);
    const start = group.words[0]!.start;
    const continues =
      current !== undefined &&
      current.speaker === group.speaker &&
      start - current.end < PARAGRAPH_PAUSE_MS &&
      (group.speaker !== undefined || current.groups.length < MAX_SENTENCES);
    if (continues) {
      current.groups.push(index);
      current.end = Math.max(current.end, group.words.at(-1)!.end);
      current.text = joinWords([current.text, ...group.words.map((word) => word.word)]);
    } else {
      paragraphs.push({ groups: [index], speaker: group.speaker, start, end: group.words.at(-1)!.end, text: joinWords(group.words.map((word) => word.word)) });
    }
  });
  return paragraphs;
}

/** Milliseconds → "1:05" or "1:02:05" (what a player shows); "–:––" when not a number (a media element's length before it is known: NaN, or Infinity for a stream). */
export function formatClock(milliseconds: number): string {
  if (!Number.isFinite(milliseconds)) return '–:––';
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
