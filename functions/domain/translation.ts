/**
 * A transcript translated segment by segment (issue 28): each spoken word group is translated on its own, its
 * speaker label and times kept as they are, so the translation reads beside the original and exports like it.
 * Words the engine could not translate keep one mark, UNKNOWN_MARK, before them. Pure; the web reads it too.
 */
import { concurrencyLimit } from './concurrency';
import { joinWords } from './join-words';
import { renderText, type WordGroup, type WordTiming } from './parse-transcript';

export interface TranslatedSegment {
  /** The original label ("Speaker 1" or the name given): never sent to the engine. */
  speaker?: string | undefined;
  /** Milliseconds, the original segment's (0 and 0 for a transcript without word timings). */
  start: number;
  end: number;
  text: string;
}

/** Before a word the engine left untranslated (Apertium's own mark for an unknown word). */
export const UNKNOWN_MARK = '*';

/** What the segments are sent to an engine as: one paragraph each (both engines keep paragraph breaks). */
const SEGMENT_BREAK = '\n\n';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** "[00:01:05] Speaker 1: " at the start of a line of a text without word timings. */
const LINE_LEAD = /^(?:\[\d{2}:\d{2}:\d{2}\]\s*)?(?:(.+?):\s+)?/;

/**
 * The segments to translate: the spoken word groups (their words only), else the text's lines, a known speaker's
 * "Name: " taken off as the label.
 */
export function sourceSegments(body: { text: string; word_timings: readonly WordGroup[]; speakers: readonly string[] }): TranslatedSegment[] {
  const spoken = body.word_timings.filter((group) => group.words.length > 0);
  if (spoken.length > 0) {
    return spoken.map((group) => ({ speaker: group.speaker, start: group.words[0]!.start, end: group.words.at(-1)!.end, text: oneLine(joinWords(group.words.map((word) => word.word))) }));
  }
  return body.text
    .split('\n')
    .map((line) => {
      const lead = LINE_LEAD.exec(line)!;
      const speaker = lead[1] !== undefined && body.speakers.includes(lead[1]) ? lead[1] : undefined;
      const text = oneLine(speaker === undefined ? line.replace(/^\[\d{2}:\d{2}:\d{2}\]\s*/, '') : line.slice(lead[0].length));
      return { speaker, start: 0, end: 0, text };
    })
    .filter((segment) => segment.text !== '');
}

/** The segments' texts as one text for an engine. */
const joinSegmentTexts = (texts: readonly string[]): string => texts.join(SEGMENT_BREAK);

/** An engine's answer cut back into `count` segments; null when its paragraphs do not match them one to one. */
function splitSegmentTexts(translated: string, count: number): string[] | null {
  const parts = translated.split(/\n\s*\n/).map(oneLine);
  return parts.length === count ? parts : null;
}

/** Segments translated alone at most this many at once, when an answer could not be cut back into them. */
const SEGMENTS_ALONE_AT_ONCE = 4;

/**
 * The texts translated in one call, a paragraph each; if `translate` merged or split paragraphs, each alone. No texts
 * is still one call, so that a language the engine can't reach is refused for an empty transcript too.
 */
export async function translateSegmentTexts(texts: readonly string[], translate: (text: string) => Promise<string>): Promise<string[]> {
  const whole = splitSegmentTexts(await translate(joinSegmentTexts(texts)), texts.length);
  if (whole) return whole;
  const limit = concurrencyLimit(SEGMENTS_ALONE_AT_ONCE);
  return Promise.all(texts.map((text) => limit(async () => oneLine(await translate(text)))));
}

/**
 * Apertium's marks as one: `*` (unknown word), `@` (no translation in the pair's dictionary), doubled through a pivot
 * language (`**`), become UNKNOWN_MARK; `#` (translated, but not inflected) is dropped, the word being translated.
 */
export const normalizeUnknownMarks = (text: string): string =>
  text.replace(/(?<![\p{L}\p{N}])([*@#]+)(?=[\p{L}\p{N}])/gu, (marks: string) => (/[*@]/.test(marks) ? UNKNOWN_MARK : ''));

export interface TextPiece {
  text: string;
  /** Left as it was by the engine (the mark taken off). */
  unknown: boolean;
}

const MARKED_WORD = /(?<![\p{L}\p{N}])\*([\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’-]*)/gu;

/** A translated text in pieces, the unknown words apart (for the page to show them as such). */
export function textPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKED_WORD)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), unknown: false });
    pieces.push({ text: match[1]!, unknown: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), unknown: false });
  return pieces;
}

/** Words left untranslated among the words of the segments: [unknown, total]. */
export function unknownWordCount(segments: readonly Pick<TranslatedSegment, 'text'>[]): { unknown: number; words: number } {
  const pieces = segments.flatMap((segment) => textPieces(segment.text));
  const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return { unknown: pieces.filter((piece) => piece.unknown).length, words: pieces.reduce((sum, piece) => sum + (piece.unknown ? 1 : words(piece.text)), 0) };
}

/**
 * The segments as word groups for the exports and the reading view: the segment's own start and end, the words
 * between spread by their length (the engine gives no word times: they are estimates within the segment).
 */
export function translatedGroups(segments: readonly TranslatedSegment[]): WordGroup[] {
  return segments.map(({ speaker, start, end, text }) => {
    const words = text.split(/\s+/).filter(Boolean);
    const total = words.reduce((sum, word) => sum + word.length, 0);
    let done = 0;
    const timed = words.map((word): WordTiming => {
      const from = start + Math.round(((end - start) * done) / total);
      done += word.length;
      return { word, start: from, end: start + Math.round(((end - start) * done) / total) };
    });
    return speaker === undefined ? { words: timed } : { words: timed, speaker };
  });
}

/** Segments of a transcript that had word timings (those of one without all start and end at 0). */
export const timedSegments = (segments: readonly TranslatedSegment[]): boolean => segments.some((segment) => segment.end > 0);

/** The translation as one text, like a transcript's: "Speaker 1: ..." lines, or paragraphs where the speech paused. */
export function translatedText(segments: readonly TranslatedSegment[]): string {
  if (timedSegments(segments)) return renderText(translatedGroups(segments), false);
  return segments.map((segment) => (segment.speaker ? `${segment.speaker}: ` : '') + segment.text).join('\n');
}
