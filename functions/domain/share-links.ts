/**
 * Read-only links to a transcript (issue 15, point 4): the request, expiry, and what a reader is shown.
 * Pure; hashing, storage and the routes are in functions/services/transcripts/share-links.ts.
 *
 * A link's token is 32 random bytes (base64url, 43 characters) and is shown once, when the link is
 * made. The table keeps only its SHA-256 (hex, 64 characters), which is also the link's `id` in the
 * owner's list: a leaked table or list opens nothing, and the owner can still revoke each link.
 */
import { z } from 'zod';
import { mediaKindOf, type TranscriptBody, type TranscriptRecord } from './transcript-view';
import { keyPointsOf } from './key-point-moments';
import { summariesView } from './summary-templates';

export const SHARE_TOKEN_BYTES = 32;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A link's id: the hex SHA-256 of its token. */
export const SHARE_LINK_ID_PATTERN = /^[0-9a-f]{64}$/;
export const SHARE_MAX_DAYS = 365;
/** Without expires_in_days a link lives this long: a forgotten link should not stay open for ever by default. */
export const SHARE_DEFAULT_DAYS = 30;
/** The public page of a link: `/s/<token>`; it and the API's answer carry NOINDEX. */
export const SHARED_PAGE_PREFIX = '/s/';
export const NOINDEX_HEADERS = { 'x-robots-tag': 'noindex' } as const;
/** Reads of one shared link per client address a minute (page plus recording, a reload or two): enough for people. */
export const SHARED_READS_PER_MINUTE = 60;
/**
 * Dead or unknown tokens per client address a minute, counted apart from good reads so that nobody's guesses use
 * up a reader's limit (issue 25, point 5; locally every reader has the same address). Tokens have 256 bits: this
 * limit keeps guessing from loading the service, not from finding a token.
 */
export const SHARED_GUESSES_PER_MINUTE = 60;
/** Live links per transcript: enough for every group it is shared with, not a table filled by a script. */
export const SHARE_MAX_LIVE_LINKS = 20;

const DAYS_RANGE = `expires_in_days must be a whole number from 1 to ${SHARE_MAX_DAYS}, or null for a link that does not expire.`;

export const ShareLinkRequest = z.object({
  expires_in_days: z
    .number({ error: DAYS_RANGE })
    .int(DAYS_RANGE)
    .min(1, DAYS_RANGE)
    .max(SHARE_MAX_DAYS, DAYS_RANGE)
    .nullable()
    .optional()
    .default(SHARE_DEFAULT_DAYS),
  include_audio: z.boolean({ error: 'include_audio must be true or false.' }).optional().default(false),
});
export type ShareLinkRequest = z.output<typeof ShareLinkRequest>;

/** The stored link, as these functions read it. */
export interface ShareLinkRecord {
  linkId: string;
  includeAudio: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** Epoch seconds; absent: it does not expire. */
  expiresAt?: number | undefined;
}

/** When a link made at `nowMs` for `days` days stops working (epoch seconds), or undefined for never. */
export const expiresAtOf = (days: number | null, nowMs: number): number | undefined =>
  days === null ? undefined : Math.floor(nowMs / 1000) + days * 24 * 60 * 60;

export const isLive = (link: Pick<ShareLinkRecord, 'expiresAt'>, nowMs: number): boolean => link.expiresAt === undefined || link.expiresAt * 1000 > nowMs;

const isoOrNull = (seconds: number | undefined): string | null => (seconds === undefined ? null : new Date(seconds * 1000).toISOString());

/** An item of the owner's list (GET /api/transcripts/{id}/share): no token, only its hash as the id to revoke by. */
export function shareLinkView(link: ShareLinkRecord) {
  return { id: link.linkId, include_audio: link.includeAudio, created_at: link.createdAt, expires_at: isoOrNull(link.expiresAt) };
}

/** POST /api/transcripts/{id}/share: the list item's fields, with the token and the page's address (shown this once). */
export function createdShareLinkView(link: ShareLinkRecord, token: string, origin: string) {
  return { token, url: `${origin}${SHARED_PAGE_PREFIX}${token}`, ...shareLinkView(link) };
}

/** The recording's address for a reader: through the link (so it stops with it), with the file's extension (video plays as video). */
export const sharedMediaPath = (token: string, extension: string): string => `/api/shared/${token}/audio.${extension}`;

/**
 * GET /api/shared/{token}: only what a reader needs. Built field by field (never by spreading the
 * item or the owner's view), so ids, tags, projects and owner data cannot leak in by accident.
 */
export function sharedTranscriptView(record: Pick<TranscriptRecord, 'filename' | 'createdAt' | 'topic' | 'summary' | 'summaries' | 'editedAt' | 'mediaType'>, body: TranscriptBody, audioUrl: string | null) {
  return {
    filename: record.filename,
    created_at: record.createdAt,
    text: body.text,
    word_timings: body.word_timings,
    speakers: body.speakers,
    topic: record.topic,
    summary: record.summary,
    key_points: keyPointsOf(record.summary, body.word_timings),
    summaries: summariesView(record.summaries, record.editedAt),
    ...(audioUrl ? { audio_url: audioUrl, media_kind: mediaKindOf(record.mediaType) } : {}),
  };
}
