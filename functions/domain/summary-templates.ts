/**
 * Issue 30 point 3, summary templates: the shapes a summary can take, the request that asks for one,
 * and how a template's result is kept on the transcript. Key points is today's summary (topic and lines);
 * every other template keeps its own lines and when they were made.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';

export const SUMMARY_TEMPLATES = ['key_points', 'meeting_minutes', 'action_items', 'lecture_notes', 'interview', 'custom'] as const;
export type SummaryTemplate = (typeof SUMMARY_TEMPLATES)[number];
/** The templates other than key points: their results are kept per template. */
export type ShapedTemplate = Exclude<SummaryTemplate, 'key_points'>;
export const SHAPED_TEMPLATES = SUMMARY_TEMPLATES.filter((template): template is ShapedTemplate => template !== 'key_points');

/** The names the page and the exports show. */
export const TEMPLATE_NAMES: Record<SummaryTemplate, string> = {
  key_points: 'Key points',
  meeting_minutes: 'Meeting minutes',
  action_items: 'Action items',
  lecture_notes: 'Lecture notes',
  interview: 'Interview',
  custom: 'Custom',
};

/** A custom instruction is a request, not a document: long enough for a paragraph, short enough to stay one. */
export const MAX_INSTRUCTION_CHARS = 500;
/** A custom instruction as the summary request and a saved template take it. */
const Instruction = z.string({ error: MESSAGES.instructionRequired }).trim().max(MAX_INSTRUCTION_CHARS, MESSAGES.instructionTooLong(MAX_INSTRUCTION_CHARS));
/** What a template's result may hold: bounded, so the transcript's record stays small whatever the model writes. */
export const MAX_TEMPLATE_LINES = 40;
export const MAX_TEMPLATE_LINE_CHARS = 400;

/** POST /api/transcripts/{id}/summary: no body (or null) asks for key points, as before templates. */
export const SummaryRequest = z
  .strictObject({
    template: z.enum(SUMMARY_TEMPLATES, { error: MESSAGES.unknownTemplate }),
    instruction: Instruction.optional(),
  })
  .refine((request) => request.template !== 'custom' || Boolean(request.instruction), { message: MESSAGES.instructionRequired, path: ['instruction'] })
  .nullable()
  .transform((value): { template: SummaryTemplate; instruction?: string | undefined } => value ?? { template: 'key_points' });
export type SummaryRequest = z.output<typeof SummaryRequest>;

/** A user's own templates (a custom instruction saved under a name): a menu's worth, each name shown whole in it. */
export const MAX_SAVED_TEMPLATES = 20;
export const MAX_TEMPLATE_NAME_CHARS = 60;

/** POST /api/summary-templates: a name and the instruction it stands for. */
export const SavedTemplateBody = z.strictObject({
  name: z.string({ error: MESSAGES.templateNameRequired }).trim().min(1, MESSAGES.templateNameRequired).max(MAX_TEMPLATE_NAME_CHARS, MESSAGES.templateNameTooLong(MAX_TEMPLATE_NAME_CHARS)),
  instruction: Instruction.min(1, MESSAGES.instructionRequired),
});
export type SavedTemplateBody = z.output<typeof SavedTemplateBody>;

/** One template's result as stored on the transcript. */
export interface TemplateSummary {
  lines: string[];
  createdAt: string;
}
export type TemplateSummaries = Partial<Record<ShapedTemplate, TemplateSummary>>;

/** A model's (or the extractor's) lines, bounded for storage: no empty lines, no bullets, at most so many of so long. */
export function boundedLines(lines: readonly string[]): string[] {
  return lines
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean)
    .slice(0, MAX_TEMPLATE_LINES)
    .map((line) => (line.length > MAX_TEMPLATE_LINE_CHARS ? `${line.slice(0, MAX_TEMPLATE_LINE_CHARS - 1).trimEnd()}…` : line));
}

type TemplateView = { lines: string[]; created_at: string; outdated: boolean };

/** The stored results as the API shows them, in the templates' order; one made before the last correction (`editedAt`) is outdated. */
export function summariesView(stored: TemplateSummaries | undefined, editedAt: string | undefined): Partial<Record<ShapedTemplate, TemplateView>> {
  const view: Partial<Record<ShapedTemplate, TemplateView>> = {};
  for (const template of SHAPED_TEMPLATES) {
    const result = stored?.[template];
    if (result) view[template] = { lines: result.lines, created_at: result.createdAt, outdated: Boolean(editedAt) && result.createdAt < editedAt! };
  }
  return view;
}
