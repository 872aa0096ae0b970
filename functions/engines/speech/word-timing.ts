/**
 * Word timings from the audio. Moonshine gives text, not word times. Voice activity splits each piece
 * at every pause of 0.1 s or more into speech spans, and Moonshine recognises each span on its own,
 * so every word's span is known; inside its span, each word takes time in proportion to its
 * syllables. So words after a pause start where the voice starts again, and no word drifts by more
 * than a span. (Recognising the whole piece as well, for its text, doubled the work: measured in the
 * benchmark, docs/benchmark.md.)
 */
import type { TimeSpan } from './voice-activity';

export interface TimedWord {
  /** As spoken, with any leading mark (¿, ¡, quotes) but without trailing punctuation. */
  word: string;
  /** Punctuation that follows the word (".", ",", "?", ...), if any. */
  punctuation?: string;
  start: number;
  end: number;
}

export type RecognizedWord = Omit<TimedWord, 'start' | 'end'>;

const TRAILING_PUNCTUATION = /[.,!?;:…]+$/u;

/** Moonshine's text → words with their trailing punctuation; a lone mark joins the word before. */
export function splitWords(text: string): RecognizedWord[] {
  const words: RecognizedWord[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const punctuation = TRAILING_PUNCTUATION.exec(token)?.[0];
    const word = punctuation ? token.slice(0, -punctuation.length) : token;
    if (/[\p{L}\p{N}]/u.test(word)) words.push({ word, ...(punctuation ? { punctuation } : {}) });
    else if (punctuation && words.length > 0) words.at(-1)!.punctuation = `${words.at(-1)!.punctuation ?? ''}${punctuation}`;
  }
  return words;
}

/** Rough spoken length of a word: its vowel groups (a digit counts as about one and a half). */
export function syllables(word: string): number {
  const lower = word.toLowerCase();
  const vowelGroups = lower.match(/[aeiouyáéíóúàèìòùâêîôûäëïöüœæ]+/gu)?.length ?? 0;
  const digits = lower.match(/\p{N}/gu)?.length ?? 0;
  return Math.max(1, vowelGroups + Math.ceil(digits * 1.5));
}

/** Times `words` inside the spans given by `assignment` (the index of each word's span), by syllables within each span. */
export function alignWords(words: readonly RecognizedWord[], spans: readonly TimeSpan[], assignment: readonly number[]): TimedWord[] {
  const timed: TimedWord[] = [];
  spans.forEach((span, spanIndex) => {
    const inSpan = words.filter((_, index) => assignment[index] === spanIndex);
    const weights = inSpan.map((word) => syllables(word.word));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let before = 0;
    inSpan.forEach((word, index) => {
      const start = span.start + ((span.end - span.start) * before) / total;
      before += weights[index]!;
      timed.push({ ...word, start: round(start), end: round(span.start + ((span.end - span.start) * before) / total) });
    });
  });
  return timed;
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;
