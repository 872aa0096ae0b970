/** The real local summary engine (wink-nlp with its English model). */
import { joinSegments } from '../../functions/domain/tagged-text';
import { tagSentences, WinkSummaryEngine } from '../../functions/engines/summary/local-wink';
import { SPOKEN_TEXT } from '../fixtures/spoken';

const LECTURE = [
  'Today we are going to talk about the history of the printing press.',
  'The printing press was invented by Johannes Gutenberg around fourteen forty.',
  'Before the printing press, books were copied by hand, which took a very long time.',
  'Monks in monasteries spent years copying a single book.',
  'Gutenberg combined movable metal type with oil-based ink and a wooden press.',
  'This invention made books much cheaper and faster to produce.',
  'As a result, literacy spread across Europe.',
  'Ideas could travel farther and faster than ever before.',
  'The Reformation and the scientific revolution both owed a great deal to printed books.',
  'Newspapers appeared in the seventeenth century.',
  'Um, let me check the time.',
  'Okay, we have a few minutes left.',
  'The printing press is often called one of the most important inventions in human history.',
  'Next week we will discuss the steam engine and the industrial revolution.',
  'Please read chapter four before class.',
].join(' ');

const engine = new WinkSummaryEngine();

describe('WinkSummaryEngine', () => {
  const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

  it('picks a few key points of a lecture: its own sentences, in order, distinct, at most a fifth of its words', async () => {
    const { topic, summary } = await engine.summarize(LECTURE);
    expect(summary.length).toBeGreaterThanOrEqual(2);
    expect(summary.length).toBeLessThanOrEqual(7);
    summary.forEach((line) => expect(LECTURE).toContain(line));
    expect(summary.map((line) => LECTURE.indexOf(line))).toEqual([...summary.map((line) => LECTURE.indexOf(line))].sort((a, b) => a - b));
    expect(words(summary.join(' '))).toBeLessThanOrEqual(words(LECTURE) / 5);
    expect(summary.join(' ')).toMatch(/printing press/i);
    expect(summary).not.toContain('Um, let me check the time.');
    expect(topic.toLowerCase()).toBe('printing press');
  });

  it('never repeats the timestamps or speaker labels of a formatted transcript', async () => {
    const formatted = LECTURE.split('. ').map((sentence, index) => `[00:00:${String(index * 3).padStart(2, '0')}] Speaker 1: ${sentence}.`).join('\n');
    const { summary } = await engine.summarize(formatted);
    expect(summary.length).toBeGreaterThanOrEqual(1);
    for (const line of summary) expect(line).not.toMatch(/\[\d{2}:|Speaker 1:/);
  });

  it('keeps a short meeting short: one or two points, not most of it word for word', async () => {
    const { summary } = await engine.summarize(SPOKEN_TEXT);
    expect(summary.length).toBeGreaterThanOrEqual(1);
    expect(summary.length).toBeLessThanOrEqual(2);
    summary.forEach((line) => expect(SPOKEN_TEXT).toContain(line));
  });

  it('gives a short transcript its one sentence, one with no sentence and no phrase nothing, and empty ones a plain answer', async () => {
    await expect(engine.summarize('Hello there. We meet tomorrow at the office.')).resolves.toEqual({ topic: '', summary: ['We meet tomorrow at the office.'] });
    await expect(engine.summarize('Hello there. See you tomorrow at the office.')).resolves.toEqual({ topic: '', summary: [] });
    await expect(engine.summarize('  ')).resolves.toEqual({ topic: 'No speech detected', summary: [] });
    await expect(engine.summarize('um uh')).resolves.toEqual({ topic: '', summary: [] });
  });

  it('joins the pieces the recogniser cut a sentence into, as the tagger reads them', () => {
    const pieces = 'We wear masks to prevent possible infection. Of others. Our battery stores energy during the day. And runs the pump at night. Finance asked us to bring the budget back to. Where it was. Most volcanoes sit along the edges of plates. Where one plate slides under another. And the second engineer.';
    expect(joinSegments(tagSentences(pieces)).map((sentence) => sentence.text)).toEqual([
      'We wear masks to prevent possible infection of others.',
      'Our battery stores energy during the day and runs the pump at night.',
      'Finance asked us to bring the budget back to where it was.',
      'Most volcanoes sit along the edges of plates, where one plate slides under another.',
      'And the second engineer.',
    ]);
  });

  it('takes a question as a key point only when nothing is stated', async () => {
    const { summary } = await engine.summarize('Why do volcanoes erupt so violently? What makes the magma so thick and sticky?');
    expect(summary).toEqual([expect.stringMatching(/\?$/)]);
  });

  it('gives a text in another language no topic and no key points rather than guesses', async () => {
    const spanish = 'se recomienda a los viajeros que se informen sobre cualquier riesgo de clima extremo en el área que visitan. fue tanta la cantidad de gente que no todos pudieron acceder al funeral.';
    await expect(engine.summarize(spanish)).resolves.toEqual({ topic: '', summary: [] });
  });
});
