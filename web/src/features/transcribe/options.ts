/**
 * The Transcribe tab's options (docs/product.md#calls, #constants-and-limits): their defaults, the language choices and
 * the JSON body of `POST /api/transcribe` after a direct upload. Pure; unit-tested.
 */
import type { BodyOf, CapabilitiesView } from '@contract';
import { MAX_SPEAKER_COUNT } from '@domain/constants';
import { AUTO_LANGUAGE } from '@domain/languages';
import { LANGUAGE_CHOICES } from '@web/transcript/language-choices';
import { TRANSCRIBE_TEXTS } from './texts';

export type SpeakerCount = 'auto' | number;

export interface TranscribeChoices {
  /** ISO code of one of the 25 languages; the server takes names or codes. */
  language: string;
  useAiSummary: boolean;
  verbatim: boolean;
  /** Speaker identification, and how many speakers there are ('auto': the engine finds out). */
  diarization: boolean;
  speakerCount: SpeakerCount;
  includeTimestamps: boolean;
  /** '' = no project. */
  projectId: string;
  /** Tag names. */
  tags: string[];
}

/** docs/product.md#constants-and-limits: language en, AI summary on, verbatim off, speaker identification off, timestamps off. */
export const DEFAULT_CHOICES: Readonly<TranscribeChoices> = Object.freeze({
  language: 'en',
  useAiSummary: true,
  verbatim: false,
  diarization: false,
  speakerCount: 'auto',
  includeTimestamps: false,
  projectId: '',
  tags: [],
});

export { LANGUAGE_CHOICES };

export interface LanguageChoice {
  name: string;
  code: string;
  /** Why it can't be chosen here; absent when it can. */
  unavailable?: string;
}

/**
 * The 25 languages, those this server can't transcribe marked with a reason. Before the server has
 * said (or if it could not), all are offered: the server still refuses one it can't do, before the upload.
 */
export function languageChoices(capabilities: Pick<CapabilitiesView, 'transcription'> | undefined): LanguageChoice[] {
  if (!capabilities) return [...LANGUAGE_CHOICES];
  const available = new Set(capabilities.transcription.languages);
  return LANGUAGE_CHOICES.map((language) => (language.code === AUTO_LANGUAGE || available.has(language.name) ? language : { ...language, unavailable: TRANSCRIBE_TEXTS.notAvailableHere }));
}

/** Auto, then 2 to the most speakers the server takes (MAX_SPEAKER_COUNT until it has said). */
export function speakerCountChoices(capabilities: Pick<CapabilitiesView, 'transcription'> | undefined): SpeakerCount[] {
  const most = capabilities?.transcription.max_speakers ?? MAX_SPEAKER_COUNT;
  return ['auto', ...Array.from({ length: Math.max(0, most - 1) }, (_, index) => index + 2)];
}

export type TranscribeUploadedBody = BodyOf<'POST /api/transcribe'>;

/** The JSON body of `POST /api/transcribe` for an uploaded file; no project_id when none is chosen. */
export function transcribeBody(uploadId: string, choices: TranscribeChoices): TranscribeUploadedBody {
  const tags = [...new Set(choices.tags.map((tag) => tag.trim()).filter(Boolean))];
  return {
    upload_id: uploadId,
    verbatim: choices.verbatim,
    diarization: choices.diarization,
    ...(choices.diarization ? { speaker_count: choices.speakerCount } : {}),
    language: choices.language || DEFAULT_CHOICES.language,
    use_ai_summary: choices.useAiSummary,
    include_timestamps: choices.includeTimestamps,
    ...(choices.projectId ? { project_id: choices.projectId } : {}),
    tags,
  };
}

/** Adds or removes a tag name, keeping the others in order. */
export const toggleTag = (tags: readonly string[], name: string, on: boolean): string[] =>
  on ? (tags.includes(name) ? [...tags] : [...tags, name]) : tags.filter((tag) => tag !== name);
