/** Issue 28 point 1: each key point links to where it was said. */
import { keyPointsOf } from '../../functions/domain/key-point-moments';
import { transcriptView, type TranscriptRecord } from '../../functions/domain/transcript-view';
import { SUMMARY_FIXTURES } from '../fixtures/summaries';

const volcano = SUMMARY_FIXTURES.find((fixture) => fixture.name === 'volcano-lecture')!;
const startOf = (segment: string): number => volcano.wordTimings[volcano.segments.indexOf(segment)]!.words[0]!.start;

describe('keyPointsOf', () => {
  it("gives each line the start of its first words, across the recogniser's breaks, in spoken order", () => {
    const summary = ['The key factor in an eruption is the magma itself.', 'Most volcanoes sit along the edges of tectonic plates, where one plate slides under another.'].join('\n');
    expect(keyPointsOf(summary, volcano.wordTimings)).toEqual([
      { text: 'The key factor in an eruption is the magma itself.', start_ms: startOf('The key factor in an eruption is the magma itself.') },
      { text: 'Most volcanoes sit along the edges of tectonic plates, where one plate slides under another.', start_ms: startOf('Most volcanoes sit along the edges of tectonic plates.') },
    ]);
  });

  it('has no moment for a line the words do not hold (a written summary), and drops bullets and blank lines', () => {
    expect(keyPointsOf('- The lecture explains volcanoes.\n\n', volcano.wordTimings)).toEqual([{ text: 'The lecture explains volcanoes.', start_ms: null }]);
    expect(keyPointsOf('', volcano.wordTimings)).toEqual([]);
  });
});

describe('transcriptView', () => {
  it('carries the key points with their moments beside the summary as stored', () => {
    const summary = 'The key factor in an eruption is the magma itself.';
    const record = { transcriptId: 't', filename: 'f', mediaExtension: 'wav', language: 'en', tags: [], status: 'complete', topic: 'Volcanoes and Magma', summary, preview: '', createdAt: '2026-01-01T00:00:00Z', state: 'active' } as TranscriptRecord;
    const view = transcriptView(record, { text: volcano.text, word_timings: volcano.wordTimings, speakers: [] });
    expect(view).toMatchObject({ summary, key_points: [{ text: summary, start_ms: startOf(summary) }] });
    expect(transcriptView(record, null).key_points).toEqual([{ text: summary, start_ms: null }]);
  });
});
