/** The options of a transcription (docs/product.md#calls, #constants-and-limits), from a multipart form or a JSON body. */
import { z } from 'zod';
import { MAX_SPEAKER_COUNT, PART_URLS_PER_REQUEST, TAG_LIMITS } from './constants';
import { ID_PATTERN } from './ids';
import { AUTO_LANGUAGE, findLanguage } from './languages';
import { MESSAGES } from './messages';
import { isOneLine } from './names';

/** Form fields arrive as text: 'true', 'on', '1' mean yes. JSON may send real booleans. */
const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === true || /^(true|on|1|yes)$/i.test(String(value))));

/**
 * A product language name or code → its ISO code; left out, English (docs/product.md#constants-and-limits default);
 * 'auto' (issue 27): the engine finds it.
 */
const Language = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value?.toLowerCase() === AUTO_LANGUAGE) return AUTO_LANGUAGE;
    const language = findLanguage(value || 'en');
    if (!language) {
      ctx.addIssue({ code: 'custom', message: `Unknown language "${value}".` });
      return z.NEVER;
    }
    return language.code;
  });

/** The same, but left out stays left out. */
const OptionalLanguage = z.union([z.undefined(), Language]);

/** Comma-separated in the form (docs/product.md), a list in JSON: trimmed, empty ones dropped, duplicates merged. */
export const Tags = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value : (value ?? '').split(',')).map((tag) => tag.trim()).filter(Boolean))
  .transform((tags) => [...new Set(tags)])
  .pipe(
    z
      .array(z.string().max(TAG_LIMITS.nameLength, `A tag may have at most ${TAG_LIMITS.nameLength} characters.`).refine(isOneLine, MESSAGES.nameOnOneLine))
      .max(TAG_LIMITS.perTranscript, `A transcript may have at most ${TAG_LIMITS.perTranscript} tags.`),
  );

/** How many speakers there are: 'auto' (the default: the engine finds out) or 2 to MAX_SPEAKER_COUNT; a number or its text. */
const SpeakerCount = z
  .union([z.number(), z.string().trim()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '' || value === 'auto') return 'auto' as const;
    const count = Number(value);
    if (Number.isInteger(count) && count >= 2 && count <= MAX_SPEAKER_COUNT) return count;
    ctx.addIssue({ code: 'custom', message: MESSAGES.speakerCount });
    return z.NEVER;
  });

export const TranscribeOptions = z.object({
  verbatim: flag(false),
  diarization: flag(false),
  speaker_count: SpeakerCount,
  language: Language,
  use_ai_summary: flag(true),
  include_timestamps: flag(false),
  project_id: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  tags: Tags,
});
export type TranscribeOptionsInput = z.infer<typeof TranscribeOptions>;

/** JSON form of POST /api/transcribe after a direct upload: the upload's id instead of the file. */
export const TranscribeUploaded = TranscribeOptions.extend({ upload_id: z.string().regex(ID_PATTERN, 'Unknown upload.') });
export type TranscribeUploadedInput = z.infer<typeof TranscribeUploaded>;

/** The multipart form of POST /api/transcribe: the file first (a missing file is the first thing said), then the options. */
export const TranscribeForm = z.object({ file: z.instanceof(File, { error: MESSAGES.chooseFile }), ...TranscribeOptions.shape });
export type TranscribeFormInput = z.infer<typeof TranscribeForm>;

/** A recording's file name as the user gave it (data only, never part of a key). */
export const FileName = z.string({ error: 'The file needs a name.' }).trim().min(1, 'The file needs a name.').max(255, 'The file name is too long.').refine(isOneLine, MESSAGES.nameOnOneLine);

/** POST /api/uploads: what the browser is about to upload, and optionally how it will be transcribed (checked before the upload). */
export const UploadRequest = z.object({
  filename: FileName,
  size: z.number({ error: 'The file size must be a number of bytes.' }).int('The file size must be a whole number of bytes.').positive('The file is empty.'),
  language: OptionalLanguage,
  diarization: flag(false),
});

/**
 * POST /api/transcripts/{id}/retry (issue 27): optionally another language, for a transcript whose speech
 * the engine doubted was in its own; no body runs it again as it was.
 */
export const RetryRequest = z
  .object({ language: OptionalLanguage })
  .nullable()
  .transform((value): { language?: string | undefined } => value ?? {});

/** POST /api/uploads/{id}/parts: the parts whose URLs the browser needs next. */
const PARTS_ASKED = `Ask for 1 to ${PART_URLS_PER_REQUEST} parts at a time, by their numbers (1 to 10000).`;
export const UploadPartsRequest = z.object({
  part_numbers: z
    .array(z.number({ error: PARTS_ASKED }).int(PARTS_ASKED).min(1, PARTS_ASKED).max(10_000, PARTS_ASKED), { error: PARTS_ASKED })
    .min(1, PARTS_ASKED)
    .max(PART_URLS_PER_REQUEST, PARTS_ASKED),
});

/** POST /api/uploads/{id}/complete for a multipart upload: each part's ETag. */
export const CompleteUpload = z.object({
  parts: z
    .array(z.object({ part_number: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .max(10_000)
    .optional(),
});
