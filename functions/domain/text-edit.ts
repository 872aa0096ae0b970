/**
 * Correcting a transcript while listening: new text for some word groups, re-timed so the words stay
 * clickable and highlighted in step with the recording. Pure.
 *
 * Words that did not change keep their exact start and end (a longest common subsequence of the old and
 * new words finds them, in memory that grows with the words; past a request's alignment budget, what is not
 * yet aligned counts as replaced). Each run of new or changed words takes the time of the words it replaces, or
 * when nothing is replaced the gap between its unchanged neighbours (or the group's edge), shared out by
 * length: in order and never overlapping, so seeking and highlighting keep working.
 */
import { z } from 'zod';
import { TEXT_EDIT_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { isOneLine } from './names';
import { ALIGNMENT_STEPS, commonWords, splitWords, type AlignmentBudget } from './paragraph-edit';
import { renderText, type WordGroup, type WordTiming } from './parse-transcript';
import { Tags } from './transcribe-request';
import type { TranscriptBody } from './transcript-view';

/** Most characters of one group's new text (so at most 10,000 words): a long speaker turn fits with room, a pasted book does not. */
export const MAX_GROUP_TEXT = 20_000;

export const GroupEdit = z.object({
  index: z.number({ error: 'Each group needs an index: the number of the word group to change.' }).int('A group index must be a whole number.').min(0, 'A group index cannot be negative.'),
  text: z.string({ error: "Each group's text must be a string." }).max(MAX_GROUP_TEXT, `A group's text can be at most ${MAX_GROUP_TEXT.toLocaleString('en-US')} characters.`),
});
export type GroupEdit = z.infer<typeof GroupEdit>;

export const TextEditRequest = z.object({
  groups: z
    .array(GroupEdit, { error: 'Send the changed word groups as "groups": a list of {index, text}.' })
    .min(1, 'Send at least one changed word group.')
    .max(TEXT_EDIT_LIMITS.groups, MESSAGES.tooManyEditGroups(TEXT_EDIT_LIMITS.groups))
    .superRefine((groups, ctx) => {
      const problem = editSizeProblem(groups);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type TextEditRequest = z.infer<typeof TextEditRequest>;

/** Why a correction is too big to align in bounded time and memory (a repeated group counts as big: it is aligned again each time), if it is. */
function editSizeProblem(groups: readonly GroupEdit[]): string | null {
  const seen = new Set<number>();
  let total = 0;
  for (const { index, text } of groups) {
    if (seen.has(index)) return MESSAGES.repeatedEditGroup(index);
    seen.add(index);
    total += splitWords(text).length;
  }
  return total > TEXT_EDIT_LIMITS.words ? MESSAGES.tooManyEditWords(TEXT_EDIT_LIMITS.words) : null;
}

const SPEAKER_NAME_MAX = 100;
/** A speaker's new name (a rename, or the speaker a paragraph is given). */
const SpeakerName = z.string({ error: 'A speaker name must be text.' }).trim().min(1, 'A speaker name cannot be empty.').max(SPEAKER_NAME_MAX, `A speaker name can be at most ${SPEAKER_NAME_MAX} characters.`).refine(isOneLine, MESSAGES.nameOnOneLine);

/** Thrown for an index past the last group (the schema cannot know how many groups there are). */
export class EditError extends Error {}

const noGroup = (index: number, count: number): string => `There is no word group ${index}: this transcript has ${count} (0 to ${count - 1}).`;

/** A time span in milliseconds. */
interface Span {
  start: number;
  end: number;
}

/** The body with the edited groups' words replaced and re-timed, and the text rebuilt. */
export function applyTextEdits(body: TranscriptBody, edits: readonly GroupEdit[], includeTimestamps: boolean): TranscriptBody {
  const groups = body.word_timings.map((group) => ({ ...group, words: [...group.words] }));
  // One alignment budget for the whole request, however its words are spread over groups.
  const budget = { steps: ALIGNMENT_STEPS };
  for (const { index, text } of edits) {
    const group = groups[index];
    if (!group) throw new EditError(noGroup(index, groups.length));
    groups[index] = { ...group, words: retimeWords(group.words, splitWords(text), groupSpan(groups, index), budget) };
  }
  const wordCount = (list: readonly WordGroup[]) => list.reduce((sum, group) => sum + group.words.length, 0);
  const words = wordCount(groups);
  if (words > TEXT_EDIT_LIMITS.transcriptWords && words > wordCount(body.word_timings)) throw new EditError(MESSAGES.transcriptTooLong(TEXT_EDIT_LIMITS.transcriptWords));
  return { ...body, word_timings: groups, text: renderText(groups, includeTimestamps, groups.some((group) => group.speaker !== undefined)) };
}

/** Where a group's words may go: its own words' span, or for an empty group the silence between its neighbours. */
function groupSpan(groups: readonly WordGroup[], index: number): Span {
  const own = groups[index]!.words;
  if (own.length > 0) return { start: own[0]!.start, end: Math.max(own[0]!.start, own.at(-1)!.end) };
  const before = groups.slice(0, index).findLast((group) => group.words.length > 0)?.words.at(-1)?.end ?? 0;
  const after = groups.slice(index + 1).find((group) => group.words.length > 0)?.words[0]?.start ?? before;
  return { start: before, end: Math.max(before, after) };
}

/** The new words, unchanged ones with their old times and the rest timed inside the span. */
export function retimeWords(old: readonly WordTiming[], words: readonly string[], span: Span, budget?: AlignmentBudget): WordTiming[] {
  const kept = commonWords(old.map((word) => word.word), words, budget);
  const result: WordTiming[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (const [keptOld, keptNew] of [...kept, [old.length, words.length] as const]) {
    const replaced = old.slice(oldIndex, keptOld);
    const inserted = words.slice(newIndex, keptNew);
    if (inserted.length > 0) {
      const previousEnd = result.at(-1)?.end ?? span.start;
      const nextStart = old[keptOld]?.start ?? span.end;
      result.push(...timeRun(inserted, replaced, { start: previousEnd, end: Math.max(previousEnd, nextStart) }));
    }
    if (keptOld < old.length) result.push({ ...old[keptOld]!, word: words[keptNew]! });
    oldIndex = keptOld + 1;
    newIndex = keptNew + 1;
  }
  return result;
}

/**
 * Times for a run of new words. The same number of words as were replaced take their times one for one
 * (a corrected spelling stays where it was said); otherwise the run shares out the time of the words it
 * replaces (or the gap it was inserted into) in proportion to the words' lengths.
 */
function timeRun(words: readonly string[], replaced: readonly WordTiming[], gap: Span): WordTiming[] {
  if (replaced.length === words.length) return words.map((word, index) => ({ word, start: replaced[index]!.start, end: replaced[index]!.end }));
  const span = replaced.length > 0 ? { start: Math.max(gap.start, replaced[0]!.start), end: Math.min(gap.end, Math.max(replaced[0]!.start, replaced.at(-1)!.end)) } : gap;
  if (span.end < span.start) span.end = span.start;
  const weights = words.map((word) => word.length + 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let done = 0;
  return words.map((word, index) => {
    const start = span.start + Math.floor(((span.end - span.start) * done) / total);
    done += weights[index]!;
    return { word, start, end: span.start + Math.floor(((span.end - span.start) * done) / total) };
  });
}

/**
 * Speaker renames everywhere in the body: the groups, the speaker list and (through the groups) the text.
 * Names not in the transcript are ignored. The list keeps its order and length (two speakers may share a
 * name), so the machine's n-th speaker is always today's n-th.
 */
export function renameSpeakers(body: TranscriptBody, names: Readonly<Record<string, string>>, includeTimestamps: boolean): TranscriptBody {
  // Own names only: a speaker called `constructor` or `__proto__` would otherwise read the object's prototype.
  const rename = (speaker: string): string => (Object.hasOwn(names, speaker) ? names[speaker]! : speaker);
  const groups = body.word_timings.map((group) => (group.speaker === undefined ? group : { ...group, speaker: rename(group.speaker) }));
  return { ...body, word_timings: groups, speakers: body.speakers.map(rename), text: renderText(groups, includeTimestamps, groups.some((group) => group.speaker !== undefined)) };
}

/** PUT /api/transcripts/{id}/speaker: these word groups (a paragraph) were said by `speaker`, one of the transcript's or a new one. */
export const SpeakerAssignment = z.strictObject(
  {
    groups: z
      .array(GroupEdit.shape.index, { error: 'Send the word groups as "groups": a list of group numbers.' })
      .min(1, 'Send at least one word group.')
      .max(TEXT_EDIT_LIMITS.groups, MESSAGES.tooManyEditGroups(TEXT_EDIT_LIMITS.groups)),
    speaker: SpeakerName,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only groups and speaker can be sent.' : 'Send a JSON object.') },
);
export type SpeakerAssignment = z.infer<typeof SpeakerAssignment>;

/** The groups given to `speaker`, who joins the end of the speaker list when new (the list's order is how renames and revert match names). */
export function assignSpeaker(body: TranscriptBody, { groups: indexes, speaker }: SpeakerAssignment, includeTimestamps: boolean): TranscriptBody {
  const missing = indexes.find((index) => index >= body.word_timings.length);
  if (missing !== undefined) throw new EditError(noGroup(missing, body.word_timings.length));
  const chosen = new Set(indexes);
  const groups = body.word_timings.map((group, index) => (chosen.has(index) ? { ...group, speaker } : group));
  const speakers = body.speakers.includes(speaker) ? body.speakers : [...body.speakers, speaker];
  return { ...body, word_timings: groups, speakers, text: renderText(groups, includeTimestamps, true) };
}

/**
 * Revert: the machine's text and timings, with today's speaker names (renames keep the list's order).
 */
export function revertedBody(original: TranscriptBody, current: TranscriptBody, includeTimestamps: boolean): TranscriptBody {
  const names = Object.fromEntries(original.speakers.map((speaker, index) => [speaker, current.speakers[index] ?? speaker]));
  return renameSpeakers(original, names, includeTimestamps);
}

export const FILENAME_MAX = 200;

/** PATCH /api/transcripts/{id}: any of a new name, project (null: none), tags, and speaker names. */
export const TranscriptPatch = z
  .object({
    filename: z.string({ error: 'The name must be text.' }).trim().min(1, 'The name cannot be empty.').max(FILENAME_MAX, `The name can be at most ${FILENAME_MAX} characters.`).refine(isOneLine, MESSAGES.nameOnOneLine).optional(),
    project_id: z.string({ error: 'project_id must be a project id or null.' }).trim().min(1, 'project_id must be a project id or null.').max(64).nullable().optional(),
    // As the transcribe form does: trimmed, empty ones dropped, duplicates merged, limits checked.
    tags: z
      .array(z.string({ error: 'Tags must be a list of names.' }), { error: 'Tags must be a list of names.' })
      .transform((names, ctx) => {
        const tags = Tags.safeParse(names);
        if (tags.success) return tags.data;
        ctx.addIssue({ code: 'custom', message: tags.error.issues[0]!.message });
        return z.NEVER;
      })
      .optional(),
    speakers: z
      .record(
        z.string().min(1).max(SPEAKER_NAME_MAX),
        // Only the new name: the current one (the key) may be stored from before control characters were refused.
        SpeakerName,
        { error: 'speakers must map a current name to a new one, e.g. {"Speaker 1": "Alice"}.' },
      )
      .optional(),
  }, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only filename, project_id, tags and speakers can be changed.' : 'Send a JSON object.') })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Send at least one of filename, project_id, tags or speakers.');
export type TranscriptPatch = z.infer<typeof TranscriptPatch>;
