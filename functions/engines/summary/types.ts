/** The summary port: a topic of a few words and a few summary lines for a transcript. */

export interface Summary {
  /** A few words naming what the recording is about; '' when none names it well enough. */
  topic: string;
  /** 3 to 5 lines (fewer for a short transcript); stored joined with newlines. */
  summary: string[];
}

export interface SummaryEngine {
  /** 'ai': written by a language model; 'extractive': key points picked from the transcript's own sentences. */
  readonly kind: 'ai' | 'extractive';
  summarize(transcript: string): Promise<Summary>;
}

/** The answer for a transcript with no words: nothing to summarise, and the topic says why. */
export const NO_SPEECH_SUMMARY: Summary = { topic: 'No speech detected', summary: [] };
