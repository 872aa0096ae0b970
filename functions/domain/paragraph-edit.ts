/**
 * Word alignment for corrections, without dependencies (the web app uses it too): which words of an
 * old and a new text are the same, and how a corrected paragraph's text goes back into its word groups.
 */

export const splitWords = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');

/** Index pairs [old, new] of a longest common subsequence of equal words, in order. */
export function commonWords(old: readonly string[], words: readonly string[]): (readonly [number, number])[] {
  // lengths[i][j]: the longest common subsequence of old[i..] and words[j..].
  const lengths = Array.from({ length: old.length + 1 }, () => new Uint32Array(words.length + 1));
  for (let i = old.length - 1; i >= 0; i--) {
    for (let j = words.length - 1; j >= 0; j--) {
      lengths[i]![j] = old[i] === words[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: (readonly [number, number])[] = [];
  for (let i = 0, j = 0; i < old.length && j < words.length; ) {
    if (old[i] === words[j]) pairs.push([i++, j++] as const);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * A paragraph is edited as one text but stored as word groups (sentences): each new word goes to the group
 * of the unchanged word before it (words before any unchanged word go to the first group), so unchanged
 * words stay in their groups and keep their times. Answers one text per group, in order.
 */
export function splitParagraphText(groups: readonly (readonly string[])[], text: string): string[] {
  const words = splitWords(text);
  const old = groups.flatMap((group, index) => group.map((word) => ({ word, group: index })));
  const owner = new Array<number>(words.length).fill(0);
  const kept = new Map(commonWords(old.map((entry) => entry.word), words).map(([oldIndex, newIndex]) => [newIndex, old[oldIndex]!.group]));
  let current = 0;
  words.forEach((_, index) => {
    current = kept.get(index) ?? current;
    owner[index] = current;
  });
  return groups.map((_, index) => words.filter((__, word) => owner[word] === index).join(' '));
}
