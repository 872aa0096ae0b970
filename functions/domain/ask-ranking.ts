/**
 * Ranking a user's passages (./passages.ts) for a question (Ask, issue 30), with two signals fused by
 * reciprocal rank fusion: BM25 over stemmed words (./terms.ts), and the cosine of character-trigram vectors
 * (SMART lnc.ltc: log term frequency; idf on the question's side), which meets a question's words in other
 * forms the stemmer misses ("refraction" and "refracted", "Norsemen" and "Norse"). Pure; an index is built
 * once per shard of the user's search index and kept with it, and the statistics are summed over the shards
 * at question time, so the scores are those of one index over all the user's passages.
 */
import type { Passage } from './passages';
import { bm25, contentWords, terms } from './terms';

/** Passages each signal hands to the fusion, and the fusion's constant (the usual 60). */
const CANDIDATES = 50;
const RRF_K = 60;
/**
 * Any two texts share a few trigrams ("rainbow" and "trail"): a passage counts for the trigram signal only
 * with at least this share of the best passage's score (tuned on test/fixtures/ask-questions.ts).
 */
const TRIGRAM_FLOOR = 0.25;

/** Key → the passages that hold it and its weight in each, as two flat lists (a pair a posting took several times the memory). */
type Postings = Map<string, { passages: number[]; weights: number[] }>;

function addPosting(postings: Postings, key: string, passage: number, weight: number): void {
  const list = postings.get(key);
  if (list) {
    list.passages.push(passage);
    list.weights.push(weight);
  } else postings.set(key, { passages: [passage], weights: [weight] });
}

/** Each passage of a posting list with its weight. */
function forEachPosting(postings: Postings, key: string, visit: (passage: number, weight: number) => void): void {
  const list = postings.get(key);
  if (list) list.passages.forEach((passage, position) => visit(passage, list.weights[position]!));
}

const counts = (items: readonly string[]): Map<string, number> => {
  const map = new Map<string, number>();
  for (const item of items) map.set(item, (map.get(item) ?? 0) + 1);
  return map;
};

/** A text's character trigrams, each word padded ("#bow#": "#bo", "bow", "ow#"). */
export function trigrams(text: string): string[] {
  return contentWords(text).flatMap((word) => {
    const padded = `#${word}#`;
    return Array.from({ length: padded.length - 2 }, (_, index) => padded.slice(index, index + 3));
  });
}

/** One shard's passages with their word postings (term frequency) and trigram postings (normalized lnc weight). */
export class PassageIndex {
  readonly words: Postings = new Map();
  readonly grams: Postings = new Map();
  readonly lengths: number[];
  readonly totalLength: number;

  constructor(readonly passages: readonly Passage[]) {
    this.lengths = passages.map((passage, index) => {
      const wordTerms = terms(passage.text);
      for (const [term, frequency] of counts(wordTerms)) addPosting(this.words, term, index, frequency);
      const weights = [...counts(trigrams(passage.text))].map(([gram, frequency]) => [gram, 1 + Math.log(frequency)] as const);
      const norm = Math.hypot(...weights.map(([, weight]) => weight)) || 1;
      for (const [gram, weight] of weights) addPosting(this.grams, gram, index, weight / norm);
      return wordTerms.length;
    });
    this.totalLength = this.lengths.reduce((sum, length) => sum + length, 0);
  }
}

type Scores = Map<PassageIndex, Map<number, number>>;

const documentFrequency = (indexes: readonly PassageIndex[], postings: (index: PassageIndex) => Postings, key: string): number =>
  indexes.reduce((sum, index) => sum + (postings(index).get(key)?.passages.length ?? 0), 0);

function addScore(scores: Scores, index: PassageIndex, passage: number, score: number): void {
  const map = scores.get(index) ?? new Map<number, number>();
  map.set(passage, (map.get(passage) ?? 0) + score);
  scores.set(index, map);
}

function bm25Scores(indexes: readonly PassageIndex[], question: string, documents: number): Scores {
  const averageLength = indexes.reduce((sum, index) => sum + index.totalLength, 0) / documents;
  const scores: Scores = new Map();
  for (const term of new Set(terms(question))) {
    const frequencyInAll = documentFrequency(indexes, (index) => index.words, term);
    for (const index of indexes) {
      forEachPosting(index.words, term, (passage, frequency) => addScore(scores, index, passage, bm25({ frequency, documentFrequency: frequencyInAll, documents, length: index.lengths[passage]!, averageLength })));
    }
  }
  return scores;
}

function trigramScores(indexes: readonly PassageIndex[], question: string, documents: number): Scores {
  const weights = [...counts(trigrams(question))].map(([gram, frequency]) => {
    const frequencyInAll = documentFrequency(indexes, (index) => index.grams, gram);
    return [gram, frequencyInAll === 0 ? 0 : (1 + Math.log(frequency)) * Math.log(documents / frequencyInAll)] as const;
  });
  const norm = Math.hypot(...weights.map(([, weight]) => weight)) || 1;
  const scores: Scores = new Map();
  for (const [gram, weight] of weights) {
    if (weight === 0) continue;
    for (const index of indexes) forEachPosting(index.grams, gram, (passage, passageWeight) => addScore(scores, index, passage, (weight / norm) * passageWeight));
  }
  return scores;
}

/** The best candidates of one signal, best first: those `keep` takes that score at least `floor` of the best passage's score. */
function ranked(scores: Scores, keep: (passage: Passage) => boolean, floor = 0): Passage[] {
  const scored = [...scores].flatMap(([index, map]) => [...map].map(([passage, score]) => ({ passage: index.passages[passage]!, score })));
  const least = floor * scored.reduce((best, { score }) => Math.max(best, score), 0);
  return scored
    .filter(({ passage, score }) => score >= least && keep(passage))
    .sort((a, b) => b.score - a.score)
    .slice(0, CANDIDATES)
    .map(({ passage }) => passage);
}

export type Signal = 'words' | 'trigrams' | 'fused';

/**
 * The passages that best match the question, best first: each signal's ranking, or both fused (a passage
 * scores 1/(60 + rank) in each list it is in). Only passages `keep` takes are ranked (the transcripts asked about).
 */
export function rankPassages(indexes: readonly PassageIndex[], question: string, options: { limit: number; signal?: Signal; keep?: (passage: Passage) => boolean }): Passage[] {
  const documents = indexes.reduce((sum, index) => sum + index.passages.length, 0);
  if (documents === 0) return [];
  const { signal = 'fused', keep = () => true } = options;
  const lists = [...(signal === 'trigrams' ? [] : [ranked(bm25Scores(indexes, question, documents), keep)]), ...(signal === 'words' ? [] : [ranked(trigramScores(indexes, question, documents), keep, TRIGRAM_FLOOR)])];
  const fused = new Map<Passage, number>();
  for (const list of lists) list.forEach((passage, rank) => fused.set(passage, (fused.get(passage) ?? 0) + 1 / (RRF_K + rank + 1)));
  return [...fused].sort((a, b) => b[1] - a[1]).slice(0, options.limit).map(([passage]) => passage);
}

/** A passage's text in pieces, the words that share a term with the question marked (the panel highlights them). */
export function markQuestion(text: string, question: string): Array<{ text: string; match: boolean }> {
  const wanted = new Set(terms(question));
  return text.split(/(\s+)/).filter(Boolean).map((piece) => ({ text: piece, match: terms(piece).some((term) => wanted.has(term)) }));
}
