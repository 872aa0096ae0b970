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
  // Each sweep keeps the furthest x reached on each diagonal k (index k + offset; -1: not yet), and how many
  // diagonals at each end it has dropped for running off the grid. The backward one counts from the ends.
  const sweep = (same: (x: number, y: number) => boolean): Sweep => {
    const reach = new Int32Array(2 * offset + 2).fill(-1);
    reach[offset + 1] = 0;
    return { reach, same, kStart: 0, kEnd: 0 };
  };
  const forward = sweep((x, y) => x < n && y < m && a[aLo + x] === b[bLo + y]);
  const backward = sweep((x, y) => x < n && y < m && a[aHi - x - 1] === b[bHi - y - 1]);
  const delta = n - m;
  // Which sweep can meet the other first: the forward one when n + m is odd, else the backward one.
  const turns = [
    [forward, backward, delta % 2 !== 0],
    [backward, forward, delta % 2 === 0],
  ] as const;
  for (let d = 0; d < maxD; d++) {
    budget.steps -= 2 * d + 1;
    if (budget.steps < 0) return null;
    for (const [own, other, meets] of turns) {
      for (let k = -d + own.kStart; k <= d - own.kEnd; k += 2) {
        const at = offset + k;
        const x = extendDiagonal(own.reach, at, k, d, own.same, budget);
        own.reach[at] = x;
        if (x > n) own.kEnd += 2;
        else if (x - k > m) own.kStart += 2;
        else if (meets) {
          // Diagonal k of one sweep faces diagonal delta - k of the other: they meet once their reaches cover n.
          const facing = other.reach[offset + delta - k];
          if (facing !== undefined && facing !== -1 && x + facing >= n) {
            const [fx, fk] = own === forward ? [x, k] : [facing, delta - k];
            return { x: aLo + fx, y: bLo + fx - fk };
          }
        }
      }
    }
  }
  return null;
}

interface Sweep {
  reach: Int32Array;
  same: (x: number, y: number) => boolean;
  kStart: number;
  kEnd: number;
}

/**
 * One sweep's step on diagonal `k` at edit distance `d`: one more edit from the better neighbouring diagonal
 * of `reach` (the furthest x on each), then along equal elements while `same`; each comparison counts against
 * the budget. Returns the furthest x it reaches.
 */
function extendDiagonal(reach: Int32Array, at: number, k: number, d: number, same: (x: number, y: number) => boolean, budget: AlignmentBudget): number {
  let x = k === -d || (k !== d && reach[at - 1]! < reach[at + 1]!) ? reach[at + 1]! : reach[at - 1]! + 1;
  const from = x;
  while (same(x, x - k)) x++;
  budget.steps -= x - from;
  return x;
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
