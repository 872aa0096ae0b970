/**
 * Amazon Transcribe's output JSON: the one shape both speech engines produce (the local engine
 * writes it too), so ParseTranscript is shared. Unknown fields (audio_segments, ...) are dropped.
 */
import { z } from 'zod';
import type { TranscribeConfidence } from './language-check';

/** Seconds as a decimal string, the way Transcribe writes times ("12.34"). */
const Seconds = z.string().regex(/^\d+(\.\d+)?$/, 'expected seconds as a decimal string');

const Alternative = z.object({
  content: z.string(),
  confidence: z.string().optional(),
});

const PronunciationItem = z.object({
  type: z.literal('pronunciation'),
  start_time: Seconds,
  end_time: Seconds,
  alternatives: z.array(Alternative).min(1),
  speaker_label: z.string().optional(),
});

/** Punctuation carries no times: it belongs to the word before it. */
const PunctuationItem = z.object({
  type: z.literal('punctuation'),
  alternatives: z.array(Alternative).min(1),
  speaker_label: z.string().optional(),
});

const SpeakerSegment = z.object({
  start_time: Seconds,
  end_time: Seconds,
  speaker_label: z.string(),
  items: z.array(z.object({ start_time: Seconds, end_time: Seconds, speaker_label: z.string() })).default([]),
});

export const TranscribeJsonSchema = z.object({
  jobName: z.string().optional(),
  status: z.string().optional(),
  results: z.object({
    transcripts: z.array(z.object({ transcript: z.string() })),
    items: z.array(z.discriminatedUnion('type', [PronunciationItem, PunctuationItem])),
    /** With IdentifyLanguage: each language considered, with its score ("0.98"). */
    language_identification: z.array(z.object({ code: z.string(), score: z.string() })).optional(),
    language_code: z.string().optional(),
    speaker_labels: z
      .object({
        speakers: z.number().int().nonnegative().optional(),
        segments: z.array(SpeakerSegment),
      })
      .optional(),
  }),
});

export type TranscribeJson = z.infer<typeof TranscribeJsonSchema>;

/** The language Transcribe identified (`results.language_code`, with IdentifyLanguage), if the result names one. */
export function identifiedLanguageCode(json: unknown): string | undefined {
  const code = (json as { results?: { language_code?: unknown } } | null)?.results?.language_code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * How sure Transcribe was of its result: its words' confidences and the identified language's score (issue 27).
 * Undefined when no word carries a confidence: the local engine writes none (it decided while decoding).
 */
export function transcribeConfidence(json: TranscribeJson): TranscribeConfidence | undefined {
  const wordConfidences = json.results.items.flatMap((item) => (item.type === 'pronunciation' && item.alternatives[0]!.confidence !== undefined ? [Number(item.alternatives[0]!.confidence)] : []));
  if (wordConfidences.length === 0) return undefined;
  const { language_code: found, language_identification: scores } = json.results;
  const languageScore = scores?.find((score) => score.code === found)?.score;
  return { wordConfidences, ...(languageScore !== undefined ? { languageScore: Number(languageScore) } : {}) };
}

/** Validates untrusted JSON (an S3 object, an engine's output); throws with a readable list of problems. */
export function parseTranscribeJson(value: unknown): TranscribeJson {
  const parsed = TranscribeJsonSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Not an Amazon Transcribe result: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
