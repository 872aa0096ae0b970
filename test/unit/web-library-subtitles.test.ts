/**
 * Subtitles from word timings (web/src/features/library/subtitles.ts): the SRT and WebVTT files parse
 * as valid by the formats' own grammar (numbering from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm` / the VTT
 * header and `HH:MM:SS.mmm`), times only go forward, and cues have a sensible size.
 */
import fixture from '../fixtures/transcribe-diarized.json';
import { parseTranscript, type WordGroup } from '../../functions/domain/parse-transcript';
import { buildCues, CUE_LIMITS, formatCueTime, subtitleFile, toVtt, wrapLines, type SubtitleGroup } from '../../functions/domain/subtitles';
import { downloadFile } from '../../web/src/features/library/download';

interface ParsedCue {
  id?: string;
  start: number;
  end: number;
  text: string[];
}

const SRT_TIME = /^(\d{2}):([0-5]\d):([0-5]\d),(\d{3})$/;
const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function toMs(match: RegExpExecArray): number {
  const [, h = '0', m, s, ms] = match;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
}

function timing(line: string, pattern: RegExp, what: string): { start: number; end: number } {
  const parts = line.split(' --> ');
  if (parts.length !== 2) throw new Error(`${what}: not a timing line: ${JSON.stringify(line)}`);
  const start = pattern.exec(parts[0]!);
  const end = pattern.exec(parts[1]!);
  if (!start || !end) throw new Error(`${what}: bad time stamp in ${JSON.stringify(line)}`);
  return { start: toMs(start), end: toMs(end) };
}

/** A strict SubRip reader: blocks of index (1, 2, ...), timing, one or more text lines, separated by one blank line. */
function parseSrt(file: string): ParsedCue[] {
  expect(file.endsWith('\n')).toBe(true);
  expect(file).not.toMatch(/\n\n\n/);
  const blocks = file.replace(/\n$/, '').split('\n\n');
  return blocks.map((block, index) => {
    const [number, time, ...text] = block.split('\n');
    if (number !== String(index + 1)) throw new Error(`SRT cue ${index + 1} is numbered ${number}`);
    if (text.length === 0 || text.some((line) => line.trim() === '')) throw new Error(`SRT cue ${number} has an empty line`);
    return { ...timing(time ?? '', SRT_TIME, `SRT cue ${number}`), text };
  });
}

/** A strict WebVTT reader (W3C WebVTT: file body, cue blocks with optional identifier, no "-->" in text). */
function parseVtt(file: string): ParsedCue[] {
  const lines = file.split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) throw new Error('No WEBVTT header');
  if (lines[1] !== '') throw new Error('The header must be followed by a blank line');
  const blocks = lines.slice(2).join('\n').replace(/\n$/, '').split('\n\n').filter((block) => block !== '');
  return blocks.map((block) => {
    const blockLines = block.split('\n');
    const hasId = !blockLines[0]!.includes('-->');
    const id = hasId ? blockLines.shift() : undefined;
    const time = blockLines.shift() ?? '';
    if (blockLines.length === 0) throw new Error(`VTT cue ${id} has no text`);
    for (const line of blockLines) {
      if (line.includes('-->')) throw new Error(`VTT cue text holds an arrow: ${line}`);
      // Only the voice span is used; any other '<' or '&' must be escaped.
      const bare = line.replace(/<v [^>]+>|<\/v>/g, '');
      if (/[<>]/.test(bare) || /&(?!amp;|lt;|gt;)/.test(bare)) throw new Error(`VTT cue text is not escaped: ${line}`);
    }
    return { ...(id !== undefined ? { id } : {}), ...timing(time, VTT_TIME, `VTT cue ${id}`), text: blockLines };
  });
}

function expectTimesGoForward(cues: readonly ParsedCue[]): void {
  let previousEnd = 0;
  for (const cue of cues) {
    expect(cue.end).toBeGreaterThan(cue.start);
    expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
    previousEnd = cue.end;
  }
}

const words = (text: string, start: number, step = 400, gap = 50) =>
  text.split(' ').map((word, index) => ({ word, start: start + index * step, end: start + index * step + step - gap }));

/** About a minute of speech: sentences of varying length, a speaker change, a long pause. */
const SPEECH: SubtitleGroup[] = [
  { words: words('The quick brown fox jumps over the lazy dog.', 500), speaker: 'Speaker 1' },
  {
    words: words(
      'We are testing the transcription of clear speech today, and this sentence goes on for quite a while so that it must be split into several cues that each stay short enough to read.',
      4500,
    ),
    speaker: 'Speaker 1',
  },
  { words: words('Yes. Absolutely right!', 20_000), speaker: 'Speaker 2' },
  { words: words('Please call me when you arrive at the station.', 30_000), speaker: 'Speaker 1' },
];

describe('cues', () => {
  const cues = buildCues(SPEECH);

  it('never hold more than 84 characters, 7 seconds, or two lines of 42 when the words allow', () => {
    for (const cue of cues) {
      const text = cue.lines.join(' ');
      expect(text.length).toBeLessThanOrEqual(CUE_LIMITS.maxChars);
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CUE_LIMITS.lineLength);
      expect(cue.end - cue.start).toBeLessThanOrEqual(CUE_LIMITS.maxDurationMs);
    }
  });

  it('keep every word, in order, and end at sentence ends and speaker turns', () => {
    const all = cues.map((cue) => cue.lines.join(' ')).join(' ');
    const expected = SPEECH.flatMap((group) => group.words.map((word) => word.word)).join(' ');
    expect(all).toBe(expected);
    // "Yes. Absolutely right!" is one cue of its own turn, which names "Speaker 2" once.
    expect(cues.find((cue) => cue.lines.join(' ') === 'Yes. Absolutely right!')).toMatchObject({ speaker: 'Speaker 2' });
    // The long sentence needed several cues, broken after its comma; only the turn's first cue names the speaker.
    expect(cues.slice(1, 4).map((cue) => [cue.lines[cue.lines.length - 1], cue.speaker])).toEqual([
      ['of clear speech today,', undefined],
      ['on for quite a while so that it', undefined],
      ['that each stay short enough to read.', undefined],
    ]);
  });

  it('start a new cue at a long pause, and go forward in time without overlapping', () => {
    const paused: SubtitleGroup[] = [{ words: [...words('one two', 0), ...words('three four', 5000)] }];
    expect(buildCues(paused).map((cue) => cue.lines.join(' '))).toEqual(['one two', 'three four']);
    expectTimesGoForward(cues.map((cue) => ({ ...cue, text: cue.lines })));
  });

  it('hold a very short cue for a second, into the silence after it and else before it, never into another cue', () => {
    const short = buildCues([
      { words: [{ word: 'Hi.', start: 1000, end: 1200 }], speaker: 'A' },
      { words: [{ word: 'There.', start: 1500, end: 1900 }], speaker: 'B' },
    ]);
    expect(short).toEqual([
      { start: 500, end: 1500, lines: ['Hi.'], speaker: 'A' },
      { start: 1500, end: 2500, lines: ['There.'], speaker: 'B' },
    ]);
  });

  it('join one speaker\'s short sentences into one cue rather than flash them one by one', () => {
    const short = buildCues([{ words: [{ word: 'Hi.', start: 1000, end: 1200 }] }, { words: [{ word: 'There.', start: 1500, end: 1900 }] }]);
    expect(short).toEqual([{ start: 1000, end: 2000, lines: ['Hi. There.'] }]);
  });

  it('repair bad timings: overlapping words, zero length, missing numbers', () => {
    const cuesOf = buildCues([
      { words: [{ word: 'A.', start: 2000, end: 1000 }] },
      { words: [{ word: 'B.', start: 1500, end: 1500 }] },
      { words: [{ text: 'C.', start: Number.NaN, end: 3000 }] },
    ]);
    expectTimesGoForward(cuesOf.map((cue) => ({ ...cue, text: cue.lines })));
    expect(cuesOf.map((cue) => cue.lines.join(' ')).join(' ')).toBe('A. B. C.');
  });

  it('read `text` as well as `word`, and skip empty words and groups', () => {
    expect(buildCues([{ words: [{ text: 'Hello', start: 0, end: 300 }, { word: ' ', start: 300, end: 400 }, { word: 'world.', start: 400, end: 800 }] }, { words: [] }])).toEqual([
      { start: 0, end: 1000, lines: ['Hello world.'] },
    ]);
    expect(buildCues([])).toEqual([]);
    expect(buildCues(undefined)).toEqual([]);
  });

  it('wrap into two balanced lines of at most 42 characters', () => {
    expect(wrapLines('short')).toEqual(['short']);
    const lines = wrapLines('We are testing the transcription of clear speech today, and more.');
    expect(lines).toHaveLength(2);
    expect(Math.abs(lines[0]!.length - lines[1]!.length)).toBeLessThan(12);
    expect(wrapLines(`${'x'.repeat(50)} y`)).toEqual(['x'.repeat(50), 'y']);
  });
});

describe('time stamps', () => {
  it('are HH:MM:SS,mmm for SRT and HH:MM:SS.mmm for WebVTT', () => {
    expect(formatCueTime(0, ',')).toBe('00:00:00,000');
    expect(formatCueTime(3_723_045, ',')).toBe('01:02:03,045');
    expect(formatCueTime(59_999, '.')).toBe('00:00:59.999');
    expect(formatCueTime(36_000_000, '.')).toBe('10:00:00.000');
  });
});

describe('SubRip (.srt)', () => {
  it('parses as valid SRT: numbered from 1, time stamps, text, blank lines; times go forward', () => {
    const srt = subtitleFile(SPEECH, 'srt');
    const parsed = parseSrt(srt);
    expect(parsed.length).toBe(buildCues(SPEECH).length);
    expectTimesGoForward(parsed);
    expect(srt.startsWith('1\n00:00:00,500 --> 00:00:04,050\nSpeaker 1: The quick brown fox jumps\nover the lazy dog.\n\n2\n00:00:04,500 --> 00:00:08,050\nWe are testing the transcription\nof clear speech today,\n\n3\n')).toBe(true);
  });

  it('is valid for a real diarized Amazon Transcribe result', () => {
    const parsed = parseTranscript(fixture, { verbatim: true, diarization: true, includeTimestamps: false });
    const srt = subtitleFile(parsed.word_timings, 'srt');
    const cues = parseSrt(srt);
    expect(cues.length).toBeGreaterThan(1);
    expectTimesGoForward(cues);
    expect(srt).toContain('Speaker 1: ');
    expect(srt).toContain('Speaker 2: ');
  });
});

describe('WebVTT (.vtt)', () => {
  it('parses as valid WebVTT: header, numbered cues, time stamps with a full stop, voice spans; times go forward', () => {
    const vtt = subtitleFile(SPEECH, 'vtt');
    const parsed = parseVtt(vtt);
    expect(parsed.map((cue) => cue.id)).toEqual(parsed.map((_, index) => String(index + 1)));
    expectTimesGoForward(parsed);
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.500 --> 00:00:04.050\n<v Speaker 1>The quick brown fox jumps\nover the lazy dog.</v>\n\n2\n00:00:04.500 --> 00:00:08.050\nWe are testing')).toBe(true);
  });

  it('escapes text that would read as markup or an arrow', () => {
    const vtt = toVtt(buildCues([{ words: [{ word: 'a<b>', start: 0, end: 500 }, { word: '-->', start: 500, end: 900 }, { word: 'R&D.', start: 900, end: 1200 }] }]));
    expect(vtt).toContain('a&lt;b&gt; --&gt; R&amp;D.');
    expect(parseVtt(vtt)).toHaveLength(1);
  });

  it('is valid for a real diarized Amazon Transcribe result, without speakers too', () => {
    for (const diarization of [true, false]) {
      const parsed = parseTranscript(fixture, { verbatim: false, diarization, includeTimestamps: false });
      const groups: WordGroup[] = parsed.word_timings;
      const cues = parseVtt(toVtt(buildCues(groups)));
      expect(cues.length).toBeGreaterThan(0);
      expectTimesGoForward(cues);
    }
  });
});

describe('download files', () => {
  const source = { filename: 'team meeting.final.mp3', text: 'Hello world.\nSecond line.', word_timings: [{ words: words('Hello world.', 0) }] };

  it('are the text as .txt and subtitles as .srt and .vtt, named after the file (docs/product.md#constants-and-limits)', () => {
    expect(downloadFile(source, 'txt')).toEqual({ name: 'team meeting.final.txt', content: 'Hello world.\nSecond line.', type: 'text/plain;charset=utf-8' });
    expect(downloadFile(source, 'srt')).toMatchObject({ name: 'team meeting.final.srt', content: '1\n00:00:00,000 --> 00:00:01,000\nHello world.\n' });
    expect(downloadFile(source, 'vtt')).toMatchObject({ name: 'team meeting.final.vtt', content: 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nHello world.\n', type: 'text/vtt;charset=utf-8' });
  });

  it('have no subtitles without word timings, but still a text file', () => {
    expect(downloadFile({ filename: 'x.wav', text: '' }, 'srt')).toBeNull();
    expect(downloadFile({ filename: 'x.wav', text: '', word_timings: [] }, 'vtt')).toBeNull();
    expect(downloadFile({ filename: 'x.wav' }, 'txt')).toMatchObject({ name: 'x.txt', content: '' });
  });
});
