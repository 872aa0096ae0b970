/** Sharing (issue 15): read-only links to a finished transcript, their owner's list, and what a reader sees. */
import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { SHARE_LINK_ID_PATTERN, SHARE_TOKEN_PATTERN, ShareLinkRequest } from '../domain/share-links';
import { json, MovedAnswer, onOwn, pathId, REDIRECT, type AreaRoutes } from './common';
import { KeyPointView, TranscriptView, WordGroup } from './transcripts';

/** A live read-only link in its owner's list: `id` (the token's hash) revokes it; the token itself is shown only when made. */
export const ShareLinkView = z.strictObject({ id: z.string(), include_audio: z.boolean(), created_at: z.string(), expires_at: z.string().nullable() });
export type ShareLinkView = z.output<typeof ShareLinkView>;

/** POST /api/transcripts/{id}/share: the new link, with its token and the page's address. */
export const CreatedShareLink = z.strictObject({ ...ShareLinkView.shape, token: z.string(), url: z.string() });
export type CreatedShareLink = z.output<typeof CreatedShareLink>;

/** GET /api/shared/{token}: what a reader of a shared link sees, no session needed. */
export const SharedTranscriptView = z.strictObject({
  filename: z.string(),
  created_at: z.string(),
  text: z.string(),
  word_timings: z.array(WordGroup),
  speakers: z.array(z.string()),
  topic: z.string(),
  summary: z.string(),
  /** Issue 28: `summary`'s lines, each with where it is said. */
  key_points: z.array(KeyPointView),
  /** Issue 30: the summary templates made so far, as the owner's view has them (read-only). */
  summaries: TranscriptView.shape.summaries,
  /** When the link includes the recording. */
  audio_url: z.string().optional(),
  /** With the recording: whether it has a picture (played as video) or is sound only. */
  media_kind: z.enum(['audio', 'video']).optional(),
});
export type SharedTranscriptView = z.output<typeof SharedTranscriptView>;

/** A shared link's token in the path: anything else is the same 404 as a dead link. */
const shareToken = z.string().regex(SHARE_TOKEN_PATTERN, MESSAGES.sharedLinkNotFound);

const onTranscript = onOwn('transcripts', MESSAGES.transcriptNotFound);

export const SHARING_ROUTES = {
  'POST /api/transcripts/{id}/share': onTranscript({
    body: ShareLinkRequest,
    answer: json(CreatedShareLink, 201),
    errors: [409],
    beyondSpec: 'Issue 15, share a read-only link: a new link to a finished transcript, with an expiry and with or without the recording.',
  }),
  'GET /api/transcripts/{id}/share': onTranscript({
    answer: json(z.array(ShareLinkView)),
    beyondSpec: "Issue 15: the transcript's links that still work, for its owner to see and revoke.",
  }),
  'DELETE /api/transcripts/{id}/share/{token}': {
    domain: 'transcripts',
    auth: 'session',
    params: {
      id: pathId(MESSAGES.transcriptNotFound),
      token: z.string().regex(new RegExp(`${SHARE_TOKEN_PATTERN.source}|${SHARE_LINK_ID_PATTERN.source}`), MESSAGES.shareLinkNotFound),
    },
    answer: json(MovedAnswer),
    beyondSpec: "Issue 15: revokes one link, named by its token or by its id in the owner's list; it answers 404 from then on.",
  },
  'GET /api/shared/{token}': {
    domain: 'transcripts',
    auth: 'none',
    params: { token: shareToken },
    answer: json(SharedTranscriptView),
    beyondSpec: 'Issue 15: what the page /s/{token} shows, without a session: the text, timings, speakers, topic and summary only (issue 30: with the summary templates made).',
  },
  'GET /api/shared/{token}/{file}': {
    domain: 'transcripts',
    auth: 'none',
    params: { token: shareToken, file: z.string().regex(/^audio\.[A-Za-z0-9]{1,10}$/, MESSAGES.sharedLinkNotFound) },
    answer: REDIRECT,
    beyondSpec: "Issue 15: a shared link's recording (when the link includes it), checked on every request and redirected to a short-lived signed address.",
  },
} as const satisfies AreaRoutes;
