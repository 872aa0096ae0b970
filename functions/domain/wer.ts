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

/** WER of `hypothesis` against `reference`; an empty reference gives 0 for an empty hypothesis, else 1. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const referenceWords = normalizeWords(reference);
  const hypothesisWords = normalizeWords(hypothesis);
  if (referenceWords.length === 0) return hypothesisWords.length === 0 ? 0 : 1;
  return editDistance(referenceWords, hypothesisWords) / referenceWords.length;
}
