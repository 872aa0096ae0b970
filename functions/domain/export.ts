/**
 * Transcript exports (issue 14): plain text, Markdown, SubRip, WebVTT and JSON here (pure); DOCX in
 * export-docx.ts (it needs the docx library, which the web never loads).
 */
import { SHAPED_TEMPLATES, TEMPLATE_NAMES, type ShapedTemplate } from './summary-templates';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { oneLine } from './names';
import { paragraphsOf, type Paragraph } from './paragraphs';
import { formatTimestamp, type WordGroup } from './parse-transcript';
import { findLanguage } from './languages';
import { timedSegments, translatedGroups, translatedText, UNKNOWN_MARK, unknownWordCount, type TranslatedSegment } from './translation';
import { subtitleFile } from './subtitles';

import { EXPORT_FORMATS, type ExportFormat } from './export-formats';

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false.` })
    .default('true')
    .transform((value) => value === 'true');

export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `Choose a format: ${EXPORT_FORMATS.join(', ')}.` }),
  timestamps: flag('timestamps'),
  speakers: flag('speakers'),
  /** Issue 28: the translation into this language (ISO code or name) instead of the original text. */
  lang: z.string().trim().min(1, 'Choose a language.').max(40).optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** What an export shows of a transcript. */
export interface ExportSource {
  id: string;
  filename: string;
  created_at: string;
  language: string;
  topic: string;
  summary: string;
  /** Issue 30: the summary templates' results (a section each in txt, md and docx). */
  summaries?: Partial<Record<ShapedTemplate, { lines: readonly string[] }>> | undefined;
  text: string;
  speakers: readonly string[];
  word_timings: readonly WordGroup[];
  /** A line after the text (txt, md, docx): what the unknown-word mark of a translation means. */
  note?: string | undefined;
}

/**
 * The export of a translation (issue 28): its segments as the groups (original labels and segment times, word times
 * spread within; none for a transcript without word timings), its language; no topic or summary (they are in the original's language). Words left untranslated
 * keep their mark in every format, so a subtitle or a text shows them as the page does; the text formats say what it means.
 */
export function translatedExport(source: ExportSource, translation: { language: string; segments: readonly TranslatedSegment[] }): ExportSource {
  const { unknown } = unknownWordCount(translation.segments);
  return {
    ...source,
    language: findLanguage(translation.language)?.code ?? translation.language,
    topic: '',
    summary: '',
    summaries: {},
    text: translatedText(translation.segments),
    word_timings: timedSegments(translation.segments) ? translatedGroups(translation.segments) : [],
    note: unknown > 0 ? MESSAGES.untranslatedWordsNote(UNKNOWN_MARK) : undefined,
  };
}

/**
 * The source with its names (file, speakers) each on one line: names stored before control characters were
 * refused may hold line breaks, which would start a heading or a speaker's line of their own (issue 25).
 */
export const withOneLineNames = (source: ExportSource): ExportSource => ({
  ...source,
  filename: oneLine(source.filename),
  speakers: source.speakers.map(oneLine),
  word_timings: source.word_timings.map((group) => (group.speaker === undefined ? group : { ...group, speaker: oneLine(group.speaker) })),
});

/** The groups as exported: without speaker names when they are not wanted. */
const groupsFor = (source: ExportSource, options: Pick<ExportQuery, 'speakers'>): WordGroup[] =>
  source.word_timings.map((group) => (options.speakers || group.speaker === undefined ? group : { words: group.words }));

/** Paragraphs of the export; a transcript without word timings is its text's own paragraphs. */
export function exportParagraphs(source: ExportSource, options: Pick<ExportQuery, 'speakers'>): Paragraph[] {
  const paragraphs = paragraphsOf(groupsFor(source, options));
  if (paragraphs.length > 0) return paragraphs;
  return source.text
    .split(/\n\s*\n|\n/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({ groups: [], start: 0, end: 0, text }));
}

/** "[00:01:05] Alice: " as asked for (times only when the transcript has word timings). */
export function paragraphLead(paragraph: Paragraph, options: Omit<ExportQuery, 'format'>, timed: boolean): string {
  const stamp = options.timestamps && timed ? `[${formatTimestamp(paragraph.start)}] ` : '';
  const speaker = options.speakers && paragraph.speaker ? `${paragraph.speaker}: ` : '';
  return stamp + speaker;
}

export const summaryLines = (summary: string): string[] =>
  summary
    .split('\n')
    .map((line) => line.replace(/^\s*[-•*]\s*/, '').trim())
    .filter(Boolean);

/** The templates made (with lines), in the templates' order (issue 30). */
const madeTemplates = (source: Pick<ExportSource, 'summaries'>): { template: ShapedTemplate; lines: readonly string[] }[] =>
  SHAPED_TEMPLATES.flatMap((template) => {
    const lines = source.summaries?.[template]?.lines ?? [];
    return lines.length > 0 ? [{ template, lines }] : [];
  });

/** The templates' results in the templates' order, each under its name (issue 30). */
export const templateSections = (source: Pick<ExportSource, 'summaries'>): { title: string; lines: readonly string[] }[] =>
  madeTemplates(source).map(({ template, lines }) => ({ title: TEMPLATE_NAMES[template], lines }));

const hasTimings = (source: ExportSource): boolean => source.word_timings.some((group) => group.words.length > 0);

function plainText(source: ExportSource, options: Omit<ExportQuery, 'format'>): string {
  const paragraphs = exportParagraphs(source, options).map((paragraph) => paragraphLead(paragraph, options, hasTimings(source)) + paragraph.text);
  const sections = templateSections(source).map(({ title, lines }) => [title, ...lines.map((line) => `- ${line}`)].join('\n'));
  return `${[...paragraphs, ...(source.note ? [source.note] : []), ...sections].join('\n\n')}\n`;
}

const escapeMarkdown = (text: string): string => text.replace(/([\\`*_[\]#<>|])/g, '\\$1');

function markdown(source: ExportSource, options: Omit<ExportQuery, 'format'>): string {
  const lines = [`# ${escapeMarkdown(source.filename)}`, '', `Recorded ${source.created_at.slice(0, 10)}`];
  if (source.topic) lines.push('', `**Topic:** ${escapeMarkdown(source.topic)}`);
  const summary = summaryLines(source.summary);
  if (summary.length > 0) lines.push('', '## Summary', '', ...summary.map((line) => `- ${escapeMarkdown(line)}`));
  for (const section of templateSections(source)) lines.push('', `## ${section.title}`, '', ...section.lines.map((line) => `- ${escapeMarkdown(line)}`));
  lines.push('', '## Transcript');
  for (const paragraph of exportParagraphs(source, options)) {
    // Our own "[00:01:05]" stays as it is; the speaker's name is the user's and is escaped.
    const lead = paragraphLead({ ...paragraph, speaker: paragraph.speaker && escapeMarkdown(paragraph.speaker) }, options, hasTimings(source)).trim();
    lines.push('', `${lead ? `**${lead}** ` : ''}${escapeMarkdown(paragraph.text)}`);
  }
  if (source.note) lines.push('', `_${escapeMarkdown(source.note)}_`);
  return `${lines.join('\n')}\n`;
}

function wordsJson(source: ExportSource, options: Omit<ExportQuery, 'format'>): string {
  const { id, filename, created_at, language, topic, summary, text, speakers } = source;
  const summaries = Object.fromEntries(madeTemplates(source).map(({ template, lines }) => [template, lines]));
  return `${JSON.stringify({ id, filename, created_at, language, topic, summary: summaryLines(summary), summaries, text, speakers: options.speakers ? speakers : [], word_timings: groupsFor(source, options) }, null, 2)}\n`;
}

export type TextFormat = Exclude<ExportFormat, 'docx'>;

/** The text formats (DOCX is made by export-docx.ts). Subtitles of a transcript without timings are empty. */
export function exportText(stored: ExportSource, query: Omit<ExportQuery, 'format'> & { format: TextFormat }): string {
  const source = withOneLineNames(stored);
  switch (query.format) {
    case 'txt':
      return plainText(source, query);
    case 'md':
      return markdown(source, query);
    case 'srt':
    case 'vtt':
      return subtitleFile(groupsFor(source, query), query.format);
    case 'json':
      return wordsJson(source, query);
  }
}
