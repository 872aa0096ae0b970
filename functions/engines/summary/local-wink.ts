/**
 * Local summary: extractive, with wink-nlp's English model. Sentences are scored by the document
 * frequency of their content words (nouns, verbs, adjectives; no stop words), the best are kept
 * in their original order; the topic is the noun phrase whose words recur most.
 */
import winkNLP, { type ItemSentence, type ItemToken, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { once } from '../../lib/lazy';
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
const MIN_LINES = 3;
const MAX_LINES = 5;
/** A line longer than this is cut: an unpunctuated transcript can hold very long "sentences". */
const MAX_LINE_WORDS = 40;
const MAX_TOPIC_WORDS = 3;
const FALLBACK_TOPIC = 'General conversation';

/** Loading the model takes a moment: once per process. */
const nlp = once((): WinkMethods => winkNLP(model));

export class WinkSummaryEngine implements SummaryEngine {
  async summarize(transcript: string): Promise<Summary> {
    const sentences = readSentences(transcript);
    if (sentences.length === 0) return NO_SPEECH_SUMMARY;
    const frequencies = termFrequencies(sentences);
    return { topic: topicOf(sentences, frequencies), summary: summaryLines(sentences, frequencies) };
  }
}

function readSentences(text: string): Sentence[] {
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

/** How many lines: all of a short transcript, else 3 to 5 growing with its length. */
export function lineCount(sentences: number): number {
  if (sentences <= MIN_LINES) return sentences;
  return Math.min(MAX_LINES, Math.max(MIN_LINES, Math.ceil(sentences / 8)));
}

function summaryLines(sentences: readonly Sentence[], frequencies: Map<string, number>): string[] {
  const wordCount = (sentence: Sentence): number => sentence.tokens.filter((token) => /[\p{L}\p{N}]/u.test(token.text)).length;
  // Frequency mass per word, damped by length so long sentences don't win by size alone.
  const score = (sentence: Sentence): number =>
    sentence.tokens.reduce((sum, token) => sum + (token.isContent ? frequencies.get(token.lemma)! : 0), 0) / Math.sqrt(wordCount(sentence));
  const unique = sentences.filter((sentence, index) => sentences.findIndex((other) => other.text === sentence.text) === index);
  const ranked = unique
    .map((sentence, index) => ({ sentence, index, score: score(sentence) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, lineCount(unique.length));
  return ranked.sort((a, b) => a.index - b.index).map(({ sentence }) => shorten(sentence.text));
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
