/** Word error rate: (substitutions + deletions + insertions) / reference words. Shared by tests and the benchmark. */

/** Lower-case words without punctuation; apostrophes inside words stay ("don't"). */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Word-level edit distance between two word lists, with one rolling row. */
export function editDistance(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      const substitution = previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

/**
 * WER of `hypothesis` against `reference`, both made words by `words` (normalizeWords: case and punctuation only;
 * english-normaliser.ts also numbers and spellings); an empty reference gives 0 for an empty hypothesis, else 1.
 */
export function wordErrorRate(reference: string, hypothesis: string, words: (text: string) => string[] = normalizeWords): number {
  const referenceWords = words(reference);
  const hypothesisWords = words(hypothesis);
  if (referenceWords.length === 0) return hypothesisWords.length === 0 ? 0 : 1;
  return editDistance(referenceWords, hypothesisWords) / referenceWords.length;
}

/** For each item of `a`, the index of the item of `b` it is aligned with (match or substitution), by Levenshtein distance. */
export function alignSequences(a: readonly string[], b: readonly string[]): (number | undefined)[] {
  const cost = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      cost[i]![j] = Math.min(cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  const aligned: (number | undefined)[] = new Array(a.length).fill(undefined);
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    if (cost[i]![j] === cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      aligned[i - 1] = j - 1;
      i -= 1;
      j -= 1;
    } else if (cost[i]![j] === cost[i - 1]![j]! + 1) i -= 1;
    else j -= 1;
  }
  return aligned;
}
