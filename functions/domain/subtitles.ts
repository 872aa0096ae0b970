/**
 * Subtitles from a transcript's word timings (docs/product.md#entities: groups of words, each word with `word`
 * or `text` and start/end in milliseconds): SubRip (.srt) and WebVTT (.vtt). Pure; unit-tested.
 *
 * Cues follow the usual subtitle conventions: a cue never spans two groups (the server groups words by
 * sentence or speaker turn), ends after a sentence, lasts at most 7 s, holds at most 84 characters on
 * at most two lines of 42, and breaks where the speaker paused. Times never go backwards and cues never
 * overlap; a very short cue is held for up to a second when the next one leaves room.
 */
import { joinWords } from './join-words';
import { oneLine } from './names';

export interface SubtitleWord {
  word?: string | undefined;
  text?: string | undefined;
  start: number;
  end: number;
}

export interface SubtitleGroup {
  words: readonly SubtitleWord[];
  speaker?: string | undefined;
}

export interface Cue {
  start: number;
  end: number;
  /** The cue's lines (one or two, each at most `lineLength` where the words allow). */
  lines: string[];
  /** Who speaks, when the transcript names speakers. */
  speaker?: string | undefined;
}

export const CUE_LIMITS = {
  /** Longest time a cue stays on screen. */
  maxDurationMs: 7000,
  /** Most characters in a cue: two lines of 42 (the broadcast convention). */
  maxChars: 84,
  lineLength: 42,
  /** A pause this long between two words starts a new cue. */
  pauseMs: 1500,
  /** A cue shorter than this is held longer when the next cue leaves room. */
  minDurationMs: 1000,
} as const;

const SENTENCE_END = /[.?!…。？！]["'”’)\]]*$/;

// A word or name is one line of its cue whatever it holds (a line break would end the cue early).
const wordText = (word: SubtitleWord): string => oneLine(word.word ?? word.text ?? '');
const finite = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/** Splits a cue's text into lines of at most `lineLength`: two balanced lines when it fits in two, else as many as needed. */
export function wrapLines(text: string, lineLength: number = CUE_LIMITS.lineLength): string[] {
  if (text.length <= lineLength) return [text];
  let best: [string, string] | undefined;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) {
    const pair: [string, string] = [text.slice(0, i), text.slice(i + 1)];
    if (pair[0].length > lineLength || pair[1].length > lineLength) continue;
    if (!best || Math.max(pair[0].length, pair[1].length) < Math.max(best[0].length, best[1].length)) best = pair;
  }
  if (best) return best;
  // Does not fit on two lines (one very long word, or text over 84 characters): fill lines greedily.
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > lineLength) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The cues of a transcript, in time order, never overlapping. */
export function buildCues(groups: readonly SubtitleGroup[] | undefined | null, limits: typeof CUE_LIMITS = CUE_LIMITS): Cue[] {
  const raw: { start: number; end: number; words: string[]; speaker?: string | undefined }[] = [];
  let previousSpeaker: string | undefined;

  for (const group of groups ?? []) {
    const words = (group.words ?? [])
      .map((word) => ({ text: wordText(word), start: finite(word.start), end: finite(word.end) }))
      .filter((word) => word.text !== '');
    if (words.length === 0) continue;
    const speaker = oneLine(group.speaker ?? '') || undefined;
    // The first cue of a new speaker's turn names the speaker.
    let prefix = speaker && speaker !== previousSpeaker ? `${speaker}: ` : '';
    previousSpeaker = speaker;

    let current: (typeof raw)[number] | undefined;
    let currentLength = 0;
    let lastEnd = 0;
    const flush = () => {
      if (current) raw.push(current);
      current = undefined;
      currentLength = 0;
    };
    for (const word of words) {
      if (current) {
        const longer = currentLength + 1 + word.text.length > limits.maxChars;
        const slower = Math.max(word.end, lastEnd) - current.start > limits.maxDurationMs;
        const paused = word.start - lastEnd >= limits.pauseMs;
        if (longer || slower || paused) flush();
      }
      if (!current) {
        current = { start: word.start, end: word.end, words: [], speaker };
        const first = prefix + word.text;
        prefix = '';
        current.words.push(first);
        currentLength = first.length;
      } else {
        current.words.push(word.text);
        currentLength += 1 + word.text.length;
      }
      lastEnd = Math.max(lastEnd, word.end);
      current.end = Math.max(current.end, word.end);
      if (SENTENCE_END.test(word.text)) flush();
    }
    flush();
  }

  // Times only go forward, cues never overlap, and a short cue is held when there is room.
  const cues: Cue[] = [];
  let previousEnd = 0;
  raw.forEach((cue, index) => {
    const start = Math.max(cue.start, previousEnd);
    let end = Math.max(cue.end, start + 1);
    const nextStart = raw[index + 1]?.start;
    if (end - start < limits.minDurationMs) {
      const held = start + limits.minDurationMs;
      end = Math.max(end, nextStart === undefined ? held : Math.min(held, nextStart));
    }
    previousEnd = end;
    cues.push({ start, end, lines: wrapLines(joinWords(cue.words), limits.lineLength), ...(cue.speaker ? { speaker: cue.speaker } : {}) });
  });
  return cues;
}

/** Milliseconds → `HH:MM:SS<separator>mmm` (SRT uses a comma, WebVTT a full stop). */
export function formatCueTime(milliseconds: number, separator: ',' | '.'): string {
  const total = finite(milliseconds);
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const millis = total % 1000;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}${separator}${String(millis).padStart(3, '0')}`;
}

/** A text line never reads as a timing line: SubRip has no escapes, so its arrow (of any length: `--->` too) is shortened. */
const srtLine = (line: string): string => line.replace(/-{2,}>/g, '->');

/** SubRip: numbered cues from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the text, a blank line. */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, index) => `${index + 1}\n${formatCueTime(cue.start, ',')} --> ${formatCueTime(cue.end, ',')}\n${cue.lines.map(srtLine).join('\n')}\n`)
    .join('\n');
}

/** Text is escaped as WebVTT requires (`&`, `<`, `>`), so no cue can hold a tag or an arrow of its own. */
const escapeVtt = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT: the `WEBVTT` header, then numbered cues with `HH:MM:SS.mmm --> HH:MM:SS.mmm`; speakers as voice spans. */
export function toVtt(cues: readonly Cue[]): string {
  const body = cues.map((cue, index) => {
    const text = cue.lines.map(escapeVtt).join('\n');
    const voiced = cue.speaker ? `<v ${escapeVtt(cue.speaker)}>${text}</v>` : text;
    return `${index + 1}\n${formatCueTime(cue.start, '.')} --> ${formatCueTime(cue.end, '.')}\n${voiced}\n`;
  });
  return ['WEBVTT\n', ...body].join('\n');
}
