import fixture from '../fixtures/transcribe-diarized.json';
import { formatTimestamp, parseTranscript, type ParseOptions } from '../../functions/domain/parse-transcript';
import { paragraphsOf } from '../../functions/domain/paragraphs';

const plain: ParseOptions = { verbatim: false, diarization: false, includeTimestamps: false };

/** The same result as older Transcribe jobs write it: speakers only in speaker_labels.segments. */
function withoutItemSpeakers(): unknown {
  const copy = structuredClone(fixture) as { results: { items: Record<string, unknown>[] } };
  copy.results.items.forEach((item) => delete item.speaker_label);
  return copy;
}

describe('parseTranscript', () => {
  it('cleans fillers and repetitions, attaches punctuation and groups by sentence', () => {
    const parsed = parseTranscript(fixture, plain);
    expect(parsed.text).toBe("Hello and welcome to the show. Thanks. I think it's great to be here.\n\nSo, let's begin?");
    expect(parsed.speakers).toEqual([]);
    expect(parsed.word_timings.map((group) => group.words.map((word) => word.word).join(' '))).toEqual([
      'Hello and welcome to the show.',
      'Thanks.',
      "I think it's great to be here.",
      "So, let's begin?",
    ]);
    expect(parsed.word_timings[0]!.words[0]).toEqual({ word: 'Hello', start: 810, end: 1120 });
    expect(parsed.word_timings.every((group) => group.speaker === undefined)).toBe(true);
  });

  it('keeps everything as spoken when verbatim', () => {
    const parsed = parseTranscript(fixture, { ...plain, verbatim: true });
    expect(parsed.text).toBe("Um, hello and welcome to the the show. Thanks. I I think it's, uh, great to be here.\n\nSo, let's begin?");
    expect(parsed.word_timings.flatMap((group) => group.words)).toHaveLength(21);
  });

  it('groups by speaker turn and labels the text when diarization is on', () => {
    const parsed = parseTranscript(fixture, { ...plain, diarization: true });
    expect(parsed.speakers).toEqual(['Speaker 1', 'Speaker 2']);
    expect(parsed.text).toBe("Speaker 1: Hello and welcome to the show.\nSpeaker 2: Thanks. I think it's great to be here.\nSpeaker 1: So, let's begin?");
    expect(parsed.word_timings.map((group) => group.speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
  });

  it('with speakers, starts a paragraph at each change of speaker and at a long pause within a turn', () => {
    const word = (content: string, start: number, speaker: string) => [
      { type: 'pronunciation', start_time: String(start), end_time: String(start + 0.4), alternatives: [{ content }], speaker_label: speaker },
      { type: 'punctuation', alternatives: [{ content: '.' }], speaker_label: speaker },
    ];
    const items = [...word('One', 0, 'spk_0'), ...word('Two', 1, 'spk_0'), ...word('Three', 4, 'spk_0'), ...word('Four', 5, 'spk_1')];
    const parsed = parseTranscript({ jobName: 'j', status: 'COMPLETED', results: { transcripts: [{ transcript: '' }], items } }, { ...plain, diarization: true });
    expect(parsed.word_timings.map((group) => [group.speaker, group.words.map((w) => w.word).join(' ')])).toEqual([
      ['Speaker 1', 'One. Two.'],
      ['Speaker 1', 'Three.'],
      ['Speaker 2', 'Four.'],
    ]);
    expect(paragraphsOf(parsed.word_timings).map((paragraph) => paragraph.text)).toEqual(['One. Two.', 'Three.', 'Four.']);
  });

  it('finds speakers in the segments of older results', () => {
    const parsed = parseTranscript(withoutItemSpeakers(), { ...plain, diarization: true });
    expect(parsed.word_timings.map((group) => group.speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
  });

  it('falls back to sentences when diarization is asked but the engine labelled no speakers', () => {
    const unlabelled = structuredClone(withoutItemSpeakers()) as { results: Record<string, unknown> };
    delete unlabelled.results.speaker_labels;
    const parsed = parseTranscript(unlabelled, { ...plain, diarization: true });
    expect(parsed.speakers).toEqual([]);
    expect(parsed.word_timings).toHaveLength(4);
    expect(parsed.text).not.toMatch(/Speaker/);
    // The page says so (speaker identification failed for this recording); never said when speakers were not asked for, or found.
    expect(parsed.speakers_missing).toBe(true);
    expect(parseTranscript(unlabelled, plain).speakers_missing).toBeUndefined();
    expect(parseTranscript(fixture, { ...plain, diarization: true }).speakers_missing).toBeUndefined();
  });

  it('prefixes each group with its start time', () => {
    expect(parseTranscript(fixture, { ...plain, includeTimestamps: true }).text.split('\n')).toEqual([
      '[00:00:00] Hello and welcome to the show.',
      '[00:00:03] Thanks.',
      "[00:00:03] I think it's great to be here.",
      "[00:01:06] So, let's begin?",
    ]);
    expect(parseTranscript(fixture, { ...plain, includeTimestamps: true, diarization: true }).text.split('\n')[1]).toBe(
      "[00:00:03] Speaker 2: Thanks. I think it's great to be here.",
    );
  });

  it('gives integer milliseconds that never go backwards', () => {
    const words = parseTranscript(fixture, { ...plain, verbatim: true }).word_timings.flatMap((group) => group.words);
    words.forEach((word, index) => {
      expect(Number.isInteger(word.start) && Number.isInteger(word.end)).toBe(true);
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
    });
  });

  it('moves a sentence end from a dropped filler and capitalises after a dropped first word', () => {
    const result = transcribeResult([['and', 0, 0.2], ['then', 0.2, 0.4], [','], ['um', 0.5, 0.7], ['.'], ['The', 1, 1.1], ['the', 1.1, 1.2], ['end', 1.2, 1.5], ['.']]);
    expect(parseTranscript(result, plain).text).toBe('and then. The end.');
    const lower = transcribeResult([['Uh', 0, 0.2], [','], ['so', 0.3, 0.5], ['that', 0.5, 0.7], ['that', 0.7, 0.9], ['works', 0.9, 1.2], ['.']]);
    expect(parseTranscript(lower, plain).text).toBe('So that that works.');
  });

  it('writes Chinese and Japanese without spaces between words', () => {
    const result = transcribeResult([['你好', 0, 0.5], ['世界', 0.5, 1], ['。']]);
    expect(parseTranscript(result, plain).text).toBe('你好世界。');
  });

  it('copes with an empty result and refuses something that is not a Transcribe result', () => {
    expect(parseTranscript(transcribeResult([]), plain)).toEqual({ text: '', word_timings: [], speakers: [] });
    expect(() => parseTranscript({ results: { items: 'nope' } }, plain)).toThrow(/Not an Amazon Transcribe result/);
  });
});

describe('formatTimestamp', () => {
  it('writes hours, minutes and seconds', () => {
    expect(formatTimestamp(0)).toBe('00:00:00');
    expect(formatTimestamp(65_999)).toBe('00:01:05');
    expect(formatTimestamp(3_726_000)).toBe('01:02:06');
  });
});

/** A minimal Transcribe result: [content, start, end] words and [mark] punctuation. */
function transcribeResult(parts: ([string, number, number] | [string])[]): unknown {
  const items = parts.map((part) =>
    part.length === 1
      ? { type: 'punctuation', alternatives: [{ confidence: '0.0', content: part[0] }] }
      : { type: 'pronunciation', start_time: part[1].toFixed(3), end_time: part[2].toFixed(3), alternatives: [{ confidence: '0.9', content: part[0] }] },
  );
  return { results: { transcripts: [{ transcript: parts.map((part) => part[0]).join(' ') }], items } };
}
