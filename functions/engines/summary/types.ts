/** The summary port: a topic of a few words and a few summary lines for a transcript, and the other templates it can write (issue 30). */
import type { Turn } from '../../domain/action-items';
import type { ShapedTemplate } from '../../domain/summary-templates';

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
  /** The templates beyond key points that this engine writes. */
  readonly templates: readonly ShapedTemplate[];
  /** A template's lines for a conversation; `instruction` is the user's, for 'custom'. Only for a template in `templates`. */
  summarizeAs(template: ShapedTemplate, turns: readonly Turn[], instruction?: string): Promise<string[]>;
}

/** The answer for a transcript with no words: nothing to summarise, and the topic says why. */
export const NO_SPEECH_SUMMARY: Summary = { topic: 'No speech detected', summary: [] };
