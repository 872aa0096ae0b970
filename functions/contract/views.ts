/**
 * The answers of the API (docs/product.md#entities, #calls): the types the handlers must return and the web
 * app reads. Types only, so the web imports them without any server code.
 */
import type { SignInMethod } from '../domain/account-deletion';
import type { WordGroup } from '../domain/parse-transcript';
import type { profileView } from '../domain/profile';
import type { createdShareLinkView, sharedTranscriptView, shareLinkView } from '../domain/share-links';
import type { listItemView, transcriptView } from '../domain/transcript-view';

export type { WordGroup, WordTiming } from '../domain/parse-transcript';
export type { TranscriptStatus } from '../domain/job-progress';
export type { JobStage, JobProgressView } from '../domain/job-progress';

/** Every error answer: `{error}`, a text safe to show the user. */
export interface ErrorAnswer {
  error: string;
}

export interface MessageAnswer {
  message: string;
}

/** A soft delete, restore or removal: what happened, and to which item. */
export interface MovedAnswer extends MessageAnswer {
  id: string;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

export interface SessionView {
  email: string;
  user: string;
  first_login: boolean;
  /** How this session signed in (account deletion asks for a password only after a password sign-in). */
  sign_in_method: SignInMethod;
}

export interface LoginAnswer {
  user: SignedInUser;
}

/** A 429 to be retried later: `retry_after` seconds (the same number as the Retry-After header). */
export interface RetryAnswer extends ErrorAnswer {
  retry_after: number;
}

export interface VerifiedAnswer extends MessageAnswer {
  user: SignedInUser;
}

/** docs/product.md#entities: the user profile. `age` holds the date of birth (YYYY-MM-DD). */
export type ProfileView = ReturnType<typeof profileView>;

/**
 * Where the browser puts the recording: one presigned PUT `url`, or `part_count` parts of `part_size` bytes
 * each, with the URLs of the first `parts` (the others from POST /api/uploads/{id}/parts when needed).
 */
export interface UploadUrls {
  url?: string;
  parts?: { part_number: number; url: string }[];
  part_size?: number;
  part_count?: number;
}

/** More part URLs of a multipart upload, signed now. */
export interface UploadPartUrls {
  parts: { part_number: number; url: string }[];
}

export interface UploadTicket extends UploadUrls {
  upload_id: string;
  max_bytes: number;
}

export interface CompletedUpload {
  upload_id: string;
  /** The type found in the file's bytes. */
  media_type: string;
  kind: 'audio' | 'video';
}

/** An item of the transcript lists: no body, a preview (a little over 100 characters) instead. */
export type TranscriptListItem = ReturnType<typeof listItemView>;
/** `GET /api/transcripts/{id}`: the list item's fields with the text, word timings and speakers. */
export type TranscriptView = ReturnType<typeof transcriptView>;

/** `POST /api/transcribe` answers at once, with the job still processing (docs/product.md#calls fields). */
export interface TranscribeAnswer extends Pick<TranscriptView, 'id' | 'status' | 'audio_url' | 'summary' | 'topic' | 'filename' | 'stage' | 'progress' | 'queue_position'> {
  transcript: string;
  word_timings: WordGroup[];
}

/** GET /api/usage: this calendar month's use (UTC), and the monthly quota if there is one. */
export interface UsageView {
  month: string;
  audio_seconds: number;
  jobs: number;
  quota_seconds: number | null;
}

export interface ProjectView {
  id: string;
  name: string;
  description: string;
  created_at: string;
}

export interface TagView {
  id: string;
  name: string;
}

export interface TranslationAnswer {
  translated_text: string;
  language: string;
}

/** One transcript found: `snippet` is escaped HTML with the matching words in `<mark>`; `start_ms` opens it at that moment. */
export interface SearchResult {
  id: string;
  filename: string;
  created_at: string;
  topic: string;
  snippet: string;
  start_ms: number;
}

export interface SearchAnswer {
  results: SearchResult[];
}

export interface SupportAnswer {
  reply: string;
}

/** GET /api/capabilities: what this server can do, asked before anything is uploaded (no session, no user data). */
export interface CapabilitiesView {
  transcription: {
    /** The product's names of the languages it transcribes. */
    languages: string[];
    speaker_identification: boolean;
    /** The most speakers `speaker_count` takes. */
    max_speakers: number;
  };
  translation: {
    /** Names of the languages it translates into. */
    languages: string[];
  };
  /** 'ai': a language model writes the summary; 'extractive': key points picked from the transcript. */
  summary: 'ai' | 'extractive';
}

/** A live read-only link in its owner's list: `id` (the token's hash) revokes it; the token itself is shown only when made. */
export type ShareLinkView = ReturnType<typeof shareLinkView>;
/** POST /api/transcripts/{id}/share: the new link, with its token and the page's address. */
export type CreatedShareLink = ReturnType<typeof createdShareLinkView>;
/** GET /api/shared/{token}: what a reader of a shared link sees, no session needed. */
export type SharedTranscriptView = ReturnType<typeof sharedTranscriptView>;
