/**
 * Subtitles follow the common timed-text rules (BBC and Netflix guidelines, issue 28 point 3) on long
 * transcripts: real speech (the diarized Amazon Transcribe result, the conversation fixtures' utterances with
 * their real durations and speakers, the Spanish FLEURS segments) and half an hour of synthetic speech.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fixture from '../fixtures/transcribe-diarized.json';
import { CONVERSATIONS_DIR } from '../fixtures/conversations';
import { REAL_SPEECH_DIR } from '../fixtures/real-speech';
import { parseTranscript } from '../../functions/domain/parse-transcript';
import { buildCues, CUE_LIMITS, subtitleFile, type Cue, type SubtitleGroup } from '../../functions/domain/subtitles';
import { seededRandom } from '../fixtures/seeded-random';

type Row = Record<string, string>;
function tsvRows(path: string): Row[] {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const columns = header!.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((cell, index) => [columns[index]!, cell])));
}

/** Words of an utterance spoken from `start` to `end` (ms), each timed in proportion to its length, with short gaps between. */
function timedWords(text: string, start: number, end: number): SubtitleGroup['words'] {
  const words = text.split(/\s+/).filter(Boolean);
  const weights = words.map((word) => word.length + 2);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let at = start;
  return words.map((word, index) => {
    const span = ((end - start) * weights[index]!) / total;
    const timed = { word, start: Math.round(at), end: Math.round(at + span * 0.85) };
    at += span;
    return timed;
  });
}

/** Every conversation utterance, with its real duration and speaker, one after another (0.2–0.9 s apart), speakers taking turns. */
function conversationTranscript(): SubtitleGroup[] {
  let at = 0;
  return tsvRows(join(CONVERSATIONS_DIR, 'utterances.tsv')).map((row, index) => {
    const duration = Number(row.duration_s) * 1000;
    const words = timedWords(row.text!, at + 150, at + duration - 150);
    at += duration + 200 + (index % 8) * 100;
    return { words, speaker: row.speaker };
  });
}

/** The Spanish FLEURS clip's eight segments: lower case, almost no punctuation. */
const fleursTranscript = (): SubtitleGroup[] =>
  tsvRows(join(REAL_SPEECH_DIR, 'es_fleurs_8utt_82s.segments.tsv')).map((row) => ({ words: timedWords(row.text!, Number(row.start_s) * 1000, Number(row.end_s) * 1000) }));


const VOCABULARY = (
  'the a of and to in that we it is for on with as was but they at be this have from or one had by word not what all were when your can said ' +
  'there use an each which she do how their if will up other about out many then them these so some her would make like him into time has ' +
  'look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made ' +
  'may part over new sound take only little work know place year live me back give most very after thing our just name good sentence man ' +
  'think say great where help through much before line right too mean old any same tell boy follow came want show also around form three ' +
  'small set put end does another well large must big even such because turn here why ask went men read need land different home us move ' +
  'international responsibility extraordinarily telecommunications'
).split(' ');

/** Half an hour of speech: words of 150–700 ms, sentences of 1–40 words, commas, pauses up to 4 s, three speakers. */
function syntheticTranscript(seed: number, minutes: number): SubtitleGroup[] {
  const next = seededRandom(seed);
  const groups: SubtitleGroup[] = [];
  let at = 500;
  let speaker = 1;
  while (at < minutes * 60_000) {
    if (next() < 0.3) speaker = (speaker % 3) + 1;
    const length = next() < 0.15 ? 1 + Math.floor(next() * 3) : 4 + Math.floor(next() * 36);
    const words: SubtitleGroup['words'][number][] = [];
    for (let index = 0; index < length; index += 1) {
      let word = VOCABULARY[Math.floor(next() * VOCABULARY.length)]!;
      if (index === 0) word = word.charAt(0).toUpperCase() + word.slice(1);
      if (index === length - 1) word += next() < 0.8 ? '.' : '?';
      else if (next() < 0.08) word += ',';
      const duration = 150 + Math.floor(next() * 550);
      words.push({ word, start: at, end: at + duration });
      at += duration + (next() < 0.05 ? 1200 + Math.floor(next() * 2800) : Math.floor(next() * 120));
    }
    groups.push({ words, speaker: `Speaker ${speaker}` });
    at += 200 + Math.floor(next() * 900);
  }
  return groups;
}

const TRANSCRIPTS: Record<string, SubtitleGroup[]> = {
  'a diarized Amazon Transcribe result': parseTranscript(fixture, { verbatim: true, diarization: true, includeTimestamps: false }).word_timings,
  'the conversation fixtures (193 s, 8 voices)': conversationTranscript(),
  'the Spanish FLEURS clip (82 s, no punctuation)': fleursTranscript(),
  'half an hour of synthetic speech, three speakers': syntheticTranscript(28, 30),
  'ten minutes of synthetic speech, another draw': syntheticTranscript(7, 10),
};

const text = (cue: Cue): string => cue.lines.join(' ');
const wordCount = (line: string): number => line.split(' ').filter(Boolean).length;

describe.each(Object.entries(TRANSCRIPTS))('subtitles of %s', (_, groups) => {
  const words = groups.flatMap((group) => group.words);
  const cues = buildCues(groups);

  it('keep every word, in order', () => {
    expect(cues.map(text).join(' ').split(' ')).toEqual(words.map((word) => word.word));
  });

  it('have at most two lines of at most 42 characters', () => {
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CUE_LIMITS.lineLength);
    }
  });

  it('never leave one word alone on a line of a cue of three words or more', () => {
    const orphans = cues.filter((cue) => cue.lines.length === 2 && wordCount(text(cue)) >= 3 && cue.lines.some((line) => wordCount(line) === 1));
    expect(orphans.map(text)).toEqual([]);
  });

  it('break lines at phrase boundaries: no line ends on an article, and lines are balanced', () => {
    for (const cue of cues.filter((cue) => cue.lines.length === 2)) {
      expect(cue.lines[0]).not.toMatch(/\s(the|a|an|el|la|los|las|un|una)$/i);
      const [first, second] = cue.lines.map((line) => line.length) as [number, number];
      // Uneven only when the break found a phrase boundary (punctuation) instead of the middle.
      if (Math.abs(first - second) > 20) expect(cue.lines[0]).toMatch(/[,.;:?!]$/);
    }
  });

  it('last 7 s at most, and 0.8 s at least unless the speech leaves no room', () => {
    cues.forEach((cue, index) => {
      expect(cue.end - cue.start).toBeLessThanOrEqual(CUE_LIMITS.maxDurationMs);
      if (cue.end - cue.start < 800) {
        // Boxed in: the previous cue ends where it starts and the next starts where it ends.
        expect(cues[index - 1]?.end ?? 0).toBe(cue.start);
        expect(cues[index + 1]?.start).toBe(cue.end);
      }
    });
  });

  it('have one word only where the speech has one word between long pauses or speaker changes', () => {
    const speakerOf = groups.flatMap((group) => group.words.map(() => group.speaker));
    const apart = (a: number, b: number) =>
      a < 0 || b >= words.length || speakerOf[a] !== speakerOf[b] || words[b]!.start - words[a]!.end >= CUE_LIMITS.hardPauseMs;
    let at = 0;
    const lone: string[] = [];
    for (const cue of cues) {
      const count = wordCount(text(cue));
      if (count === 1 && !(apart(at - 1, at) && apart(at, at + 1))) lone.push(`${text(cue)} at ${cue.start} ms`);
      at += count;
    }
    expect(lone).toEqual([]);
  });

  it('never overlap, and go forward in time', () => {
    cues.forEach((cue, index) => {
      expect(cue.end).toBeGreaterThan(cue.start);
      if (index > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]!.end);
    });
  });

  it('name the speaker on the cue where a new speaker starts, and only there', () => {
    const speakers = groups.map((group) => group.speaker).filter((speaker, index, all) => speaker !== all[index - 1]);
    expect(cues.flatMap((cue) => (cue.speaker ? [cue.speaker] : []))).toEqual(speakers.filter(Boolean));
  });
});

describe('the speaker in the files', () => {
  const groups = TRANSCRIPTS['half an hour of synthetic speech, three speakers']!;
  const changes = groups.filter((group, index) => group.speaker !== groups[index - 1]?.speaker).length;

  it('WebVTT: a voice span on the cue where a new speaker starts, the name not repeated in the text', () => {
    const vtt = subtitleFile(groups, 'vtt');
    expect(vtt.match(/<v [^>]+>/g)).toHaveLength(changes);
    expect(vtt).not.toMatch(/Speaker \d: /);
  });

  it('SubRip: "Name: " before the first line where a new speaker starts, and only there', () => {
    const srt = subtitleFile(groups, 'srt');
    expect(srt.match(/^Speaker \d: /gm)).toHaveLength(changes);
    for (const line of srt.split('\n')) expect(line.length).toBeLessThanOrEqual(CUE_LIMITS.lineLength);
  });
});
