/**
 * Local summary: key points and topic with wink-nlp's English model (no language model is available
 * locally). wink only tags the words here; the choice is domain/key-points.ts and domain/topic.ts.
 * Timestamps and speaker labels that the text may carry are not part of any sentence. A text that is
 * not English gets no topic and no key points: its words' tags would be guesses.
 */
import winkNLP, { type ItemSentence, type ItemToken, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { actionItemLine, actionItems, type Turn } from '../../domain/action-items';
import { isShort, keyPoints, rankSentences } from '../../domain/key-points';
import type { ShapedTemplate } from '../../domain/summary-templates';
import { isCompleteSentence, isStatement, isWord, joinSegments, type TaggedSentence, type TaggedToken } from '../../domain/tagged-text';
import { topicOf } from '../../domain/topic';
import { once } from '../../platform/lazy';
import { NO_SPEECH_SUMMARY, type Summary, type SummaryEngine } from './types';

/** English runs at about 40 % stop words (the, of, is, ...); another language's text scores far below this share of them. */
const MIN_ENGLISH_STOP_SHARE = 0.2;

/** Loading the model takes a moment: once per process. */
const nlp = once((): WinkMethods => winkNLP(model));

export class WinkSummaryEngine implements SummaryEngine {
  readonly kind = 'extractive';
  /** Without a language model, only what can be picked from the transcript's own sentences (issue 30). */
  readonly templates: readonly ShapedTemplate[] = ['action_items'];

  async summarizeAs(template: ShapedTemplate, turns: readonly Turn[]): Promise<string[]> {
    if (template !== 'action_items') throw new Error(`The local summary engine does not write ${template}`);
    return actionItems(turns).map(actionItemLine);
  }

  async summarize(transcript: string): Promise<Summary> {
    const sentences = readSentences(transcript);
    if (sentences.length === 0) return NO_SPEECH_SUMMARY;
    if (!looksEnglish(sentences)) return { topic: '', summary: [] };
    const ranked = rankSentences(joinSegments(sentences));
    // Questions only when nothing is stated (an interview's questions can carry its subject, but rarely a point).
    const statements = keyPoints(ranked, isStatement);
    return { topic: topicOf(ranked, isShort(ranked)), summary: statements.length > 0 ? statements : keyPoints(ranked, isCompleteSentence) };
  }
}

/** `[00:01:02] ` timestamps, then `Speaker 1: ` labels at line starts, of a formatted transcript. */
const TIMESTAMPS = /\[\d{2}:\d{2}:\d{2}\]\s*/g;
const SPEAKER_LABELS = /^\s*[^\n:]{1,40}:\s(?=\S)/gm;

function readSentences(transcript: string): TaggedSentence[] {
  return tagSentences(transcript.replace(TIMESTAMPS, '').replace(SPEAKER_LABELS, ''));
}

/** The sentences of a text as wink-nlp splits and tags them. */
export function tagSentences(text: string): TaggedSentence[] {
  const sentences: TaggedSentence[] = [];
  nlp()
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      const tokens: TaggedToken[] = [];
      sentence.tokens().each((token: ItemToken) => tokens.push(tagged(token)));
      if (tokens.some(isWord)) sentences.push({ text: sentence.out().trim(), tokens });
    });
  return sentences;
}

function tagged(token: ItemToken): TaggedToken {
  const { its } = nlp();
  // wink-nlp's typings declare its.lemma with a signature out() doesn't accept; it works at run time.
  const lemma = String(token.out(its.lemma as unknown as ItsFunction<string>)).toLowerCase();
  return { text: token.out(), lemma, pos: String(token.out(its.pos)), stop: token.out(its.stopWordFlag) === true };
}

function looksEnglish(sentences: readonly TaggedSentence[]): boolean {
  const words = sentences.flatMap((sentence) => sentence.tokens.filter(isWord));
  return words.filter((token) => token.stop).length >= MIN_ENGLISH_STOP_SHARE * words.length;
}
