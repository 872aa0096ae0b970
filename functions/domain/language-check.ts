/**
 * Whether speech was in the language it was recognised as (issue 27 point 2). A speech model given speech in
 * another language still writes fluent text in its own, but it is unsure of it: the decoder's tokens are
 * less probable on average, and more of them are toss-ups. Pure: the local engine gives the figures.
 */

/** How sure the decoder was, over a recording: the figures the decision reads. */
export interface DecoderConfidence {
  /** Tokens decoded. */
  tokens: number;
  /** Their mean log-probability (0 is certain). */
  meanLogProb: number;
  /** The share of them whose probability was below LOW_TOKEN_PROBABILITY. */
  lowShare: number;
}

/** A token the decoder gave less than this probability is a toss-up. */
export const LOW_TOKEN_PROBABILITY = 0.5;

/** Adds up the decoder's token log-probabilities, window by window. */
export class ConfidenceTally {
  private tokens = 0;
  private sum = 0;
  private low = 0;

  add(logProbs: readonly number[]): void {
    for (const logProb of logProbs) {
      this.tokens += 1;
      this.sum += logProb;
      if (logProb < Math.log(LOW_TOKEN_PROBABILITY)) this.low += 1;
    }
  }

  figures(): DecoderConfidence {
    return { tokens: this.tokens, meanLogProb: this.tokens === 0 ? 0 : this.sum / this.tokens, lowShare: this.tokens === 0 ? 0 : this.low / this.tokens };
  }
}

/**
 * The limits of the decision, chosen on half of the real material (docs/benchmark.md, `npm run bench -- speech`):
 * read English heard as English stayed at or above -0.14 mean log-probability with at most 6% toss-ups;
 * Spanish heard as English at or below -1.02 with at least 60%. The limits sit two thirds of the way towards
 * the Spanish, as real English from a meeting room is noisier than read speech (a held-back meeting: -0.45, 28%).
 */
export const LANGUAGE_CHECK = {
  /** Fewer tokens than this (a word or two) say nothing either way. */
  minTokens: 8,
  minMeanLogProb: -0.75,
  maxLowShare: 0.45,
  /**
   * Another model surer than the chosen one by this much (mean log-probability) over the same first speech
   * heard its own language. On the tuning half the right model was surer by 0.06 to 0.5 on English and by
   * about 1 on Spanish; the Spanish model often heard English as nothing at all.
   */
  otherSurer: 0.05,
} as const;

/** The same first speech, as the chosen model and each other installed model heard it. */
export interface LanguageProbe {
  chosen: DecoderConfidence;
  others: readonly DecoderConfidence[];
}

/**
 * Whether the speech may not be in the language it was recognised as: another installed model was surer of
 * the first speech (or heard words where the chosen one heard next to none), or the decoder was unsure of
 * what it wrote over the whole recording.
 */
export function isLanguageMismatch(heard: DecoderConfidence, probe?: LanguageProbe): boolean {
  const check = LANGUAGE_CHECK;
  const heardWords = (figures: DecoderConfidence): boolean => figures.tokens >= check.minTokens && figures.meanLogProb >= check.minMeanLogProb;
  const surer = (probe?.others ?? []).filter(heardWords);
  if (surer.some((other) => probe!.chosen.tokens < check.minTokens || other.meanLogProb - probe!.chosen.meanLogProb > check.otherSurer)) return true;
  if (heard.tokens < check.minTokens) return false;
  return heard.meanLogProb < check.minMeanLogProb || heard.lowShare > check.maxLowShare;
}

/** The candidate whose decoder was surest (the first of equals); one that heard nothing comes last. */
export function mostConfident<T extends { confidence: DecoderConfidence }>(candidates: readonly T[]): T {
  const score = (candidate: T): number => (candidate.confidence.tokens === 0 ? Number.NEGATIVE_INFINITY : candidate.confidence.meanLogProb);
  return candidates.reduce((best, candidate) => (score(candidate) > score(best) ? candidate : best));
}

/**
 * What Amazon Transcribe said of its own result: each word's confidence (0-1, how likely the word is right) and,
 * with language identification, the score of the language it found (0-1).
 */
export interface TranscribeConfidence {
  wordConfidences: readonly number[];
  languageScore?: number;
}

/**
 * Transcribe's limits. Its word confidence is a probability that the word is right, as a decoder token's is, so
 * its words go through the same tally and limits as the local decoder's tokens (a word below even odds is a
 * toss-up). Unmeasured on Transcribe itself (no account here): the same limits are the honest start. A word it
 * gives 0 would make the mean -Infinity; it counts as `leastConfidence`, a word almost certainly wrong.
 * A language identification giving the language it found less than even odds (`minLanguageScore`) doubts it too:
 * clear speech in one of the languages offered scores close to 1 (Transcribe's docs: larger is surer).
 */
export const TRANSCRIBE_CHECK = { leastConfidence: 0.01, minLanguageScore: LOW_TOKEN_PROBABILITY } as const;

/** Whether the speech may not be in the language Transcribe wrote it in: unsure of its words, or of the language it identified. */
export function isTranscribeLanguageMismatch({ wordConfidences, languageScore }: TranscribeConfidence): boolean {
  if (languageScore !== undefined && languageScore < TRANSCRIBE_CHECK.minLanguageScore) return true;
  const tally = new ConfidenceTally();
  tally.add(wordConfidences.map((confidence) => Math.log(Math.max(confidence, TRANSCRIBE_CHECK.leastConfidence))));
  return isLanguageMismatch(tally.figures());
}
