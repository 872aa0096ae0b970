import { cutTree, mergeTree, speakersOfWords, type SpeakerWindow } from '../../functions/engines/speech/speakers';

/** A 0.2 s block of 20 frames around `centre` (19 cepstra), each frame ±`spread` about it. */
function block(start: number, centre: number[], spread = 0.3): SpeakerWindow {
  const frames = 20;
  return {
    start,
    end: start + 0.2,
    frames,
    sum: centre.map((value) => value * frames),
    squares: centre.map((value) => frames * (value * value + spread * spread)),
  };
}

const voice = (sign: number): number[] => Array.from({ length: 19 }, (_, index) => sign * (index % 2 === 0 ? 1 : -0.5));

/** `turns` of 2 s each, alternating between the voices given. */
function conversation(voices: number[][], turns: number): SpeakerWindow[] {
  return Array.from({ length: turns * 10 }, (_, index) => block(index * 0.2, voices[Math.floor(index / 10) % voices.length]!));
}

describe('mergeTree and cutTree', () => {
  it('joins the closest points first (average linkage, cosine distance) and cuts the tree at a count', () => {
    const points = [[1, 0], [0.9, 0.1], [0, 1], [0.1, 0.9], [-1, 0]];
    const merges = mergeTree(points);
    expect(merges).toHaveLength(4);
    expect(merges.map(([, , distance]) => distance)).toEqual([...merges.map(([, , distance]) => distance)].sort((a, b) => a - b));
    expect(cutTree(merges, points.length, 3)).toEqual([0, 0, 1, 1, 2]);
    expect(cutTree(merges, points.length, 1)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('speakersOfWords', () => {
  const words = Array.from({ length: 20 }, (_, index) => ({ start: index * 0.6 + 0.1, end: index * 0.6 + 0.4 }));

  it('finds two voices in turns and gives each word the speaker of its turn', () => {
    const labels = speakersOfWords(conversation([voice(1), voice(-1)], 6), words, { maxSpeakers: 10 });
    expect(labels).toEqual(words.map((word) => Math.floor((word.start + word.end) / 2 / 2) % 2));
  });

  it('finds one voice when there is one', () => {
    expect(new Set(speakersOfWords(conversation([voice(1)], 6), words, { maxSpeakers: 10 }))).toEqual(new Set([0]));
  });

  it('keeps to the count asked for, and to the maximum', () => {
    const three = conversation([voice(1), voice(-1), Array.from({ length: 19 }, (_, index) => (index % 3 === 0 ? 1.5 : -1))], 6);
    expect(new Set(speakersOfWords(three, words, { maxSpeakers: 10 })).size).toBe(3);
    expect(new Set(speakersOfWords(three, words, { maxSpeakers: 10, speakers: 2 })).size).toBe(2);
    expect(new Set(speakersOfWords(three, words, { maxSpeakers: 2 })).size).toBe(2);
  });

  it('labels everyone speaker 0 when there is no speech to measure', () => {
    expect(speakersOfWords([], words.slice(0, 2), { maxSpeakers: 10 })).toEqual([0, 0]);
  });
});
