/** Live transcription through the streaming service (issue 29): an address the browser streams to, and its time counted. */
import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { json, pathId, type AreaRoutes } from './common';

export const LiveSessionBody = z.object({ language: z.string({ error: 'Choose a language.' }).trim().min(1, 'Choose a language.').max(40) });

/** A presigned WebSocket address, to connect to before `expires_at`; `id` is what POST …/end names. */
export const LiveSessionView = z.strictObject({ id: z.string(), url: z.string(), language_code: z.string(), sample_rate: z.number(), expires_at: z.string() });
export type LiveSessionView = z.output<typeof LiveSessionView>;

/** How long the browser streamed, in seconds. */
export const LiveEndBody = z.object({ seconds: z.number({ error: 'seconds must be a number.' }).min(0, 'seconds must be a number.').max(86_400, 'seconds must be a number.') });

/** The seconds counted: at most the time since the address was issued, and at most one stream's limit. */
export const LiveEndView = z.strictObject({ counted_seconds: z.number() });
export type LiveEndView = z.output<typeof LiveEndView>;

export const LIVE_ROUTES = {
  'POST /api/live/sessions': {
    domain: 'live',
    auth: 'session',
    body: LiveSessionBody,
    answer: json(LiveSessionView, 201),
    errors: [422],
    beyondSpec: 'Issue 29: live captions on AWS in the languages the in-browser engine lacks, streamed from the browser to the speech service by a presigned address, within the monthly quota.',
  },
  'POST /api/live/sessions/{id}/end': {
    domain: 'live',
    auth: 'session',
    params: { id: pathId(MESSAGES.liveSessionNotFound) },
    body: LiveEndBody,
    answer: json(LiveEndView),
    beyondSpec: "Issue 29: a live session's streamed time, counted in GET /api/usage within what the server can bound.",
  },
} as const satisfies AreaRoutes;
