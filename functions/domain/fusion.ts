/**
 * Reciprocal rank fusion (Cormack et al. 2009) of ranked lists, each with a weight: an item scores
 * weight/(k + rank) in each list it is in, rank counted from 1. Pure; Ask fuses its word and meaning
 * rankings with it (./ask-ranking.ts).
 */

/** The usual constant: it keeps the first ranks from drowning the others. */
export const RRF_K = 60;

export interface RankedList<T> {
  items: readonly T[];
  weight: number;
}

/** The items of all the lists, best fused score first (ties keep the order in which the items were first met). */
export function fuseRanks<T>(lists: readonly RankedList<T>[], k: number = RRF_K): T[] {
  const scores = new Map<T, number>();
  for (const { items, weight } of lists) items.forEach((item, rank) => scores.set(item, (scores.get(item) ?? 0) + weight / (k + rank + 1)));
  return [...scores].sort((a, b) => b[1] - a[1]).map(([item]) => item);
}
