/**
 * Passages of a transcript for Ask (issue 30): whole sentences run together until the passage is about
 * 30–60 s long (PASSAGE_MS), each with its times, its main speaker and its text. Pure; the ranking is in
 * ./ask-ranking.ts.
 */
import { PASSAGE_MS } from './constants';
import { joinWords } from './join-words';
import type { WordGroup, WordTiming } from './parse-transcript';

export interface Passage {
  transcript_id: string;
  /** Milliseconds: the first word's start and the last word's end. */
  start_ms: number;
  end_ms: number;
  /** Who speaks most of it (by time), or null without speaker labels. */
  speaker: string | null;
  text: string;
}

interface Sentence {
  words: readonly WordTiming[];
  speaker: string | undefined;
}

/** A word that ends a sentence: its punctuation (the word keeps what follows it, "dog."). */
const SENTENCE_END = /[.?!…。？！]["'”’)\]]*$/;

/** A group's sentences (a speaker turn holds several), a sentence over `maxMs` cut where it passes it. */
function sentencesOf(group: WordGroup, maxMs: number): Sentence[] {
  const sentences: Sentence[] = [];
  let current: WordTiming[] = [];
  for (const word of group.words) {
    if (current.length > 0 && word.end - current[0]!.start > maxMs) {
      sentences.push({ words: current, speaker: group.speaker });
      current = [];
    }
    current.push(word);
    if (SENTENCE_END.test(word.word)) {
      sentences.push({ words: current, speaker: group.speaker });
      current = [];
    }
  }
  if (current.length > 0) sentences.push({ words: current, speaker: group.speaker });
  return sentences;
}

const duration = (sentences: readonly Sentence[]): number => sentences.at(-1)!.words.at(-1)!.end - sentences[0]!.words[0]!.start;

/** The speaker heard longest in the passage. */
function mainSpeaker(sentences: readonly Sentence[]): string | null {
  const time = new Map<string, number>();
  for (const { words, speaker } of sentences) if (speaker !== undefined) time.set(speaker, (time.get(speaker) ?? 0) + words.at(-1)!.end - words[0]!.start);
  return [...time.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export function passagesOf(transcriptId: string, groups: readonly WordGroup[], limits: { min: number; max: number } = PASSAGE_MS): Passage[] {
  const runs: Sentence[][] = [];
  let run: Sentence[] = [];
  for (const sentence of groups.flatMap((group) => sentencesOf(group, limits.max))) {
    // Close the run once it is long enough, or when this sentence would take it past the longest.
    if (run.length > 0 && (duration(run) >= limits.min || duration([...run, sentence]) > limits.max)) {
      runs.push(run);
      run = [];
    }
    run.push(sentence);
  }
  if (run.length > 0) {
    // A short tail joins the passage before it when both fit in one.
    const previous = runs.at(-1);
    if (previous && duration(run) < limits.min / 2 && duration([...previous, ...run]) <= limits.max) previous.push(...run);
    else runs.push(run);
  }
  return runs.map((sentences) => ({
    transcript_id: transcriptId,
    start_ms: sentences[0]!.words[0]!.start,
    end_ms: sentences.at(-1)!.words.at(-1)!.end,
    speaker: mainSpeaker(sentences),
    text: joinWords(sentences.flatMap((sentence) => sentence.words.map((word) => word.word))),
  }));
}
