/**
 * Word alignment for corrections, without dependencies (the web app uses it too): which words of an
 * old and a new text are the same, and how a corrected paragraph's text goes back into its word groups.
 */

export const splitWords = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');

/**
 * How much alignment work one request may do (steps of the diff's search): about a tenth of a second. What
 * is left unaligned when it runs out is treated as replaced: timed in proportion to its words.
 */
export const ALIGNMENT_STEPS = 10_000_000;

/** The alignment work still allowed, shared by the groups of one request. */
export interface AlignmentBudget {
  steps: number;
}

/**
 * Index pairs [old, new] of a longest common subsequence of equal words, in order: Myers' O(ND) diff in
 * its linear-space form (the middle snake, then each half), so memory grows with the words, never with
 * old × new, and time with the words and how much they differ. When `budget` runs out, a part not yet
 * aligned keeps no pairs (still a common subsequence, only shorter).
 */
export function commonWords(old: readonly string[], words: readonly string[], budget: AlignmentBudget = { steps: ALIGNMENT_STEPS }): (readonly [number, number])[] {
  const ids = new Map<string, number>();
  const idsOf = (list: readonly string[]) => Int32Array.from(list, (word) => ids.get(word) ?? ids.set(word, ids.size).size - 1);
  const a = idsOf(old);
  const b = idsOf(words);
  const pairs: (readonly [number, number])[] = [];
  // Parts still to align, last first; each ends in the pairs of the common suffix it trimmed.
  const todo: ({ aLo: number; aHi: number; bLo: number; bHi: number } | (readonly [number, number])[])[] = [{ aLo: 0, aHi: a.length, bLo: 0, bHi: b.length }];
  while (todo.length > 0) {
    const part = todo.pop()!;
    if (Array.isArray(part)) {
      for (const pair of part) pairs.push(pair);
      continue;
    }
    let { aLo, aHi, bLo, bHi } = part;
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) pairs.push([aLo++, bLo++] as const);
    const suffix: (readonly [number, number])[] = [];
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) suffix.push([--aHi, --bHi] as const);
    todo.push(suffix.reverse());
    if (aLo === aHi || bLo === bHi) continue;
    const split = middleSnake(a, b, aLo, aHi, bLo, bHi, budget);
    if (!split) continue;
    todo.push({ aLo: split.x, aHi, bLo: split.y, bHi }, { aLo, aHi: split.x, bLo, bHi: split.y });
  }
  return pairs;
}

/**
 * A point on a shortest edit path between a[aLo..aHi) and b[bLo..bHi), found by searching from both ends
 * at once until the paths meet (Myers 1986, section 4b; as diff-match-patch's bisect). Null when the two
 * share nothing or the budget ran out.
 */
function middleSnake(a: Int32Array, b: Int32Array, aLo: number, aHi: number, bLo: number, bHi: number, budget: AlignmentBudget): { x: number; y: number } | null {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.ceil((n + m) / 2);
  const offset = maxD + 1;
  // Furthest x reached on each diagonal k (index k + offset), forwards and backwards (from the ends).
  const forward = new Int32Array(2 * offset + 2).fill(-1);
  const backward = new Int32Array(2 * offset + 2).fill(-1);
  forward[offset + 1] = 0;
  backward[offset + 1] = 0;
  const delta = n - m;
  const frontMeets = delta % 2 !== 0;
  let k1start = 0;
  let k1end = 0;
  let k2start = 0;
  let k2end = 0;
  for (let d = 0; d < maxD; d++) {
    budget.steps -= 2 * d + 1;
    if (budget.steps < 0) return null;
    for (let k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
      const at = offset + k1;
      let x1 = k1 === -d || (k1 !== d && forward[at - 1]! < forward[at + 1]!) ? forward[at + 1]! : forward[at - 1]! + 1;
      let y1 = x1 - k1;
      const from = x1;
      while (x1 < n && y1 < m && a[aLo + x1] === b[bLo + y1]) {
        x1++;
        y1++;
      }
      budget.steps -= x1 - from;
      forward[at] = x1;
      if (x1 > n) k1end += 2;
      else if (y1 > m) k1start += 2;
      else if (frontMeets) {
        const other = offset + delta - k1;
        if (other >= 0 && other < forward.length && backward[other] !== -1 && x1 >= n - backward[other]!) return { x: aLo + x1, y: bLo + y1 };
      }
    }
    for (let k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
      const at = offset + k2;
      let x2 = k2 === -d || (k2 !== d && backward[at - 1]! < backward[at + 1]!) ? backward[at + 1]! : backward[at - 1]! + 1;
      let y2 = x2 - k2;
      const from = x2;
      while (x2 < n && y2 < m && a[aHi - x2 - 1] === b[bHi - y2 - 1]) {
        x2++;
        y2++;
      }
      budget.steps -= x2 - from;
      backward[at] = x2;
      if (x2 > n) k2end += 2;
      else if (y2 > m) k2start += 2;
      else if (!frontMeets) {
        const other = offset + delta - k2;
        if (other >= 0 && other < forward.length && forward[other] !== -1) {
          const x1 = forward[other]!;
          if (x1 >= n - x2) return { x: aLo + x1, y: bLo + x1 - (delta - k2) };
        }
      }
    }
  }
  return null;
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
