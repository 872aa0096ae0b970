/**
 * Subtitles from a transcript's word timings (docs/product.md#entities: groups of words, each word with `word`
 * or `text` and start/end in milliseconds): SubRip (.srt) and WebVTT (.vtt). Pure; unit-tested
 * (test/unit/subtitle-rules.test.ts checks every rule on long transcripts).
 *
 * Cues follow the common timed-text rules (BBC and Netflix guidelines): at most two lines of 42 characters,
 * on screen 1 to 7 s (shorter only when the speech around leaves no room), never spanning two speakers or a
 * long silence, lines broken at phrase boundaries and balanced, no word alone on a line, no one-word cue where
 * the words around could share it. The cue where a new speaker starts names the speaker, and only that cue:
 * WebVTT as a voice span (`<v Name>`), SubRip, which has none, as "Name: " before the text. Times never go
 * backwards and cues never overlap.
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
  /** A pause this long between two words is a good place to end a cue. */
  pauseMs: 1500,
  /** No cue spans a silence this long. */
  hardPauseMs: 3000,
  /** A cue shows at least this long when the next one leaves room (taking time from the silence around it). */
  minDurationMs: 1000,
  /** Reading speed a cue is held for, when the silence after it leaves room (characters a second). */
  readingCps: 17,
} as const;

const SENTENCE_END = /[.?!…。？！]["'”’)\]]*$/;
const CLAUSE_END = /[,;:—–-]["'”’)\]]*$/;
/** Words a phrase starts with (conjunctions, prepositions, relatives): a line or cue breaks well before them, badly after them. */
const PHRASE_START = new Set(
  (
    'and but or nor so yet because although though while whereas if unless until when whenever where wherever that which who whom whose ' +
    'to of in on at by for with from into onto about above below after before during through between among against without within ' +
    'over under like than as since y e o u pero porque aunque que cuando donde como si de del en con por para sin sobre entre hasta desde ' +
    'et ou mais donc car parce quand qui dont où à au aux dans sur sous avec pour par und oder aber weil dass wenn als mit von zu bei für'
  ).split(' '),
);
/** Words that lean on the next one (articles, determiners, pronouns before a verb): never the last word of a line. */
const LEANING = new Set(
  'the a an this these those my your his her its our their some any every no el la los las un una unos unas le les une des der die das ein eine'.split(' '),
);

// A word or name is one line of its cue whatever it holds (a line break would end the cue early).
const wordText = (word: SubtitleWord): string => oneLine(word.word ?? word.text ?? '');
const finite = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);
const bare = (word: string): string => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

interface Token {
  text: string;
  start: number;
  end: number;
  /** The last word of a sentence or of a group (the server groups words by sentence). */
  ends?: boolean;
}

/** A token with what the cutting asks of it again and again, worked out once. */
interface Shaped extends Token {
  length: number;
  /** Ends a clause (a comma, a semicolon, a dash). */
  clause: boolean;
  /** Starts a phrase (a conjunction, a preposition). */
  leads: boolean;
  /** Leans on the next word (an article, or a word that starts a phrase). */
  leans: boolean;
}

function shaped(token: Token): Shaped {
  const word = bare(token.text);
  const leads = PHRASE_START.has(word);
  return { ...token, length: token.text.length, clause: CLAUSE_END.test(token.text), leads, leans: leads || LEANING.has(word) };
}

/**
 * What breaking between two words costs (a line break or a cue's end): nothing after a sentence, little
 * after a clause or before a conjunction or preposition, much after a word that leans on the next.
 */
function breakCost(before: Shaped, after: Shaped | undefined): number {
  if (after === undefined || before.ends) return 0;
  let cost = before.clause ? 2 : after.leads ? 4 : 8;
  if (before.leans) cost += 10;
  if (after.start - before.end >= 250) cost -= 2;
  return Math.max(0, cost);
}

/**
 * Where the words `from` to `to` (exclusive, `chars` long with their spaces) break into two lines: none (-1)
 * when they fit on one; else both at most `lineLength`, no word alone on a line (unless there are two words),
 * at a phrase boundary and balanced. Null when they do not fit on two lines.
 */
function bestSplit(tokens: readonly Shaped[], from: number, to: number, chars: number, lineLength: number): { split: number; cost: number } | null {
  const count = to - from;
  if (chars <= lineLength || count === 1) return { split: -1, cost: 0 };
  let best: { split: number; cost: number } | null = null;
  let first = -1;
  for (let split = from + 1; split < to; split += 1) {
    first += tokens[split - 1]!.length + 1;
    if (first > lineLength) break;
    const second = chars - first - 1;
    if (second > lineLength || (count > 2 && (split === from + 1 || split === to - 1))) continue;
    const cost = breakCost(tokens[split - 1]!, tokens[split]) + (Math.abs(first - second) / 10) ** 2;
    if (!best || cost < best.cost) best = { split, cost };
  }
  return best;
}

const lineText = (tokens: readonly Token[]): string => joinWords(tokens.map((token) => token.text));

/** Splits a cue's text into lines of at most `lineLength`: two balanced lines broken at a phrase boundary when it fits in two, else as many as needed. */
export function wrapLines(text: string, lineLength: number = CUE_LIMITS.lineLength): string[] {
  const tokens = text.split(' ').map((word) => shaped({ text: word, start: 0, end: 0, ends: SENTENCE_END.test(word) }));
  const two = bestSplit(tokens, 0, tokens.length, text.length, lineLength);
  if (two) return two.split < 0 ? [text] : [lineText(tokens.slice(0, two.split)), lineText(tokens.slice(two.split))];
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

type Limits = typeof CUE_LIMITS;

/**
 * A speaker's run of words (after the words of its label, if any) cut into cues, as the cheapest path over
 * the places a cue may end (dynamic programming): each cue fits on two lines and in 7 s and spans no long
 * silence; a cue costs a little (fewer, fuller cues), its line break and its end cost what `breakCost` says,
 * a silence or a sentence's end inside it costs (a new sentence reads best at a cue's or line's start), and a
 * one-word or very short cue costs much (it flashes by), so sentences are kept whole where they fit and
 * fragments join their neighbours. Each end tries the starts back to 84 characters or 7 s: linear in the words.
 */
function cutRun(run: readonly Token[], limits: Limits, label: readonly Token[]): { tokens: Token[]; lines: string[] }[] {
  const tokens = [...label, ...run].map(shaped);
  const words = run.length;
  const best: { cost: number; from: number; split: number }[] = tokens.map(() => ({ cost: Number.POSITIVE_INFINITY, from: -1, split: -1 }));
  best.push({ cost: Number.POSITIVE_INFINITY, from: -1, split: -1 });
  best[0]!.cost = 0;
  // A cue ends after a word of the run, never inside the label.
  for (let end = label.length + 1; end <= tokens.length; end += 1) {
    const last = tokens[end - 1]!;
    const next = tokens[end];
    const ending = 10 + breakCost(last, next);
    let chars = -1;
    let inside = 0;
    let endings = 0;
    for (let start = end - 1; start >= 0; start -= 1) {
      const first = tokens[start]!;
      chars += first.length + 1;
      const count = end - start;
      if (count > 1) {
        const gap = tokens[start + 1]!.start - first.end;
        if (last.end - first.start > limits.maxDurationMs || gap >= limits.hardPauseMs || chars > limits.maxChars) break;
        inside += gap >= limits.pauseMs ? 25 : Math.max(0, gap) / 100;
        if (first.ends) endings += 1;
      }
      if (best[start]!.cost === Number.POSITIVE_INFINITY) continue;
      const fitted = bestSplit(tokens, start, end, chars, limits.lineLength);
      if (!fitted) {
        if (count > 1) break;
        continue;
      }
      const atBreak = fitted.split > 0 && tokens[fitted.split - 1]!.ends ? 17 : 0;
      let cost = best[start]!.cost + ending + fitted.cost + inside + 20 * endings - atBreak;
      if (end - Math.max(start, label.length) === 1 && words > 1) cost += 100;
      cost += Math.max(0, limits.minDurationMs - (last.end - first.start)) / 50;
      if (cost < best[end]!.cost) best[end] = { cost, from: start, split: fitted.split };
    }
  }
  const cues: { tokens: Token[]; lines: string[] }[] = [];
  for (let end = tokens.length; end > 0; end = best[end]!.from) {
    const { from, split } = best[end]!;
    const lines = split < 0 ? [lineText(tokens.slice(from, end))] : [lineText(tokens.slice(from, split)), lineText(tokens.slice(split, end))];
    cues.unshift({ tokens: tokens.slice(Math.max(from, label.length), end), lines });
  }
  return cues;
}

/** Consecutive groups of one speaker, as one run of words (a speaker's sentences may share a cue). */
function speakerRuns(groups: readonly SubtitleGroup[]): { speaker: string | undefined; tokens: Token[] }[] {
  const runs: { speaker: string | undefined; tokens: Token[] }[] = [];
  for (const group of groups) {
    const tokens: Token[] = (group.words ?? [])
      .map((word) => ({ text: wordText(word), start: finite(word.start), end: finite(word.end) }))
      .filter((token) => token.text !== '')
      .map((token) => ({ ...token, ends: SENTENCE_END.test(token.text) }));
    if (tokens.length === 0) continue;
    tokens[tokens.length - 1]!.ends = true;
    const speaker = oneLine(group.speaker ?? '') || undefined;
    const last = runs[runs.length - 1];
    if (last && last.speaker === speaker) last.tokens = last.tokens.concat(tokens);
    else runs.push({ speaker, tokens });
  }
  return runs;
}

export interface CueOptions {
  /** SubRip has no voice tags: the name opens the first line ("Name: ") of the cue where a new speaker starts. */
  speakerInText?: boolean;
}

/**
 * The cues of a transcript, in time order, never overlapping. A cue never spans two speakers; the cue where
 * a new speaker starts carries the speaker's name (and only that cue).
 */
export function buildCues(groups: readonly SubtitleGroup[] | undefined | null, options: CueOptions = {}, limits: Limits = CUE_LIMITS): Cue[] {
  const raw: { start: number; end: number; lines: string[]; chars: number; speaker?: string | undefined }[] = [];
  for (const run of speakerRuns(groups ?? [])) {
    // The label's words wrap like the cue's own words (a long name may take more than a line).
    const at = run.tokens[0]!.start;
    const label = options.speakerInText && run.speaker ? `${run.speaker}:`.split(' ').map((text) => ({ text, start: at, end: at })) : [];
    cutRun(run.tokens, limits, label).forEach((cue, index) => {
      const start = cue.tokens[0]!.start;
      const end = Math.max(...cue.tokens.map((token) => token.end));
      raw.push({ start, end, lines: cue.lines, chars: cue.lines.join(' ').length, ...(index === 0 && run.speaker ? { speaker: run.speaker } : {}) });
    });
  }

  // Times only go forward and cues never overlap; a short cue is held (to a second, or its reading time) into
  // the silence after it, else starts earlier into the silence before it.
  const cues: Cue[] = [];
  let previousEnd = 0;
  raw.forEach((cue, index) => {
    const nextStart = Math.max(raw[index + 1]?.start ?? Number.POSITIVE_INFINITY, previousEnd);
    let start = Math.max(cue.start, previousEnd);
    let end = Math.min(Math.max(cue.end, start + 1), start + limits.maxDurationMs);
    const wanted = Math.max(limits.minDurationMs, Math.round((cue.chars * 1000) / limits.readingCps));
    if (end - start < wanted) end = Math.max(end, Math.min(start + wanted, nextStart, start + limits.maxDurationMs));
    if (end - start < limits.minDurationMs) start = Math.max(previousEnd, end - limits.minDurationMs);
    previousEnd = end;
    cues.push({ start, end, lines: cue.lines, ...(cue.speaker ? { speaker: cue.speaker } : {}) });
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

/** A transcript's subtitles as a file: SubRip names a new speaker in the text, WebVTT in a voice span. */
export function subtitleFile(groups: readonly SubtitleGroup[] | undefined | null, format: 'srt' | 'vtt'): string {
  return format === 'srt' ? toSrt(buildCues(groups, { speakerInText: true })) : toVtt(buildCues(groups));
}
