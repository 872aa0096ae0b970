/**
 * Retrieval over the FAQ for the local support chat: words are lower-cased, stop words dropped and
 * endings trimmed (a light stemmer), then each entry is scored with BM25 over its question, keywords and
 * answer (the question counts most). An entry is a candidate only when the question shares a word with its
 * question or keywords (a word its answer mentions in passing is not enough). Below a threshold there is
 * no answer, and the chat says so.
 */
import { FAQ, type FaqEntry } from './faq';

const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on for with at by from as into onto about than then so too very ' +
    'is are was were be been being am do does did done doing have has had having can could should would will shall may might must ' +
    'i me my mine myself we us our ours you your yours it its itself this that these those there here ' +
    'he him his she her they them their what which who whom whose when where why how ' +
    'not no yes any some all each every other such only own same just also still even ' +
    'get got want wants need needs like know tell please thanks thank hi hello hey ok okay ' +
    'one thing things way use using used app'
  ).split(/\s+/),
);

/** Trims common English endings so that "deleting", "deleted" and "delete" meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length - 3 >= 3) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length - 2 >= 4) w = w.slice(0, -2);
  if (w.endsWith('ion') && w.length - 3 >= 4) w = w.slice(0, -3);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** The searchable terms of a text, in order (repeats kept: they count). */
export function terms(text: string): string[] {
  return (text.toLowerCase().replace(/['’]/g, '').match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem)
    .filter((term) => term.length > 1);
}

/** Field weights: a word in the question says more about the entry than one in its answer. */
const WEIGHTS = { question: 3, keywords: 2, answer: 1 } as const;
const K1 = 1.2;
const B = 0.75;
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
      const df = index.documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
      score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / index.averageLength));
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
