/**
 * Issue 28, editing like a document: correcting a few words in place, and find and replace, both turned into
 * the group edits PUT /api/transcripts/{id}/text takes (so unchanged words keep their times there). Pure and
 * without dependencies: the web app uses it. Words are numbered in reading order over all groups, as the
 * reading view numbers them.
 */
import { splitParagraphText, splitWords } from './paragraph-edit';

/** A word group's new text (a group edit). */
export interface GroupText {
  index: number;
  text: string;
}

/** The first word's number of each group. */
function groupOffsets(groups: readonly (readonly string[])[]): number[] {
  let next = 0;
  return groups.map((words) => {
    const offset = next;
    next += words.length;
    return offset;
  });
}

/** The group holding word `word`: the last one starting at or before it (empty groups hold nothing). */
function groupOf(offsets: readonly number[], groups: readonly (readonly string[])[], word: number): number {
  return offsets.findLastIndex((offset, index) => offset <= word && groups[index]!.length > 0);
}

/**
 * Words `from` to `to` (inclusive) replaced by `text` (none: they are deleted). The groups they span are
 * edited as one text and put back into their groups (splitParagraphText), so a replacement stays in the
 * sentence where its words were said. Answers only the groups whose text changes.
 */
export function replaceWordRange(groups: readonly (readonly string[])[], from: number, to: number, text: string): GroupText[] {
  const offsets = groupOffsets(groups);
  const total = groups.reduce((sum, words) => sum + words.length, 0);
  if (from < 0 || to < from || to >= total) return [];
  const first = groupOf(offsets, groups, from);
  const last = groupOf(offsets, groups, to);
  const spanned = groups.slice(first, last + 1);
  const words = spanned.flat();
  const start = from - offsets[first]!;
  const end = to - offsets[first]!;
  const edited = [...words.slice(0, start), ...splitWords(text), ...words.slice(end + 1)].join(' ');
  const texts = splitParagraphText(spanned, edited);
  return texts.flatMap((groupText, position) => (groupText !== spanned[position]!.join(' ') ? [{ index: first + position, text: groupText }] : []));
}

export interface FindOptions {
  matchCase?: boolean;
}

/** One place `query` was found: in group `group`'s text (its words joined by spaces) at [start, end), over words `from` to `to`. */
export interface Match {
  group: number;
  start: number;
  end: number;
  from: number;
  to: number;
}

/** Most places one search lists: beyond this the count reads "1,000+" rather than walking a whole book. */
export const MAX_MATCHES = 1000;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where `query` occurs, in reading order, never overlapping; any run of spaces in it matches the one space
 * between two words. Each group (sentence) is searched on its own: a match never spans two groups, so
 * replacing it edits one group. Case is ignored unless `matchCase`.
 */
export function findMatches(groups: readonly (readonly string[])[], query: string, options: FindOptions = {}): Match[] {
  const words = splitWords(query);
  if (words.length === 0) return [];
  const pattern = new RegExp(words.map(escapeRegExp).join(' '), options.matchCase ? 'gu' : 'giu');
  const offsets = groupOffsets(groups);
  const matches: Match[] = [];
  for (const [group, groupWords] of groups.entries()) {
    const text = groupWords.join(' ');
    const wordAt = (position: number) => offsets[group]! + (text.slice(0, position).match(/ /g)?.length ?? 0);
    for (const found of text.matchAll(pattern)) {
      if (matches.length === MAX_MATCHES) return matches;
      const start = found.index;
      const end = start + found[0].length;
      matches.push({ group, start, end, from: wordAt(start), to: wordAt(end - 1) });
    }
  }
  return matches;
}

/** The edits that put `replacement` in place of each of `matches` (from findMatches on the same groups). */
export function replaceMatches(groups: readonly (readonly string[])[], matches: readonly Match[], replacement: string): GroupText[] {
  const byGroup = new Map<number, Match[]>();
  for (const match of matches) byGroup.set(match.group, [...(byGroup.get(match.group) ?? []), match]);
  return [...byGroup].map(([group, found]) => {
    let text = groups[group]!.join(' ');
    // Last first, so the earlier matches' positions still hold.
    for (const match of [...found].sort((a, b) => b.start - a.start)) text = text.slice(0, match.start) + replacement + text.slice(match.end);
    return { index: group, text: splitWords(text).join(' ') };
  });
}
