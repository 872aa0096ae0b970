/**
 * ParseTranscript: an Amazon Transcribe result (from either speech engine) → the text the user
 * reads, word timings grouped by sentence or speaker turn, and the speakers heard. Pure.
 */
import { PARAGRAPH_PAUSE_MS } from './constants';
import { joinWords } from './join-words';
import { parseTranscribeJson, type TranscribeJson } from './transcribe-json';

export interface ParseOptions {
  /** Keep fillers and repetitions exactly as spoken. */
  verbatim: boolean;
  /** Group by speaker turn and label the text, when the result carries speaker labels. */
  diarization: boolean;
  /** Prefix each group's line with its start time, "[00:01:05] ". */
  includeTimestamps: boolean;
}

export interface WordTiming {
  /** The word with the punctuation that follows it ("dog."). */
  word: string;
  /** Milliseconds from the start of the recording. */
  start: number;
  end: number;
}

export interface WordGroup {
  words: WordTiming[];
  /** "Speaker 1", ... when grouped by speaker turn. */
  speaker?: string;
}

export interface ParsedTranscript {
  text: string;
  word_timings: WordGroup[];
  /** Speaker names in order of first appearance; empty without diarization. */
  speakers: string[];
  /** Speakers were asked for but the engine labelled none (its speaker step failed): the page says so. */
  speakers_missing?: true;
}

interface Word {
  content: string;
  punctuation: string;
  start: number;
  end: number;
  speakerLabel: string | undefined;
}

/**
 * Non-lexical hesitations only. Phrases such as "you know" or "like" are kept: they are often
 * meant ("do you know", "I like it") and removing them would change what was said.
 */
const FILLERS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'ah', 'ahh', 'hmm', 'hm', 'mm', 'mmm']);
/** Doubled words that are usually grammatical ("I know that that works", "had had"). */
const ALLOWED_DOUBLES = new Set(['that', 'had']);
const SENTENCE_END = /[.?!…。？！]/;

export function parseTranscript(json: unknown, options: ParseOptions): ParsedTranscript {
  const result = parseTranscribeJson(json);
  const words = readWords(result);
  if (words.length === 0) {
    const text = result.results.transcripts.map((part) => part.transcript.trim()).filter(Boolean).join('\n');
    return { text, word_timings: [], speakers: [] };
  }
  const kept = options.verbatim ? words : removeDisfluencies(words);
  const bySpeaker = options.diarization && kept.some((word) => word.speakerLabel !== undefined);
  const speakerNames = nameSpeakers(bySpeaker ? kept : []);
  const groups = (bySpeaker ? speakerTurns(kept) : sentences(kept)).map((group) => toWordGroup(group, bySpeaker ? speakerNames : undefined));
  const missing = options.diarization && !bySpeaker && kept.length > 0 ? { speakers_missing: true as const } : {};
  return { text: renderText(groups, options.includeTimestamps, bySpeaker), word_timings: groups, speakers: [...speakerNames.values()], ...missing };
}

/** Pronunciation items become words; punctuation items attach to the word before them. */
function readWords(result: TranscribeJson): Word[] {
  const speakerAt = speakerLookup(result);
  const words: Word[] = [];
  for (const item of result.results.items) {
    const content = item.alternatives[0]!.content;
    if (item.type === 'punctuation') {
      const previous = words.at(-1);
      if (previous) previous.punctuation += content;
      continue;
    }
    words.push({
      content,
      punctuation: '',
      start: toMilliseconds(item.start_time),
      end: toMilliseconds(item.end_time),
      speakerLabel: item.speaker_label ?? speakerAt.get(item.start_time),
    });
  }
  return words;
}

/** Older Transcribe results carry speakers only in speaker_labels.segments, keyed by start time. */
function speakerLookup(result: TranscribeJson): Map<string, string> {
  const lookup = new Map<string, string>();
  for (const segment of result.results.speaker_labels?.segments ?? []) {
    for (const item of segment.items) lookup.set(item.start_time, item.speaker_label);
  }
  return lookup;
}

function toMilliseconds(seconds: string): number {
  return Math.round(Number(seconds) * 1000);
}

const bare = (word: Word): string => word.content.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
const endsSentence = (word: Word | undefined): boolean => word === undefined || SENTENCE_END.test(word.punctuation);

/** Drops fillers and the first of two identical adjacent words, keeping sentence punctuation and capitals right. */
function removeDisfluencies(words: readonly Word[]): Word[] {
  const kept: Word[] = [];
  let capitalizeNext = false;
  words.forEach((word, index) => {
    const next = words[index + 1];
    const isFiller = FILLERS.has(bare(word));
    const isRepeat = next !== undefined && word.punctuation === '' && bare(word) === bare(next) && bare(word) !== '' && !ALLOWED_DOUBLES.has(bare(word));
    const previous = kept.at(-1);
    if (isFiller || isRepeat) {
      // "and then, um." → "and then."; "it's, uh, great" → "it's great"; "Um, so we" → "So we".
      const sentenceEnd = word.punctuation.match(SENTENCE_END)?.[0];
      if (sentenceEnd && previous && !endsSentence(previous)) previous.punctuation = previous.punctuation.replace(/[,;:]+$/, '') + sentenceEnd;
      if (word.punctuation === ',' && previous?.punctuation.endsWith(',')) previous.punctuation = previous.punctuation.slice(0, -1);
      if (endsSentence(previous) && /^\p{Lu}/u.test(word.content)) capitalizeNext = true;
      return;
    }
    const copy = { ...word };
    if (capitalizeNext) copy.content = copy.content.charAt(0).toUpperCase() + copy.content.slice(1);
    capitalizeNext = false;
    kept.push(copy);
  });
  return kept;
}

function sentences(words: readonly Word[]): Word[][] {
  const groups: Word[][] = [];
  let current: Word[] = [];
  for (const word of words) {
    current.push(word);
    if (SENTENCE_END.test(word.punctuation)) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Speaker turns, a turn cut where its speaker pauses for long (a new paragraph when read). */
function speakerTurns(words: readonly Word[]): Word[][] {
  const groups: Word[][] = [];
  for (const word of words) {
    const current = groups.at(-1);
    if (current && current[0]!.speakerLabel === word.speakerLabel && word.start - current.at(-1)!.end < PARAGRAPH_PAUSE_MS) current.push(word);
    else groups.push([word]);
  }
  return groups;
}

/** Engine labels (spk_0, spk_1, ...) → "Speaker 1", "Speaker 2", ... in order of first appearance. */
function nameSpeakers(words: readonly Word[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const { speakerLabel } of words) {
    if (speakerLabel !== undefined && !names.has(speakerLabel)) names.set(speakerLabel, `Speaker ${names.size + 1}`);
  }
  return names;
}

function toWordGroup(group: readonly Word[], speakerNames: Map<string, string> | undefined): WordGroup {
  const words = group.map((word) => ({ word: word.content + word.punctuation, start: word.start, end: word.end }));
  const speaker = speakerNames && speakerName(group, speakerNames);
  return speaker ? { words, speaker } : { words };
}

function speakerName(group: readonly Word[], names: Map<string, string>): string | undefined {
  const label = group[0]!.speakerLabel;
  return label === undefined ? undefined : names.get(label);
}

/**
 * The text the user reads, from the word groups: one line per group ("[00:01:05] Speaker 1: ...") when
 * timestamps are asked for or the groups are speaker turns; otherwise sentences run on, with a paragraph
 * break where the speaker paused for long. Also rebuilds the text after an edit or a speaker rename.
 */
export function renderText(groups: readonly WordGroup[], includeTimestamps: boolean, bySpeaker: boolean = groups.some((group) => group.speaker !== undefined)): string {
  const spoken = groups.filter((group) => group.words.length > 0);
  const lines = spoken.map((group) => {
    const stamp = includeTimestamps ? `[${formatTimestamp(group.words[0]!.start)}] ` : '';
    return `${stamp}${group.speaker ? `${group.speaker}: ` : ''}${joinWords(group.words.map((word) => word.word))}`;
  });
  if (includeTimestamps || bySpeaker) return lines.join('\n');
  return lines.reduce((text, line, index) => {
    if (index === 0) return line;
    const pause = spoken[index]!.words[0]!.start - spoken[index - 1]!.words.at(-1)!.end;
    return text + (pause >= PARAGRAPH_PAUSE_MS ? '\n\n' : ' ') + line;
  }, '');
}

/** Milliseconds → "hh:mm:ss". */
export function formatTimestamp(milliseconds: number): string {
  const totalSeconds = Math.floor(milliseconds / 1000);
  const parts = [Math.floor(totalSeconds / 3600), Math.floor((totalSeconds % 3600) / 60), totalSeconds % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}
