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
 * A paragraph is edited as one text but stored as word groups (sentences). Unchanged words stay in their
 * groups (and keep their times); new words that replace old ones go to the replaced words' groups, in
 * order (so a corrected "As not." stays in its sentence, where it was said); words only added go to the
 * group of the unchanged word before them (the first group when there is none). Answers one text per group.
 */
export function splitParagraphText(groups: readonly (readonly string[])[], text: string): string[] {
  const words = splitWords(text);
  const old = groups.flatMap((group, index) => group.map((word) => ({ word, group: index })));
  const owner = new Array<number>(words.length).fill(0);
  let oldNext = 0;
  let newNext = 0;
  for (const [keptOld, keptNew] of [...commonWords(old.map((entry) => entry.word), words), [old.length, words.length] as const]) {
    const replaced = old.slice(oldNext, keptOld);
    const before = old[oldNext - 1]?.group ?? 0;
    for (let index = newNext; index < keptNew; index++) {
      const share = Math.floor(((index - newNext) * replaced.length) / (keptNew - newNext));
      owner[index] = replaced[share]?.group ?? before;
    }
    if (keptNew < words.length) owner[keptNew] = old[keptOld]!.group;
    oldNext = keptOld + 1;
    newNext = keptNew + 1;
  }
  return groups.map((_, index) => words.filter((__, word) => owner[word] === index).join(' '));
}
