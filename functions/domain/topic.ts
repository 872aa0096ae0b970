/**
 * A recording's topic without a language model: the noun phrase of 2 to 5 words whose words recur and
 * whose sentences are central, in Title Case; none ('') when no phrase qualifies, rather than a wrong one. Pure.
 */
import type { RankedSentences } from './key-points';
import { isContent, type TaggedToken } from './tagged-text';

export const TOPIC_WORDS = { min: 2, max: 5 } as const;
/** Nouns too general to name what a recording is about. */
const VAGUE_NOUNS = new Set(['today', 'tomorrow', 'yesterday', 'tonight', 'time', 'day', 'week', 'thing', 'lot', 'way', 'bit', 'kind', 'sort', 'everyone', 'people', 'question', 'minute', 'hour']);
const NOUN_POS = new Set(['NOUN', 'PROPN']);
const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);
/** Never the last word of a topic, in the languages a transcript may come in; kept in lower case inside one. */
export const FUNCTION_WORDS = new Set([
  ...['a', 'an', 'the', 'of', 'and', 'or', 'but', 'that', 'which', 'who', 'whom', 'whose', 'what', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'as', 'is', 'are', 'was', 'it', 'this', 'these', 'those'],
  ...['que', 'el', 'la', 'los', 'las', 'un', 'una', 'de', 'del', 'y', 'o', 'en', 'a', 'al', 'con', 'por', 'para', 'se', 'su', 'sus', 'quien', 'cual', 'es', 'lo'],
]);

interface Phrase {
  words: string[];
  lemmas: string[];
  occurrences: number;
  centrality: number;
}

/** A noun said this often names the recording with the next such noun ("Volcanoes and Magma") when no phrase qualifies. */
const MIN_PAIRED_NOUN_COUNT = 3;

/**
 * The topic, or '' when no noun phrase recurs or stands in a central sentence. A short transcript says
 * little twice: there a phrase of its most central sentence is enough.
 */
export function topicOf(ranked: RankedSentences, short = false): string {
  const counts = lemmaCounts(ranked);
  const phrases = collectPhrases(ranked);
  const scored = [...phrases.values()]
    .filter((phrase) => qualifies(phrase, counts, short))
    .map((phrase) => ({ phrase, score: phraseScore(phrase, counts) }))
    .sort((a, b) => b.score - a.score || b.phrase.words.length - a.phrase.words.length);
  const best = scored[0]?.phrase;
  return best ? titleCase(best.words) : nounPair(ranked, counts);
}

/** The two nouns said most (each at least MIN_PAIRED_NOUN_COUNT times), joined by "and"; '' without two such nouns. */
function nounPair({ sentences }: RankedSentences, counts: Map<string, number>): string {
  const forms = new Map<string, string>();
  for (const token of sentences.flatMap((sentence) => sentence.tokens)) {
    if (NOUN_POS.has(token.pos) && isContent(token) && !VAGUE_NOUNS.has(token.lemma) && !forms.has(token.lemma)) forms.set(token.lemma, surface(token));
  }
  const frequent = [...forms.keys()].filter((lemma) => (counts.get(lemma) ?? 0) >= MIN_PAIRED_NOUN_COUNT).sort((a, b) => counts.get(b)! - counts.get(a)!);
  return frequent.length >= 2 ? titleCase([forms.get(frequent[0]!)!, 'and', forms.get(frequent[1]!)!]) : '';
}

function lemmaCounts({ sentences }: RankedSentences): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of sentences.flatMap((sentence) => sentence.tokens)) if (isContent(token)) counts.set(token.lemma, (counts.get(token.lemma) ?? 0) + 1);
  return counts;
}

/**
 * Every phrase of 2 to 5 words inside a noun chunk that ends in a noun, by lemmas: "fresh pasta" too in
 * "fresh pasta cooks" (a verb the tagger took for a noun).
 */
function collectPhrases({ sentences, rank }: RankedSentences): Map<string, Phrase> {
  const phrases = new Map<string, Phrase>();
  sentences.forEach((sentence, index) => {
    for (const span of chunks(sentence.tokens).flatMap(nounSpans)) {
      const key = span.map((token) => token.lemma).join(' ');
      const phrase = phrases.get(key) ?? { words: span.map(surface), lemmas: span.map((token) => token.lemma), occurrences: 0, centrality: 0 };
      phrase.occurrences += 1;
      phrase.centrality = Math.max(phrase.centrality, rank[index]!);
      phrases.set(key, phrase);
    }
  });
  return phrases;
}

/** Runs of content adjectives and nouns. */
function chunks(tokens: readonly TaggedToken[]): TaggedToken[][] {
  const runs: TaggedToken[][] = [[]];
  for (const token of tokens) {
    if (isContent(token) && PHRASE_POS.has(token.pos) && !VAGUE_NOUNS.has(token.lemma)) runs.at(-1)!.push(token);
    else if (runs.at(-1)!.length > 0) runs.push([]);
  }
  return runs;
}

/** The spans of a run of 2 to 5 words that end in a noun. */
function nounSpans(run: readonly TaggedToken[]): TaggedToken[][] {
  const spans: TaggedToken[][] = [];
  run.forEach((token, end) => {
    if (!NOUN_POS.has(token.pos)) return;
    for (let length = TOPIC_WORDS.min; length <= Math.min(TOPIC_WORDS.max, end + 1); length += 1) spans.push(run.slice(end + 1 - length, end + 1));
  });
  return spans;
}

const surface = (token: TaggedToken): string => (token.pos === 'PROPN' ? token.text : token.text.toLowerCase());

/** Sentences ranked this close to the best (1) are central. */
const CENTRAL_RANK = 0.8;

/** It recurs, or its head noun recurs and it stands in one of the most central sentences. */
function qualifies(phrase: Phrase, counts: Map<string, number>, short: boolean): boolean {
  const head = phrase.lemmas.at(-1)!;
  if (FUNCTION_WORDS.has(head) || phrase.words.length < TOPIC_WORDS.min) return false;
  const central = phrase.centrality >= CENTRAL_RANK;
  return phrase.occurrences >= 2 || (central && (short || (counts.get(head) ?? 0) >= 2));
}

/** How often its words come back, how often it does, and how central its best sentence is. */
const phraseScore = (phrase: Phrase, counts: Map<string, number>): number =>
  phrase.lemmas.reduce((sum, lemma) => sum + (counts.get(lemma) ?? 1) - 1, 0) + 2 * (phrase.occurrences - 1) + phrase.centrality;

/** "silica content" → "Silica Content", "GREAT SORROW" → "Great Sorrow"; a function word inside stays in lower case. */
export const titleCase = (words: readonly string[]): string => words.map((word, index) => titleWord(word, index > 0)).join(' ');

function titleWord(word: string, inside: boolean): string {
  const lower = word.toLowerCase();
  if (inside && FUNCTION_WORDS.has(lower)) return lower;
  // A word in capitals throughout is shouted or a transcript in capitals, not an acronym of several words.
  const base = word.length > 1 && word === word.toUpperCase() ? lower : word;
  return base.charAt(0).toUpperCase() + base.slice(1);
}
