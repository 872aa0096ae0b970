/**
 * Key points without a language model: whole sentences of the transcript, each saying something of its
 * own. Sentences are weighed by TF-IDF of their content words, ranked by TextRank and picked by maximal
 * marginal relevance, then given back in spoken order. Pure.
 */
import { isContent, wordsOf, type TaggedSentence } from './tagged-text';

/**
 * At most `max` points, together at most `wordShare` of the transcript's words (the first always fits).
 * Maximal marginal relevance weighs a sentence's rank by `relevance` against its overlap with the points
 * already chosen; one `samePoint` similar to a chosen point says it again.
 */
export const KEY_POINTS = { max: 7, wordShare: 0.2, relevance: 0.7, samePoint: 0.5 } as const;
/** Shorter sentences are fragments ("Of others."), unless the whole transcript is short. */
export const MIN_POINT_WORDS = 6;
/** A transcript under this many words is short: any sentence of it may be its point. */
export const SHORT_TRANSCRIPT_WORDS = 40;
/** Longer "sentences" are unpunctuated runs of speech, not sentences a reader would keep. */
export const MAX_POINT_WORDS = 40;
const DAMPING = 0.85;

export type Vector = Map<string, number>;

/** Distinct sentences with their TF-IDF vectors, their similarities and their TextRank (best 1). */
export interface RankedSentences {
  sentences: TaggedSentence[];
  vectors: Vector[];
  similarity: number[][];
  rank: number[];
}

export function rankSentences(sentences: readonly TaggedSentence[]): RankedSentences {
  const unique = sentences.filter((sentence, index) => sentences.findIndex((other) => other.text === sentence.text) === index);
  const vectors = tfIdfVectors(unique);
  const similarity = vectors.map((a) => vectors.map((b) => cosine(a, b)));
  return { sentences: unique, vectors, similarity, rank: textRank(similarity) };
}

/**
 * The key points of sentences already joined across the recogniser's breaks; `acceptable` says which
 * may be a point at all (a complete sentence, for a language the tagger knows).
 */
export function keyPoints(ranked: RankedSentences, acceptable: (sentence: TaggedSentence) => boolean): string[] {
  const { sentences: unique, vectors, similarity, rank } = ranked;
  const total = wordCount(ranked);
  const minWords = isShort(ranked) ? 1 : MIN_POINT_WORDS;
  const candidates = unique
    .map((sentence, index) => ({ index, words: wordsOf(sentence).length }))
    .filter(({ index, words }) => words >= minWords && words <= MAX_POINT_WORDS && vectors[index]!.size > 0 && acceptable(unique[index]!));
  const chosen = pickByMarginalRelevance(candidates, rank, similarity, Math.floor(KEY_POINTS.wordShare * total));
  return chosen.sort((a, b) => a - b).map((index) => unique[index]!.text);
}

const wordCount = ({ sentences }: RankedSentences): number => sentences.reduce((sum, sentence) => sum + wordsOf(sentence).length, 0);
export const isShort = (ranked: RankedSentences): boolean => wordCount(ranked) < SHORT_TRANSCRIPT_WORDS;

/** Maximal marginal relevance: each next point the best ranked that adds most beyond those chosen, within the budget of words. */
function pickByMarginalRelevance(candidates: readonly { index: number; words: number }[], rank: readonly number[], similarity: readonly number[][], budget: number): number[] {
  const chosen: number[] = [];
  let words = 0;
  const overlap = (index: number): number => Math.max(0, ...chosen.map((other) => similarity[index]![other]!));
  while (chosen.length < KEY_POINTS.max) {
    const next = candidates
      .filter((candidate) => !chosen.includes(candidate.index))
      .filter((candidate) => chosen.length === 0 || (words + candidate.words <= budget && overlap(candidate.index) < KEY_POINTS.samePoint))
      .map((candidate) => ({ ...candidate, value: KEY_POINTS.relevance * rank[candidate.index]! - (1 - KEY_POINTS.relevance) * overlap(candidate.index) }))
      .sort((a, b) => b.value - a.value || a.index - b.index)[0];
    if (!next) break;
    chosen.push(next.index);
    words += next.words;
  }
  return chosen;
}

/** Each sentence's content lemmas weighed by TF-IDF: a word in every sentence tells them apart by nothing. */
export function tfIdfVectors(sentences: readonly TaggedSentence[]): Vector[] {
  const counts = sentences.map((sentence) => {
    const vector: Vector = new Map();
    for (const token of sentence.tokens) if (isContent(token)) vector.set(token.lemma, (vector.get(token.lemma) ?? 0) + 1);
    return vector;
  });
  const documents = new Map<string, number>();
  for (const vector of counts) for (const term of vector.keys()) documents.set(term, (documents.get(term) ?? 0) + 1);
  return counts.map((vector) => new Map([...vector].map(([term, count]) => [term, count * Math.log(1 + sentences.length / documents.get(term)!)])));
}

export function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  const norm = (vector: Vector): number => Math.sqrt([...vector.values()].reduce((sum, weight) => sum + weight * weight, 0));
  return dot === 0 ? 0 : dot / (norm(a) * norm(b));
}

/** PageRank over the sentence similarity graph, scaled so the best sentence scores 1. */
export function textRank(similarity: readonly number[][]): number[] {
  const count = similarity.length;
  const outWeight = similarity.map((row, index) => row.reduce((sum, weight, other) => sum + (other === index ? 0 : weight), 0));
  let rank = similarity.map(() => 1 / Math.max(1, count));
  for (let iteration = 0; iteration < 30; iteration += 1) {
    rank = similarity.map((_, index) => (1 - DAMPING) / count + DAMPING * similarity.reduce((sum, row, other) => sum + (other !== index && outWeight[other]! > 0 ? (row[index]! / outWeight[other]!) * rank[other]! : 0), 0));
  }
  const best = Math.max(...rank, Number.MIN_VALUE);
  return rank.map((value) => value / best);
}
