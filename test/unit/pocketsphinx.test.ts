import { parseTranscribeJson } from '../../functions/domain/transcribe-json';
import { parsePocketsphinx, parseSilences, planChunks, toTranscribeJson, wavHeader } from '../../functions/engines/speech/local-pocketsphinx';

/** Real `pocketsphinx_continuous -time yes` output (flite speech), two utterances. */
const OUTPUT = `the quick brown fox jumped over the lazy dog we are
<s> 0.100 0.150 0.999300
the 0.160 0.280 0.580559
quick 0.290 0.560 0.910000
brown 0.570 0.910 0.880000
fox 0.920 1.290 0.770000
jumped 1.300 1.740 0.660000
over 1.750 1.960 0.990000
the(2) 1.970 2.080 0.550000
lazy 2.090 2.520 0.980000
dog 2.530 2.810 0.970000
<sil> 2.820 3.300 0.678789
[NOISE] 3.310 3.400 0.500000
we 3.410 3.590 0.466131
are 3.600 3.700 1.000100
</s> 3.710 3.900 1.000000
i'm here
<s> 5.000 5.100 0.999000
i'm 5.110 5.400 0.900000
<sil> 5.410 5.450 0.900000
here 5.460 5.900 0.800000
</s> 5.910 6.000 1.000000
`;

describe('parsePocketsphinx', () => {
  it('keeps words only, strips alternate-pronunciation marks and offsets times', () => {
    const sentences = parsePocketsphinx(OUTPUT, 60);
    expect(sentences.map((sentence) => sentence.map((word) => word.word).join(' '))).toEqual([
      'the quick brown fox jumped over the lazy dog',
      'we are',
      "i'm here",
    ]);
    expect(sentences[0]![0]).toEqual({ word: 'the', start: 60.16, end: 60.28, confidence: 0.580559 });
    expect(sentences[1]![1]!.confidence).toBe(1);
  });

  it('gives nothing for empty output', () => {
    expect(parsePocketsphinx('', 0)).toEqual([]);
  });
});

describe('toTranscribeJson', () => {
  it("writes Amazon Transcribe's shape with sentence capitals, the pronoun I and full stops", () => {
    const json = toTranscribeJson('job-1', parsePocketsphinx(OUTPUT, 0));
    expect(parseTranscribeJson(json)).toEqual(json);
    expect(json.results.transcripts[0]!.transcript).toBe("The quick brown fox jumped over the lazy dog. We are. I'm here.");
    expect(json.results.items[0]).toEqual({ type: 'pronunciation', start_time: '0.160', end_time: '0.280', alternatives: [{ content: 'The', confidence: '0.581' }] });
    expect(json.results.items.filter((item) => item.type === 'punctuation')).toHaveLength(3);
  });
});

describe('parseSilences', () => {
  it("reads ffmpeg's silencedetect log; a silence open at the end lasts to the end", () => {
    const log = [
      '[silencedetect @ 0x5619] silence_start: -0.00125',
      '[silencedetect @ 0x5619] silence_end: 0.223938 | silence_duration: 0.225',
      'size=     268kB time=00:00:08.38 bitrate= 256.0kbits/s',
      '[silencedetect @ 0x5619] silence_start: 5.71406',
      '[silencedetect @ 0x5619] silence_end: 5.98263 | silence_duration: 0.268562',
      '[silencedetect @ 0x5619] silence_start: 8.20219',
    ].join('\n');
    expect(parseSilences(log)).toEqual([
      { start: 0, end: 0.223938 },
      { start: 5.71406, end: 5.98263 },
      { start: 8.20219, end: Number.POSITIVE_INFINITY },
    ]);
  });
});

describe('planChunks', () => {
  const silences = [
    { start: 9, end: 10 },
    { start: 31, end: 31.4 },
    { start: 56, end: 58 },
    { start: 89, end: Number.POSITIVE_INFINITY },
  ];

  it('cuts in the middle of the silence nearest each ideal cut point', () => {
    expect(planChunks(90, silences, 2, 20)).toEqual([
      { start: 0, end: 57 },
      { start: 57, end: 90 },
    ]);
    expect(planChunks(90, silences, 3, 20)).toEqual([
      { start: 0, end: 31.2 },
      { start: 31.2, end: 57 },
      { start: 57, end: 90 },
    ]);
  });

  it('keeps short audio whole, and never cuts where nobody paused', () => {
    expect(planChunks(30, silences, 4, 20)).toEqual([{ start: 0, end: 30 }]);
    expect(planChunks(90, [], 2, 20)).toEqual([{ start: 0, end: 90 }]);
    expect(planChunks(90, [{ start: 5, end: 6 }], 2, 20)).toEqual([{ start: 0, end: 90 }]);
  });
});

describe('wavHeader', () => {
  it('describes 16 kHz mono 16-bit PCM of the given length', () => {
    const header = wavHeader(32_000);
    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.readUInt32LE(4)).toBe(32_036);
    expect(header.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(header.readUInt16LE(22)).toBe(1);
    expect(header.readUInt32LE(24)).toBe(16_000);
    expect(header.readUInt16LE(34)).toBe(16);
    expect(header.readUInt32LE(40)).toBe(32_000);
  });
});
