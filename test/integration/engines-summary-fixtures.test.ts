/**
 * Issue 28 point 1: the local key points and topic on transcripts written for them (test/fixtures/summaries):
 * whole sentences across the recogniser's breaks, few, in spoken order; a topic whose words were said and that
 * shares a word with a person's gist. The rules hold on both halves; a topic is asked of the tuning half only.
 */
import { FUNCTION_WORDS, TOPIC_WORDS } from '../../functions/domain/topic';
import { WinkSummaryEngine } from '../../functions/engines/summary/local-wink';
import { isFragment, sharesGistWord, spokenWords as words, SUMMARY_FIXTURES } from '../fixtures/summaries';

const engine = new WinkSummaryEngine();
/** Where a run of words starts in the transcript's words; -1 when it was never said so. */
const positionIn = (transcript: string[], run: string[]): number =>
  transcript.findIndex((_, start) => run.every((word, offset) => transcript[start + offset] === word));

describe.each(SUMMARY_FIXTURES)('$name ($split)', ({ text, gist, split }) => {
  let summary: string[];
  let topic: string;
  beforeAll(async () => ({ summary, topic } = await engine.summarize(text)));
  const spoken = words(text);

  it('gives key points that are whole sentences: a subject and a verb, six words at least unless the transcript is short', () => {
    expect(summary.length).toBeGreaterThanOrEqual(1);
    expect(summary.filter((point) => isFragment(point, text))).toEqual([]);
  });

  it('states rather than asks: no question is a key point when the transcript says anything', () => {
    expect(summary.filter((point) => point.endsWith('?'))).toEqual([]);
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
    expect(sharesGistWord(topic, gist)).toBe(true);
  });
});
