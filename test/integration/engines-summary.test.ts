/** The real local summary engine (wink-nlp with its English model). */
import { lineCount, WinkSummaryEngine } from '../../functions/engines/summary/local-wink';
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
  it('summarises a lecture in 3 to 5 of its own sentences, in order, with a topic', async () => {
    const { topic, summary } = await engine.summarize(LECTURE);
    expect(summary.length).toBeGreaterThanOrEqual(3);
    expect(summary.length).toBeLessThanOrEqual(5);
    summary.forEach((line) => expect(LECTURE).toContain(line));
    expect(summary.map((line) => LECTURE.indexOf(line))).toEqual([...summary.map((line) => LECTURE.indexOf(line))].sort((a, b) => a - b));
    expect(summary.join(' ')).toMatch(/printing press/i);
    expect(summary).not.toContain('Um, let me check the time.');
    expect(topic.toLowerCase()).toBe('printing press');
  });

  it('summarises the spoken fixture text', async () => {
    const { topic, summary } = await engine.summarize(SPOKEN_TEXT);
    expect(summary).toHaveLength(3);
    summary.forEach((line) => expect(SPOKEN_TEXT).toContain(line));
    expect(topic.split(' ').length).toBeGreaterThanOrEqual(1);
    expect(topic.split(' ').length).toBeLessThanOrEqual(4);
  });

  it('gives short transcripts fewer lines and empty ones a plain answer', async () => {
    await expect(engine.summarize('Hello there. See you tomorrow at the office.')).resolves.toEqual({
      topic: 'Office',
      summary: ['Hello there.', 'See you tomorrow at the office.'],
    });
    await expect(engine.summarize('  ')).resolves.toEqual({ topic: 'No speech detected', summary: [] });
    await expect(engine.summarize('um uh')).resolves.toMatchObject({ topic: 'General conversation' });
  });

  it('grows from 3 to 5 lines with the length of the transcript', () => {
    expect([1, 3, 4, 24, 25, 40, 200].map(lineCount)).toEqual([1, 3, 3, 3, 4, 5, 5]);
  });
});
