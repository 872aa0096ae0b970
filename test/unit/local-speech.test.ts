/** The pure parts of the local speech engine: levels, speech spans and pieces, words and their timings, Transcribe's shape. */
import { WINDOW_SAMPLES } from '../../functions/engines/speech/audio';
import { parseTranscribeJson } from '../../functions/domain/transcribe-json';
import { addBlockPeaks, applyGains, blockGains } from '../../functions/engines/speech/levels';
import { toTranscribeJson } from '../../functions/engines/speech/transcribe-shape';
import { FRAME_SECONDS, planPieces, speechSpans, splitLongSpan } from '../../functions/engines/speech/voice-activity';
import { alignWords, assignToSpans, splitWords, syllables } from '../../functions/engines/speech/word-timing';

/** Frame probabilities from runs of [probability, seconds]. */
function frames(...runs: [number, number][]): number[] {
  return runs.flatMap(([probability, seconds]) => Array.from({ length: Math.round(seconds / FRAME_SECONDS) }, () => probability));
}

/** A whole recording brought to its working level at once. */
const normaliseLevels = (samples: Float32Array): Float32Array => applyGains(samples, blockGains(addBlockPeaks(samples, [])));

describe('levels', () => {
  it('brings a quiet stretch and a loud stretch to the same working level, each on its own', () => {
    const samples = new Float32Array(32_000);
    for (let index = 0; index < 16_000; index += 1) samples[index] = 0.9 * Math.sin(index / 5); // loud second
    for (let index = 16_000; index < 32_000; index += 1) samples[index] = 0.009 * Math.sin(index / 5); // 40 dB quieter
    const output = normaliseLevels(samples);
    const peak = (from: number, to: number) => Math.max(...Array.from(output.subarray(from, to), Math.abs));
    expect(peak(0, 8_000)).toBeCloseTo(0.5, 1);
    expect(peak(26_000, 32_000)).toBeCloseTo(0.5, 1);
  });

  it('caps the gain, so silence and faint noise stay faint', () => {
    expect([blockGains([0]), blockGains([0.0001]), blockGains([0.5]), blockGains([0.001, 0.5])]).toEqual([[100], [100], [1], [1, 1]]);
    const hiss = Float32Array.from({ length: 16_000 }, (_, index) => (index % 2 ? 1e-4 : -1e-4));
    expect(Math.max(...Array.from(normaliseLevels(hiss), Math.abs))).toBeCloseTo(0.01, 5);
  });

  it('gives a recording read in windows exactly the samples it gives it whole', () => {
    const whole = Float32Array.from({ length: 3 * WINDOW_SAMPLES + 777 }, (_, index) => Math.sin(index / 7) * (index % 40_000 < 20_000 ? 0.9 : 0.004));
    const peaks: number[] = [];
    for (let offset = 0; offset < whole.length; offset += WINDOW_SAMPLES) addBlockPeaks(whole.subarray(offset, offset + WINDOW_SAMPLES), peaks);
    const gains = blockGains(peaks);
    const windowed = new Float32Array(whole.length);
    for (let offset = 0; offset < whole.length; offset += 12_345) windowed.set(applyGains(whole.slice(offset, offset + 12_345), gains, offset), offset);
    expect(windowed).toEqual(normaliseLevels(whole.slice()));
  });
});

describe('speechSpans and planPieces', () => {
  it('finds speech with hysteresis, drops clicks and pads the edges', () => {
    const probabilities = frames([0.1, 1], [0.9, 2], [0.4, 0.5], [0.9, 1], [0.05, 1], [0.9, 0.1], [0.05, 1]);
    const spans = speechSpans(probabilities);
    // 0.4 is between the thresholds: it neither starts nor ends speech, so the first span runs on.
    expect(spans).toHaveLength(1);
    expect(spans[0]!.start).toBeCloseTo(1 - 0.03, 1);
    expect(spans[0]!.end).toBeCloseTo(4.5 + 0.03, 1);
  });

  it('ends a span at a pause of at least 0.1 s, and groups spans into pieces at long pauses', () => {
    const probabilities = frames([0.9, 2], [0.05, 0.3], [0.9, 2], [0.05, 3], [0.9, 1]);
    const spans = speechSpans(probabilities);
    expect(spans).toHaveLength(3);
    const pieces = planPieces(spans, probabilities);
    expect(pieces.map((piece) => piece.spans.length)).toEqual([2, 1]);
    expect(pieces[0]!.end).toBeCloseTo(spans[1]!.end, 5);
  });

  it('never makes a window longer than 25 s: a long span is cut at its least speech-like frame', () => {
    const probabilities = frames([0.9, 18], [0.55, 0.064], [0.9, 16]);
    const [span] = speechSpans(probabilities);
    const parts = splitLongSpan(span!, probabilities, 25);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.end).toBeCloseTo(18, 1);
    for (const piece of planPieces([span!], probabilities)) expect(piece.end - piece.start).toBeLessThanOrEqual(25);
  });

  it('recognises sentences across short pauses in one window, and cuts a full window at its longest pause, not its last', () => {
    // Speech of 6 s each with pauses of 0.3, 0.8, 0.4 and 0.3 s: 31.8 s in all, over the 25 s a window takes.
    const spans = [0, 6.3, 13.1, 19.5, 25.8].map((start) => ({ start, end: start + 6 }));
    const pieces = planPieces(spans, []);
    expect(pieces.map((piece) => piece.spans.length)).toEqual([2, 3]);
    expect(pieces[1]!.start).toBe(13.1);
    // A pause of 0.9 s or more always ends a window.
    expect(planPieces([{ start: 0, end: 3 }, { start: 4, end: 8 }], []).map((piece) => piece.spans.length)).toEqual([1, 1]);
    expect(planPieces([{ start: 0, end: 3 }, { start: 3.8, end: 8 }], []).map((piece) => piece.spans.length)).toEqual([2]);
  });
});

describe('words and their timings', () => {
  it('splits Moonshine text into words with trailing punctuation, keeping leading marks', () => {
    expect(splitWords('¿Cómo estás? Bien , gracias.')).toEqual([{ word: '¿Cómo' }, { word: 'estás', punctuation: '?' }, { word: 'Bien', punctuation: ',' }, { word: 'gracias', punctuation: '.' }]);
    expect(splitWords('  ')).toEqual([]);
    expect(syllables('country')).toBe(2);
    expect(syllables('1961')).toBe(6);
  });

  it('times words inside their span only, by syllables, starting at the span’s start', () => {
    const spans = [
      { start: 0.3, end: 2.3 },
      { start: 3.3, end: 4.4 },
    ];
    const timed = alignWords(splitWords('And so Americans ask not'), spans, [0, 0, 0, 1, 1]);
    expect(timed.map((word) => [word.start, word.end])).toEqual([
      [0.3, 0.633],
      [0.633, 0.967],
      [0.967, 2.3],
      [3.3, 3.85],
      [3.85, 4.4],
    ]);
  });

  it('shares a window’s words out among its speech spans by their length, a sentence’s end going to a pause', () => {
    const words = splitWords('And so, my fellow Americans. Ask not what your country can do for you.');
    // 2.4 s, then 0.8 s, then 2.6 s of speech: the first sentence fills the first span, the second the other two by their length.
    const spans = [
      { start: 0, end: 2.4 },
      { start: 3, end: 3.8 },
      { start: 4.2, end: 6.8 },
    ];
    expect(assignToSpans(words, spans)).toEqual([0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 2, 2]);
    // A sentence's end wins over an even share: "Hello there." | "Good morning to you all."
    expect(assignToSpans(splitWords('Hello there. Good morning to you all.'), [{ start: 0, end: 1.4 }, { start: 2, end: 3.5 }])).toEqual([0, 0, 1, 1, 1, 1, 1]);
    expect(assignToSpans(words, [spans[0]!])).toEqual(words.map(() => 0));
  });
});

describe('toTranscribeJson', () => {
  it('writes Transcribe’s shape: words, punctuation after them, sentence ends at piece ends, speaker segments', () => {
    const json = toTranscribeJson('job-1', [
      [
        { word: 'Hello', punctuation: ',', start: 0.1, end: 0.5, speaker: 'spk_0' },
        { word: 'there', start: 0.5, end: 0.9, speaker: 'spk_0' },
      ],
      [{ word: 'Hi', punctuation: '!', start: 2, end: 2.3, speaker: 'spk_1' }],
    ], 2);
    expect(parseTranscribeJson(json)).toEqual(json);
    expect(json.results.transcripts[0]!.transcript).toBe('Hello, there. Hi!');
    expect(json.results.items.map((item) => item.alternatives[0]!.content)).toEqual(['Hello', ',', 'there', '.', 'Hi', '!']);
    expect(json.results.speaker_labels!.segments.map((segment) => [segment.speaker_label, segment.start_time, segment.end_time, segment.items.length])).toEqual([
      ['spk_0', '0.100', '0.900', 2],
      ['spk_1', '2.000', '2.300', 1],
    ]);
  });
});
