/**
 * Issue 28 point 1: the local key points and topic on transcripts written for them (test/fixtures/summaries):
 * whole sentences across the recogniser's breaks, few, in spoken order; a topic whose words were said and that
 * shares a word with a person's gist. The rules hold on both halves; a topic is asked of the tuning half only.
 */
import { isClause, wordsOf } from '../../functions/domain/tagged-text';
import { FUNCTION_WORDS, TOPIC_WORDS } from '../../functions/domain/topic';
import { tagSentences, WinkSummaryEngine } from '../../functions/engines/summary/local-wink';
import { SUMMARY_FIXTURES } from '../fixtures/summaries';

const engine = new WinkSummaryEngine();
const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
/** Where a run of words starts in the transcript's words; -1 when it was never said so. */
const positionIn = (transcript: string[], run: string[]): number =>
  transcript.findIndex((_, start) => run.every((word, offset) => transcript[start + offset] === word));
/** "volcanoes" and "volcano" are one word to a reader. */
const stem = (word: string): string => word.replace(/(es|s)$/, '');
const contentWords = (text: string): Set<string> => new Set(words(text).filter((word) => !FUNCTION_WORDS.has(word) && word.length > 2).map(stem));

describe.each(SUMMARY_FIXTURES)('$name ($split)', ({ text, gist, split }) => {
  let summary: string[];
  let topic: string;
  beforeAll(async () => ({ summary, topic } = await engine.summarize(text)));
  const spoken = words(text);
  const short = spoken.length < 40;

  it('gives key points that are whole sentences: a subject and a verb, six words at least unless the transcript is short', () => {
    expect(summary.length).toBeGreaterThanOrEqual(1);
    for (const point of summary) {
      const [sentence, ...more] = tagSentences(point);
      expect(more).toEqual([]);
      expect({ point, clause: isClause(sentence!) }).toEqual({ point, clause: true });
      if (!short) expect(wordsOf(sentence!).length).toBeGreaterThanOrEqual(6);
    }
  });

  it('keeps to at most 7 points and a fifth of the words (or a single point), in spoken order, each said so', () => {
    expect(summary.length).toBeLessThanOrEqual(7);
    if (summary.length > 1) expect(words(summary.join(' ')).length).toBeLessThanOrEqual(spoken.length / 5);
    const positions = summary.map((point) => positionIn(spoken, words(point)));
    positions.forEach((position) => expect(position).toBeGreaterThanOrEqual(0));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('names a topic of 2 to 5 said words, in Title Case, ending in no function word, sharing a word with the gist', () => {
    if (split === 'tuning') expect(topic).not.toBe('');
    if (topic === '') return;
    const topicWords = topic.split(' ');
    expect(topicWords.length).toBeGreaterThanOrEqual(TOPIC_WORDS.min);
    expect(topicWords.length).toBeLessThanOrEqual(TOPIC_WORDS.max);
    for (const word of words(topic)) expect(spoken).toContain(word);
    expect(topicWords.filter((word) => !FUNCTION_WORDS.has(word)).every((word) => /^\p{Lu}/u.test(word))).toBe(true);
    expect(FUNCTION_WORDS.has(topicWords.at(-1)!.toLowerCase())).toBe(false);
    const gistWords = contentWords(gist);
    expect([...contentWords(topic)].some((word) => gistWords.has(word))).toBe(true);
  });
});
