/** Issue 28: the pure parts of a translation made segment by segment (functions/domain/translation.ts). */
import {
  normalizeUnknownMarks,
  sourceSegments,
  textPieces,
  translateSegmentTexts,
  translatedGroups,
  unknownWordCount,
} from '../../functions/domain/translation';

const word = (text: string, start: number, end: number) => ({ word: text, start, end });

describe('sourceSegments', () => {
  it('sends each spoken group’s words, never its speaker label, and keeps its label and times', () => {
    const body = {
      text: 'Speaker 1: Hello there.\nAlice: Good morning.',
      speakers: ['Speaker 1', 'Alice'],
      word_timings: [
        { speaker: 'Speaker 1', words: [word('Hello', 0, 400), word('there.', 450, 900)] },
        { speaker: 'Alice', words: [] },
        { speaker: 'Alice', words: [word('Good', 1500, 1800), word('morning.', 1800, 2300)] },
      ],
    };
    expect(sourceSegments(body)).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 900, text: 'Hello there.' },
      { speaker: 'Alice', start: 1500, end: 2300, text: 'Good morning.' },
    ]);
  });

  it('takes a known speaker’s "Name: " and a time stamp off the lines of a text without word timings', () => {
    const body = { text: '[00:00:01] Speaker 1: Hello.\n\nNote: not a speaker.\n', speakers: ['Speaker 1'], word_timings: [] };
    expect(sourceSegments(body)).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 0, text: 'Hello.' },
      { speaker: undefined, start: 0, end: 0, text: 'Note: not a speaker.' },
    ]);
  });
});

describe('translateSegmentTexts', () => {
  const spanish = (text: string) => text.replace(/One/g, 'Uno').replace(/Two three/g, 'Dos  tres');

  it('sends the segments in one call, a paragraph each, and cuts the answer back into them', async () => {
    const translate = jest.fn(async (text: string) => `${spanish(text)}\n`);
    expect(await translateSegmentTexts(['One.', 'Two three.'], translate)).toEqual(['Uno.', 'Dos tres.']);
    expect(translate.mock.calls).toEqual([['One.\n\nTwo three.']]);
    // No segments: still asked (the engine refuses a language it can't reach), nothing to cut.
    expect(await translateSegmentTexts([], translate)).toEqual([]);
    expect(translate).toHaveBeenLastCalledWith('');
  });

  it('translates each segment alone when the answer merged or split its paragraphs', async () => {
    const translate = jest.fn(async (text: string) => spanish(text).replace(/\n\n/g, ' '));
    expect(await translateSegmentTexts(['One.', 'Two three.'], translate)).toEqual(['Uno.', 'Dos tres.']);
    expect(translate.mock.calls.slice(1)).toEqual([['One.'], ['Two three.']]);
  });
});

describe('unknown words', () => {
  it('makes Apertium’s marks one: * and @ (doubled through a pivot) mark a word, # is dropped', () => {
    expect(normalizeUnknownMarks('Le **gizmo et @cosa, "*frob" #bonnes 2*3')).toBe('Le *gizmo et *cosa, "*frob" bonnes 2*3');
  });

  it('cuts a text into pieces with the unknown words apart, and counts them', () => {
    expect(textPieces('El *gizmo va *rápido-ish.')).toEqual([
      { text: 'El ', unknown: false },
      { text: 'gizmo', unknown: true },
      { text: ' va ', unknown: false },
      { text: 'rápido-ish', unknown: true },
      { text: '.', unknown: false },
    ]);
    expect(textPieces('Sin marcas.')).toEqual([{ text: 'Sin marcas.', unknown: false }]);
    expect(unknownWordCount([{ text: 'El *gizmo va.' }, { text: '*frob — sí' }])).toEqual({ unknown: 2, words: 5 });
  });
});

describe('translatedGroups', () => {
  it('keeps each segment’s label, start and end, and spreads its words by length between them', () => {
    expect(translatedGroups([{ speaker: 'Speaker 1', start: 1000, end: 2000, text: 'Hola  mundo' }, { start: 3000, end: 3000, text: 'Sí' }])).toEqual([
      { speaker: 'Speaker 1', words: [word('Hola', 1000, 1444), word('mundo', 1444, 2000)] },
      { words: [word('Sí', 3000, 3000)] },
    ]);
  });
});
