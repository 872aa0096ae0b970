/**
 * Word timings from the audio. Moonshine gives text, not word times. Each window (voice-activity.ts
 * planPieces) is recognised whole, for the decoder's context, and voice activity has split it at every pause
 * of 0.1 s or more into speech spans: the window's words are shared out among its spans in order, each span
 * taking about as many syllables as its length holds at the window's own pace, and a sentence's end going to
 * a pause where it can (assignToSpans); inside its span, each word takes time in proportion to its syllables.
 * So words after a pause start where the voice starts again, and no word drifts by more than a span.
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

/** What a pause after a word with this punctuation is worth, per second of pause (up to PAUSE_CAP_SECONDS). */
const PAUSE_PUNCTUATION: Readonly<Record<string, number>> = { '.': 1, '?': 1, '!': 1, '…': 1, ',': 0.4, ';': 0.4, ':': 0.4 };
const PAUSE_CAP_SECONDS = 1.5;
/** Spans shorter than this are held to their length no more strictly than this (a 0.2 s span may hold a word of 0.4 s). */
const SLACK_SECONDS = 0.3;

/**
 * The index of each word's span, in order (a dynamic programme over where each span's words end). Each
 * span's words should fill its length at the window's pace (the squared log of their ratio, so a short span
 * counts as much as a long one), and a pause that follows a sentence's end, or a clause's, is worth its length:
 * speakers in one window keep different paces, but they pause between sentences. A span may take no word
 * (a breath, a click).
 */
export function assignToSpans(words: readonly RecognizedWord[], spans: readonly TimeSpan[]): number[] {
  if (spans.length <= 1 || words.length === 0) return words.map(() => 0);
  const weights = words.map((word) => syllables(word.word));
  const before = [0];
  for (const weight of weights) before.push(before.at(-1)! + weight);
  const speech = spans.reduce((sum, span) => sum + span.end - span.start, 0);
  const pace = speech / before.at(-1)!;
  /** What ending span k after word j-1 is worth: the pause after the span, if that word ends a sentence or clause. */
  const bonus = (k: number, j: number): number => {
    const pause = Math.min(PAUSE_CAP_SECONDS, spans[k + 1]!.start - spans[k]!.end);
    return pause * (PAUSE_PUNCTUATION[words[j - 1]!.punctuation?.at(-1) ?? ''] ?? 0);
  };
  // cost[k][j]: the best cost of spans 0..k-1 holding words 0..j-1; from[k][j] the first word of span k-1.
  const cost = [...spans, undefined].map(() => new Array<number>(words.length + 1).fill(Number.POSITIVE_INFINITY));
  const from = spans.map(() => new Array<number>(words.length + 1).fill(0));
  cost[0]![0] = 0;
  spans.forEach((span, k) => {
    const length = span.end - span.start;
    const last = k === spans.length - 1;
    for (let j = last ? words.length : 0; j <= words.length; j += 1) {
      for (let i = 0; i <= j; i += 1) {
        const ratio = Math.log((length + SLACK_SECONDS) / ((before[j]! - before[i]!) * pace + SLACK_SECONDS));
        const total = cost[k]![i]! + ratio * ratio - (last || i === j ? 0 : bonus(k, j));
        if (total < cost[k + 1]![j]!) {
          cost[k + 1]![j] = total;
          from[k]![j] = i;
        }
      }
    }
  });
  const assignment = new Array<number>(words.length).fill(0);
  for (let k = spans.length - 1, j = words.length; k >= 0; k -= 1) {
    const i = from[k]![j]!;
    for (let word = i; word < j; word += 1) assignment[word] = k;
    j = i;
  }
  return assignment;
}
