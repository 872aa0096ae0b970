import mammoth from 'mammoth';
import { contentDisposition, downloadName } from '../../functions/domain/download-name';
import { ExportQuery, exportText, translatedExport, type ExportSource } from '../../functions/domain/export';
import { exportDocx } from '../../functions/domain/export-docx';
import { paragraphsOf, formatClock } from '../../functions/domain/paragraphs';
import type { WordGroup } from '../../functions/domain/parse-transcript';

const timed = (start: number, text: string): WordGroup['words'] => text.split(' ').map((word, index) => ({ word, start: start + index * 300, end: start + index * 300 + 250 }));

const source: ExportSource = {
  id: 'abc',
  filename: 'Board meeting.mp3',
  created_at: '2026-11-20T10:00:00.000Z',
  language: 'en',
  topic: 'Budget',
  summary: '- We discussed the budget.\n- Next steps agreed.',
  text: 'Alice: Hello everyone. We start now.\nSpeaker 2: Thanks.',
  speakers: ['Alice', 'Speaker 2'],
  word_timings: [
    { words: timed(0, 'Hello everyone.'), speaker: 'Alice' },
    { words: timed(1000, 'We start now.'), speaker: 'Alice' },
    { words: timed(65_000, 'Thanks.'), speaker: 'Speaker 2' },
  ],
};
const all = { timestamps: true, speakers: true };

describe('paragraphs', () => {
  it('joins a speaker turn into one paragraph', () => {
    expect(paragraphsOf(source.word_timings).map((p) => [p.speaker, p.groups, p.text])).toEqual([
      ['Alice', [0, 1], 'Hello everyone. We start now.'],
      ['Speaker 2', [2], 'Thanks.'],
    ]);
  });

  it('cuts sentences without speakers at pauses', () => {
    const groups: WordGroup[] = [{ words: timed(0, 'One.') }, { words: timed(500, 'Two.') }, { words: timed(5000, 'Three.') }, { words: [] }];
    expect(paragraphsOf(groups).map((p) => p.text)).toEqual(['One. Two.', 'Three.']);
  });

  it('formats player times: m:ss, or h:mm:ss past an hour, never below 0:00', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65_400)).toBe('1:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(-5)).toBe('0:00');
  });
});

describe('exports', () => {
  it('plain text with times and speakers, or without', () => {
    expect(exportText(source, { ...all, format: 'txt' })).toBe('[00:00:00] Alice: Hello everyone. We start now.\n\n[00:01:05] Speaker 2: Thanks.\n');
    expect(exportText(source, { timestamps: false, speakers: false, format: 'txt' })).toBe('Hello everyone. We start now.\n\nThanks.\n');
  });

  it('Markdown with title, date, summary and paragraphs', () => {
    const md = exportText(source, { ...all, format: 'md' });
    expect(md).toContain('# Board meeting.mp3\n\nRecorded 2026-11-20');
    expect(md).toContain('## Summary\n\n- We discussed the budget.\n- Next steps agreed.');
    expect(md).toContain('**[00:01:05] Speaker 2:** Thanks.');
  });

  it('subtitles name the speakers when asked', () => {
    expect(exportText(source, { ...all, format: 'srt' })).toContain('Alice: Hello everyone.');
    expect(exportText(source, { ...all, format: 'vtt' })).toContain('<v Alice>');
    expect(exportText(source, { ...all, speakers: false, format: 'srt' })).not.toContain('Alice');
  });

  it('JSON carries the words and their times', () => {
    const parsed = JSON.parse(exportText(source, { ...all, format: 'json' }));
    expect(parsed.word_timings[2]).toEqual(source.word_timings[2]);
    expect(parsed.summary).toEqual(['We discussed the budget.', 'Next steps agreed.']);
  });

  it('a transcript without timings exports its text', () => {
    expect(exportText({ ...source, word_timings: [], text: 'Line one.\nLine two.' }, { ...all, format: 'txt' })).toBe('Line one.\n\nLine two.\n');
  });

  it('DOCX holds the title, summary and the speakers (read back)', async () => {
    const { value } = await mammoth.extractRawText({ buffer: await exportDocx(source, all) });
    expect(value).toContain('Board meeting.mp3');
    expect(value).toContain('We discussed the budget.');
    expect(value).toContain('[00:00:00] Alice: Hello everyone. We start now.');
    expect(value).toContain('Speaker 2: Thanks.');
  });

  it('issue 30: each summary template made is a section of txt, md and docx, in the templates\' order; a translation has none', async () => {
    const shaped: ExportSource = { ...source, summaries: { interview: { lines: ['Q: Why?'] }, action_items: { lines: ['Alice: I will *send* it.'] } } };
    expect(exportText(shaped, { ...all, format: 'txt' })).toMatch(/Speaker 2: Thanks\.\n\nAction items\n- Alice: I will \*send\* it\.\n\nInterview\n- Q: Why\?\n$/);
    expect(exportText(shaped, { ...all, format: 'md' })).toContain('## Action items\n\n- Alice: I will \\*send\\* it.\n\n## Interview\n\n- Q: Why?\n\n## Transcript');
    const { value } = await mammoth.extractRawText({ buffer: await exportDocx(shaped, all) });
    expect(value).toMatch(/Action items\s+Alice: I will \*send\* it\.\s+Interview\s+Q: Why\?/);
    expect(translatedExport(shaped, { language: 'es', segments: [] }).summaries).toEqual({});
  });

  it("issue 30: JSON has each summary template made, by template in the templates' order, as lines; none without any", () => {
    const shaped: ExportSource = { ...source, summaries: { interview: { lines: ['Q: Why?'] }, custom: { lines: [] }, action_items: { lines: ['Alice: I will send it.', 'Bob: Call.'] } } };
    const { summaries } = JSON.parse(exportText(shaped, { ...all, format: 'json' }));
    expect(summaries).toEqual({ action_items: ['Alice: I will send it.', 'Bob: Call.'], interview: ['Q: Why?'] });
    expect(Object.keys(summaries)).toEqual(['action_items', 'interview']);
    expect(JSON.parse(exportText(source, { ...all, format: 'json' })).summaries).toEqual({});
  });

  describe('names stored with line breaks (before issue 25 refused them) keep every format\'s structure', () => {
    const hostile: ExportSource = {
      ...source,
      filename: 'Board\n# Injected\u0001.mp3',
      speakers: ['Ann\r\n\r\n99\r\n00:00:00,000 --> 01:00:00,000\nFake cue', 'Bob\u2028<v Eve>'],
      word_timings: [
        { words: timed(0, 'Hello everyone.'), speaker: 'Ann\r\n\r\n99\r\n00:00:00,000 --> 01:00:00,000\nFake cue' },
        { words: timed(65_000, 'Thanks.'), speaker: 'Bob\u2028<v Eve>' },
      ],
    };
    /** The cue blocks of a subtitle file: each a number, a timing line and one or two lines of text that are neither. */
    function expectCues(text: string, timing: RegExp): void {
      const blocks = text.trimEnd().split('\n\n');
      blocks.forEach((block, index) => {
        const [number, times, ...lines] = block.split('\n');
        expect(number).toBe(String(index + 1));
        expect(times).toMatch(timing);
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line).toMatch(/^[^\r\u2028\u2029\p{Cc}]+$/u);
        for (const line of lines) expect(line).not.toContain('-->');
      });
      expect(blocks).toHaveLength(2);
    }

    it('SubRip and WebVTT: two cues, each name on its cue\'s text line', () => {
      const srt = exportText(hostile, { ...all, format: 'srt' });
      expectCues(srt, /^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      expect(srt).toContain('Ann 99 00:00:00,000 -> 01:00:00,000\nFake cue: Hello everyone.');
      const vtt = exportText(hostile, { ...all, format: 'vtt' });
      expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
      expectCues(vtt.slice('WEBVTT\n\n'.length), /^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/);
      // The name is the voice span's, not repeated in the text (issue 28 point 3).
      expect(vtt).toContain('<v Bob &lt;v Eve&gt;>Thanks.</v>');
    });

    it('SubRip: an arrow of more dashes does not become one when shortened', () => {
      const dashes = { ...hostile, word_timings: [{ words: timed(0, 'See ---> there ---->.'), speaker: 'Ann --->' }, hostile.word_timings[1]!] };
      expectCues(exportText(dashes, { ...all, format: 'srt' }), /^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
    });

    it('text, Markdown and DOCX: one title, one line per paragraph', async () => {
      expect(exportText(hostile, { ...all, format: 'txt' }).trimEnd().split('\n\n').every((line) => /^\[\d\d:\d\d:\d\d\] [^\n]+$/.test(line))).toBe(true);
      const md = exportText(hostile, { ...all, format: 'md' });
      expect(md.split('\n').filter((line) => line.startsWith('# '))).toEqual(['# Board \\# Injected .mp3']);
      const { value } = await mammoth.extractRawText({ buffer: await exportDocx(hostile, all) });
      expect(value).toContain('Board # Injected .mp3');
    });
  });

  it('names the file after the transcript, safely in the header', () => {
    expect(downloadName('Réunion "été".mp3', 'docx')).toBe('Réunion "été".docx');
    expect(contentDisposition('Réunion "été".docx')).toBe(`attachment; filename="R_union __t__.docx"; filename*=UTF-8''R%C3%A9union%20%22%C3%A9t%C3%A9%22.docx`);
  });

  it('checks the query', () => {
    expect(ExportQuery.safeParse({ format: 'pdf' }).error!.issues[0]!.message).toBe('Choose a format: txt, md, docx, srt, vtt, json.');
    expect(ExportQuery.safeParse({ format: 'txt', speakers: 'maybe' }).success).toBe(false);
    expect(ExportQuery.parse({ format: 'txt', speakers: 'false' })).toEqual({ format: 'txt', timestamps: true, speakers: false });
  });
});

describe('a translation’s export (issue 28)', () => {
  const spanish = {
    language: 'Spanish',
    segments: [
      { speaker: 'Alice', start: 0, end: 550, text: 'Hola a *todos.' },
      { speaker: 'Speaker 2', start: 65_000, end: 65_250, text: 'Gracias.' },
    ],
  };

  it('has the segments’ labels and times, no topic or summary, and a line on the unknown-word mark', () => {
    const translated = translatedExport(source, spanish);
    expect(translated).toMatchObject({ language: 'es', topic: '', summary: '', text: 'Alice: Hola a *todos.\nSpeaker 2: Gracias.' });
    expect(exportText(translated, { ...all, format: 'txt' })).toBe(
      '[00:00:00] Alice: Hola a *todos.\n\n[00:01:05] Speaker 2: Gracias.\n\nWords marked * were left untranslated: the translation has no word for them.\n',
    );
    expect(exportText(translated, { ...all, format: 'md' })).toContain('**[00:00:00] Alice:** Hola a \\*todos.');
  });

  it('of a transcript without word timings is its lines, without times, and no subtitles', () => {
    const untimed = translatedExport({ ...source, word_timings: [] }, { language: 'es', segments: spanish.segments.map((segment) => ({ ...segment, start: 0, end: 0, text: segment.text.replace('*', '') })) });
    expect(exportText(untimed, { ...all, format: 'txt' })).toBe('Alice: Hola a todos.\n\nSpeaker 2: Gracias.\n');
    expect(exportText(untimed, { ...all, format: 'srt' })).toBe('');
  });
});
