/**
 * Local summary: extractive "key points" with wink-nlp's English model (no language model is
 * available locally). Content words are nouns, verbs and adjectives, no stop words. Sentences are
 * ranked with TextRank and picked by maximal marginal relevance (see keyPoints), kept in their
 * original order; the topic is the noun phrase whose words recur most. Timestamps and speaker
 * labels that the text may carry are not part of any sentence.
 */
import winkNLP, { type ItemSentence, type ItemToken, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { once } from '../../platform/lazy';
import { NO_SPEECH_SUMMARY, type Summary, type SummaryEngine } from './types';

interface Token {
  text: string;
  lemma: string;
  pos: string;
  isContent: boolean;
}

interface Sentence {
  text: string;
  tokens: Token[];
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);
const NOUN_POS = new Set(['NOUN', 'PROPN']);
/** Nouns too general to name what a recording is about. */
const VAGUE_NOUNS = new Set(['today', 'tomorrow', 'yesterday', 'tonight', 'time', 'day', 'thing', 'lot', 'way', 'bit', 'kind', 'sort']);
/**
 * Key points: at most `max`, together at most `wordShare` of the transcript's words. Maximal marginal relevance
 * weighs a sentence's rank by `relevance` against its overlap with points already chosen; a sentence `samePoint`
 * similar to a chosen point says the same thing again.
 */
const KEY_POINTS = { max: 7, wordShare: 0.2, relevance: 0.7, samePoint: 0.5 } as const;
const DAMPING = 0.85;
/** A line longer than this is cut: an unpunctuated transcript can hold very long "sentences". */
const MAX_LINE_WORDS = 40;
const MAX_TOPIC_WORDS = 3;
const FALLBACK_TOPIC = 'General conversation';

/** Loading the model takes a moment: once per process. */
const nlp = once((): WinkMethods => winkNLP(model));

export class WinkSummaryEngine implements SummaryEngine {
  readonly kind = 'extractive';

  async summarize(transcript: string): Promise<Summary> {
    const sentences = readSentences(transcript);
    if (sentences.length === 0) return NO_SPEECH_SUMMARY;
    const frequencies = termFrequencies(sentences);
    return { topic: topicOf(sentences, frequencies), summary: keyPoints(sentences) };
  }
}

/** `[00:01:02] ` timestamps, then `Speaker 1: ` labels at line starts, of a formatted transcript. */
const TIMESTAMPS = /\[\d{2}:\d{2}:\d{2}\]\s*/g;
const SPEAKER_LABELS = /^\s*[^\n:]{1,40}:\s(?=\S)/gm;

function readSentences(transcript: string): Sentence[] {
  const text = transcript.replace(TIMESTAMPS, '').replace(SPEAKER_LABELS, '');
  const { its } = nlp();
  const sentences: Sentence[] = [];
  nlp()
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      const tokens: Token[] = [];
      sentence.tokens().each((token: ItemToken) => {
        // wink-nlp's typings declare its.lemma with a signature out() doesn't accept; it works at run time.
        const lemma = String(token.out(its.lemma as unknown as ItsFunction<string>)).toLowerCase();
        const pos = String(token.out(its.pos));
        const isWord = token.out(its.type) === 'word';
        tokens.push({ text: token.out(), lemma, pos, isContent: isWord && token.out(its.stopWordFlag) !== true && lemma.length > 2 && CONTENT_POS.has(pos) });
      });
      const words = tokens.filter((token) => /[\p{L}\p{N}]/u.test(token.text));
      if (words.length > 0) sentences.push({ text: sentence.out().trim(), tokens });
    });
  return sentences;
}

function termFrequencies(sentences: readonly Sentence[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const token of sentences.flatMap((sentence) => sentence.tokens)) {
    if (token.isContent) frequencies.set(token.lemma, (frequencies.get(token.lemma) ?? 0) + 1);
  }
  return frequencies;
}

/**
 * Key points: sentences ranked by TextRank (PageRank over the similarity of their content words),
 * then picked by maximal marginal relevance, so each new point adds a topic not yet covered. At most
 * KEY_POINTS.max, and together at most KEY_POINTS.wordShare of the transcript's words (the first point always fits).
 */
function keyPoints(sentences: readonly Sentence[]): string[] {
  const unique = sentences.filter((sentence, index) => sentences.findIndex((other) => other.text === sentence.text) === index);
  const vectors = unique.map(contentVector);
  const similarity = vectors.map((a) => vectors.map((b) => cosine(a, b)));
  const rank = textRank(similarity);
  const budget = Math.floor(KEY_POINTS.wordShare * unique.reduce((sum, sentence) => sum + wordCount(sentence), 0));
  const chosen: number[] = [];
  let words = 0;
  while (chosen.length < KEY_POINTS.max) {
    const next = unique
      .map((sentence, index) => ({ index, words: Math.min(MAX_LINE_WORDS, wordCount(sentence)), value: KEY_POINTS.relevance * rank[index]! - (1 - KEY_POINTS.relevance) * Math.max(0, ...chosen.map((other) => similarity[index]![other]!)) }))
      .filter((candidate) => !chosen.includes(candidate.index) && vectors[candidate.index]!.size > 0)
      .filter((candidate) => chosen.length === 0 || (words + candidate.words <= budget && Math.max(...chosen.map((other) => similarity[candidate.index]![other]!)) < KEY_POINTS.samePoint))
      .sort((a, b) => b.value - a.value || a.index - b.index)[0];
    if (!next) break;
    chosen.push(next.index);
    words += next.words;
  }
  return chosen.sort((a, b) => a - b).map((index) => shorten(unique[index]!.text));
}

const wordCount = (sentence: Sentence): number => sentence.tokens.filter((token) => /[\p{L}\p{N}]/u.test(token.text)).length;

function contentVector(sentence: Sentence): Map<string, number> {
  const vector = new Map<string, number>();
  for (const token of sentence.tokens) if (token.isContent) vector.set(token.lemma, (vector.get(token.lemma) ?? 0) + 1);
  return vector;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [term, count] of a) dot += count * (b.get(term) ?? 0);
  const norm = (vector: Map<string, number>): number => Math.sqrt([...vector.values()].reduce((sum, count) => sum + count * count, 0));
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

function shorten(line: string): string {
  const words = line.split(/\s+/);
  return words.length <= MAX_LINE_WORDS ? line : `${words.slice(0, MAX_LINE_WORDS).join(' ')}…`;
}

/** The noun phrase (adjectives and nouns ending in a noun) whose words recur most across the transcript. */
function topicOf(sentences: readonly Sentence[], frequencies: Map<string, number>): string {
  const phrases = new Map<string, { words: string[]; score: number; first: number }>();
  let position = 0;
  for (const sentence of sentences) {
    for (const phrase of nounPhrases(sentence.tokens)) {
      const key = phrase.map((token) => token.lemma).join(' ');
      const weight = phrase.reduce((sum, token) => sum + (frequencies.get(token.lemma) ?? 0), 0);
      const entry = phrases.get(key) ?? { words: phrase.map((token) => (token.pos === 'PROPN' ? token.text : token.text.toLowerCase())), score: 0, first: position++ };
      entry.score += weight;
      phrases.set(key, entry);
    }
  }
  const best = [...phrases.values()].sort((a, b) => b.score - a.score || b.words.length - a.words.length || a.first - b.first)[0];
  if (best) return capitalize(best.words.join(' '));
  const topTerm = [...frequencies.entries()].sort((a, b) => b[1] - a[1])[0];
  return topTerm ? capitalize(topTerm[0]) : FALLBACK_TOPIC;
}

/** Runs of content adjectives and nouns, cut to end at their last noun and to the last few words. */
function nounPhrases(tokens: readonly Token[]): Token[][] {
  const phrases: Token[][] = [];
  let run: Token[] = [];
  const close = (): void => {
    const lastNoun = run.findLastIndex((token) => NOUN_POS.has(token.pos));
    if (lastNoun >= 0) phrases.push(run.slice(Math.max(0, lastNoun + 1 - MAX_TOPIC_WORDS), lastNoun + 1));
    run = [];
  };
  for (const token of tokens) {
    if (token.isContent && PHRASE_POS.has(token.pos) && !VAGUE_NOUNS.has(token.lemma)) run.push(token);
    else close();
  }
  close();
  return phrases;
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
