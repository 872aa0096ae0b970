/**
 * Ranking a user's passages (./passages.ts) for a question (Ask, issue 30), with two signals fused by
 * reciprocal rank fusion: BM25 over the question's stemmed words (./terms.ts), and BM25 over the words of the
 * passages that look like them (character trigrams in common, Dice ≥ SIMILAR), which meets a question's words
 * in forms the stemmer misses ("Norse" and "Norsemen", "apologised" and "apologized"). Pure; an index is built
 * once per shard of the user's search index and kept with it, and the statistics are summed over the shards at
 * question time, so the scores are those of one index over all the user's passages. The trigrams index the
 * shard's vocabulary, not its passages: a few MB for a thousand transcripts rather than hundreds.
 */
import { dot } from './embedding';
import { fuseRanks } from './fusion';
import type { Passage } from './passages';
import { bm25, contentWords, terms } from './terms';

/** Passages each signal hands to the fusion. */
const CANDIDATES = 50;
/** The meaning ranking's weight in the fusion, against 1 for each of the two word rankings: the best top-1 rate on the tuning half of test/fixtures/ask-questions.ts (1.5 and 2 tied; 1 and 3 worse). */
export const MEANING_WEIGHT = 1.5;
/** Two terms this alike (Dice coefficient of their trigrams) are taken for forms of one word (tuned on test/fixtures/ask-questions.ts). */
const SIMILAR = 0.5;

/** Term → the passages that hold it and how often, as two flat lists (a pair a posting took several times the memory). */
type Postings = Map<string, { passages: number[]; counts: number[] }>;

/** A word's character trigrams, padded ("#bow#": "#bo", "bow", "ow#"). */
export function gramsOf(word: string): string[] {
  const padded = `#${word}#`;
  return Array.from({ length: padded.length - 2 }, (_, index) => padded.slice(index, index + 3));
}

/** A text's trigrams, word by word, without stop words or accents. */
export const trigrams = (text: string): string[] => contentWords(text).flatMap(gramsOf);

/** One shard's passages with their term postings, and its vocabulary by trigram. */
export class PassageIndex {
  readonly words: Postings = new Map();
  readonly lengths: number[];
  readonly totalLength: number;
  private vocabulary: Map<string, string[]> | undefined;

  /** `vectors[i]` is the unit sentence vector of `passages[i]`, when it has one (search by meaning). */
  constructor(
    readonly passages: readonly Passage[],
    readonly vectors: readonly (Float32Array | undefined)[] = [],
  ) {
    this.lengths = passages.map((passage, index) => {
      const passageTerms = terms(passage.text);
      const counts = new Map<string, number>();
      for (const term of passageTerms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, count] of counts) {
        const list = this.words.get(term);
        if (list) {
          list.passages.push(index);
          list.counts.push(count);
        } else this.words.set(term, { passages: [index], counts: [count] });
      }
      return passageTerms.length;
    });
    this.totalLength = this.lengths.reduce((sum, length) => sum + length, 0);
  }

  /** The shard's terms that share a trigram with `term` (built on the first question). */
  termsSharingGrams(term: string): Set<string> {
    if (!this.vocabulary) {
      this.vocabulary = new Map();
      for (const known of this.words.keys()) for (const gram of new Set(gramsOf(known))) this.vocabulary.set(gram, [...(this.vocabulary.get(gram) ?? []), known]);
    }
    return new Set(gramsOf(term).flatMap((gram) => this.vocabulary!.get(gram) ?? []));
  }
}

/** Dice coefficient of two terms' trigram sets. */
function likeness(a: string, b: string): number {
  const first = new Set(gramsOf(a));
  const second = new Set(gramsOf(b));
  let common = 0;
  for (const gram of first) if (second.has(gram)) common++;
  return (2 * common) / (first.size + second.size);
}

type Scores = Map<PassageIndex, Map<number, number>>;

/** BM25 of each passage for `weighted` terms (term → weight), with statistics over all the shards. */
function bm25Scores(indexes: readonly PassageIndex[], weighted: ReadonlyMap<string, number>, documents: number): Scores {
  const averageLength = indexes.reduce((sum, index) => sum + index.totalLength, 0) / documents;
  const scores: Scores = new Map(indexes.map((index) => [index, new Map<number, number>()]));
  for (const [term, weight] of weighted) {
    const documentFrequency = indexes.reduce((sum, index) => sum + (index.words.get(term)?.passages.length ?? 0), 0);
    for (const index of indexes) {
      const list = index.words.get(term);
      const map = scores.get(index)!;
      list?.passages.forEach((passage, position) => {
        const score = weight * bm25({ frequency: list.counts[position]!, documentFrequency, documents, length: index.lengths[passage]!, averageLength });
        map.set(passage, (map.get(passage) ?? 0) + score);
      });
    }
  }
  return scores;
}

/** The question's terms, each weighing 1. */
const exactTerms = (question: string): Map<string, number> => new Map(terms(question).map((term) => [term, 1]));

/** The question's terms and the passages' terms that look like them, each weighing its likeness. */
function similarTerms(indexes: readonly PassageIndex[], question: string): Map<string, number> {
  const weighted = new Map<string, number>();
  for (const term of new Set(terms(question))) {
    for (const candidate of new Set(indexes.flatMap((index) => [...index.termsSharingGrams(term)]))) {
      const alike = likeness(term, candidate);
      if (alike >= SIMILAR) weighted.set(candidate, Math.max(weighted.get(candidate) ?? 0, alike));
    }
  }
  return weighted;
}

/** The best candidates of one signal, best first (those `keep` takes). */
function ranked(scores: Scores, keep: (passage: Passage) => boolean): Passage[] {
  return [...scores]
    .flatMap(([index, map]) => [...map].map(([passage, score]) => ({ passage: index.passages[passage]!, score })))
    .filter(({ passage }) => keep(passage))
    .sort((a, b) => b.score - a.score)
    .slice(0, CANDIDATES)
    .map(({ passage }) => passage);
}

/**
 * How alike (cosine of sentence vectors) a passage must be to count as a match by meaning: every passage has
 * a cosine with any query, so without a floor a question about nothing in the recordings would cite the least
 * unrelated passage. Unrelated sentences sit at 0–0.2 with the sentence encoder, related ones at 0.4 and above.
 */
export const MEANING_MINIMUM = 0.3;

/**
 * Cosine of the question's vector with each passage's that has one and `keep` takes, at least MEANING_MINIMUM:
 * the best `keepBest` of each shard (keeping them all would sort every passage of the user).
 */
function meaningScores(indexes: readonly PassageIndex[], query: Float32Array, keepBest: number, keep: (passage: Passage) => boolean = () => true): Scores {
  return new Map(
    indexes.map((index) => {
      const scores = new Float64Array(index.passages.length).fill(Number.NEGATIVE_INFINITY);
      const scored: number[] = [];
      for (let passage = 0; passage < index.vectors.length; passage++) {
        const vector = index.vectors[passage];
        if (vector === undefined || !keep(index.passages[passage]!)) continue;
        scores[passage] = dot(vector, query);
        if (scores[passage]! >= MEANING_MINIMUM) scored.push(passage);
      }
      const best = scored.sort((a, b) => scores[b]! - scores[a]!).slice(0, keepBest);
      return [index, new Map(best.map((passage) => [passage, scores[passage]!]))];
    }),
  );
}

/** The passages close in meaning to a query vector (MEANING_MINIMUM), closest first. */
export function closestPassages(indexes: readonly PassageIndex[], query: Float32Array): Array<{ passage: Passage; similarity: number }> {
  return [...meaningScores(indexes, query, Number.POSITIVE_INFINITY)]
    .flatMap(([index, map]) => [...map].map(([passage, similarity]) => ({ passage: index.passages[passage]!, similarity })))
    .sort((a, b) => b.similarity - a.similarity);
}

/**
 * Which rankings: the exact words, the similar words, both ('lexical': today's without meaning), the
 * meaning alone, or all three ('fused'; the meaning joins only when the question has a vector).
 */
export type Signal = 'words' | 'similar' | 'lexical' | 'meaning' | 'fused';

/**
 * The passages that best match the question, best first: each signal's ranking, or several fused by
 * reciprocal rank (./fusion.ts). Only passages `keep` takes are ranked (the transcripts asked about);
 * `meaning` is the question's sentence vector, in the space of the passages' vectors.
 */
export function rankPassages(
  indexes: readonly PassageIndex[],
  question: string,
  options: { limit: number; signal?: Signal; keep?: (passage: Passage) => boolean; meaning?: Float32Array; meaningWeight?: number },
): Passage[] {
  const documents = indexes.reduce((sum, index) => sum + index.passages.length, 0);
  if (documents === 0) return [];
  const { signal = 'fused', keep = () => true, meaning, meaningWeight = MEANING_WEIGHT } = options;
  const uses = (wanted: Signal): boolean => signal === wanted || signal === 'fused' || (signal === 'lexical' && wanted !== 'meaning');
  const lists = [
    ...(uses('words') ? [{ items: ranked(bm25Scores(indexes, exactTerms(question), documents), keep), weight: 1 }] : []),
    ...(uses('similar') ? [{ items: ranked(bm25Scores(indexes, similarTerms(indexes, question), documents), keep), weight: 1 }] : []),
    ...(uses('meaning') && meaning ? [{ items: ranked(meaningScores(indexes, meaning, CANDIDATES, keep), keep), weight: meaningWeight }] : []),
  ];
  return fuseRanks(lists).slice(0, options.limit);
}

/** A passage's text in pieces, the words that share a term with the question marked (the panel highlights them). */
export function markQuestion(text: string, question: string): Array<{ text: string; match: boolean }> {
  const wanted = new Set(terms(question));
  return text.split(/(\s+)/).filter(Boolean).map((piece) => ({ text: piece, match: terms(piece).some((term) => wanted.has(term)) }));
}
