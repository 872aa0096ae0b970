/** Business constants of docs/product.md#constants-and-limits and the security constants of docs/architecture.md#sessions-and-identity: one place each. */

/** One password policy: the Cognito pool (infra) and our own checks (cognito-local enforces none) both read it. */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

export const VERIFICATION_CODE_LENGTH = 6;
export const DATE_OF_BIRTH_CHANGE_LIMIT = 2;
export const TRANSCRIPT_POLL_INTERVAL_MS = 5000;
export const LIST_PREVIEW_LENGTH = 100;

/** Session cookie of docs/architecture.md#sessions-and-identity. */
export const SESSION_COOKIE_NAME = 'sid';
/**
 * The header the site (CloudFront; the local gateway) adds to every API request it forwards, carrying
 * ORIGIN_VERIFY_SECRET: a request without it did not come through the site, e.g. one sent straight to
 * API Gateway's own address around the site's headers and the client-address rules.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/**
 * The viewer's address, set by the site's edge function on every API request (overwriting whatever the
 * viewer sent), so per-address limits see the person, not CloudFront's edge; locally the gateway sets it.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
export const SESSION_TOKEN_BYTES = 32;
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** The cookie that ties a sign-up waiting for its code to the browser that made it (issue 16); it lives as long as a session. */
export const SIGNUP_COOKIE_NAME = 'signup';
/**
 * The cookie of a browser that has signed in with a password (issue 25): a random token, stored hashed with
 * each account it signed in to. Its password attempts count on their own, so nobody else's failures lock the
 * owner out of a browser they use. Set again at each successful login, for this long.
 */
export const DEVICE_COOKIE_NAME = 'device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

/**
 * The largest request body the API carries. API Gateway takes 10 MB, but the Lambda it invokes only a
 * 6 MB event, in which a binary body is base64 (4/3 larger): 4 MB leaves room for the headers. Larger
 * bodies answer 413 (CloudFront's API request function in AWS, the gateway locally), never a 500.
 */
export const MAX_API_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The deepest nesting of arrays and objects a JSON body may have (no route takes more than three): checked
 * on the text before it is parsed, since the checks that walk a parsed body recurse (issue 25).
 */
export const MAX_JSON_DEPTH = 32;

/** docs/product.md#constants-and-limits: the profile's choices. */
export const COUNTRIES = [
  'United States', 'Canada', 'United Kingdom', 'India', 'Australia', 'Germany', 'France', 'China', 'Japan', 'Brazil',
  'South Africa', 'Nigeria', 'Kenya', 'Mexico', 'Russia', 'Italy', 'Spain', 'Netherlands', 'Sweden', 'Norway',
] as const;
export const GENDERS = ['Male', 'Female', 'Prefer not to say', 'Other'] as const;

/** Field limits: generous for people, small enough to keep items and e-mails sane. */
export const FIELD_LIMITS = { name: 100, email: 254, password: 256, customGender: 50 } as const;

/**
 * Password attempts (fixed windows; issue 16): per account from one client address, per client address,
 * and over all accounts (a ceiling that protects the identity service). Past `slowAfter` failures of
 * one account from anywhere, each attempt waits `slowStepMs` more (up to `slowMaxMs`) instead of
 * locking its owner out.
 */
export const LOGIN_THROTTLE = { windowSeconds: 15 * 60, perEmail: 5, perAddress: 20, global: 2000, slowAfter: 5, slowStepMs: 250, slowMaxMs: 3000 } as const;
/**
 * Code attempts per window, counted before a code is checked (a 6-digit code must not be guessable): per
 * e-mail from one client address, and a higher ceiling per e-mail over all addresses (issue 16).
 */
export const VERIFY_THROTTLE = { windowSeconds: 15 * 60, perEmailAndAddress: 5, perEmail: 10 } as const;

/** "Send a new code" (issue 15): not within this many seconds of the last code; five an hour (the mail limits). */
export const RESEND_CODE_GAP_SECONDS = 60;

/** A forgot-password answer takes at least this long, whether or not the address has an account (issue 16). */
export const FORGOT_PASSWORD_ANSWER_MS = 1500;

/** A password-reset link works once, within this time (Cognito's own code lives one hour). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** Uploads (docs/features.md states them): Amazon Transcribe takes files up to 2 GB (and 4 hours). */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;
/**
 * The multipart form of POST /api/transcribe passes through API Gateway and Lambda, whose 6 MB
 * invocation limit (with the body base64-encoded) leaves about 4 MB for the file; larger files go
 * straight to S3 with a presigned upload.
 */
export const MAX_FORM_UPLOAD_BYTES = 4 * 1024 ** 2;
/** The longest recording taken: Amazon Transcribe's own limit (4 hours), the same for the local engine. */
export const MAX_RECORDING_SECONDS = 4 * 60 * 60;
/** The most speakers a user may say a recording has (`speaker_count`, issue 27); both engines take up to this many. */
export const MAX_SPEAKER_COUNT = 10;
/** Above this, the browser uploads in parts (in parallel, each retried on its own). */
export const MULTIPART_THRESHOLD_BYTES = 32 * 1024 ** 2;
export const MULTIPART_PART_BYTES = 16 * 1024 ** 2;
/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 60 * 60;
/**
 * An upload not transcribed within this is removed, in both deployments: its record (TTL), the stored file
 * (it carries PENDING_UPLOAD_TAG until a transcription starts from it; an S3 lifecycle rule in AWS, the local
 * sweep otherwise) and the parts of one never completed. 2 GB over a slow line takes hours.
 */
export const UPLOAD_KEPT_SECONDS = 24 * 60 * 60;
/** The object tag of an upload no transcription has started from yet. */
export const PENDING_UPLOAD_TAG = { key: 'scribely-state', value: 'pending' } as const;
/**
 * Part URLs are signed when the browser is about to send those parts, this many at a time (the first ones
 * with the ticket), so none expires while earlier parts are still going up.
 */
export const PART_URLS_PER_REQUEST = 16;
/**
 * The media function's time limit (ffmpeg on one recording: reading up to 2 GB by ranges, converting, storing
 * the result), and so how long its two links stay valid: they are used while it runs. Under the 15 minutes
 * of the workflow step that waits for it (infra/constructs/workflow.ts).
 */
export const MEDIA_FUNCTION_SECONDS = 14 * 60;
/** How long the owner's playback address (sealed, opened at the edge) stays valid (the audio element asks again on reload). */
export const PLAYBACK_URL_SECONDS = 15 * 60;
/**
 * The same for a shared recording, whose link its owner may revoke: a minute, so a revoked link stops
 * playing within one. The player asks again when its link has expired (sticky-player.tsx), so long
 * recordings still play and seek.
 */
export const SHARED_PLAYBACK_URL_SECONDS = 60;
/** No job may stay processing longer than this; it is reported failed after it (the workflow's own timeouts are shorter). */
export const MAX_PROCESSING_SECONDS = 6 * 60 * 60;
/**
 * A speech job's temporary files in the uploads bucket (the recording converted for the service and the
 * service's own output) live under this top-level prefix, as `engine/<userId>/<transcriptId>.flac|.json`,
 * not under the user's prefix: an S3 lifecycle rule matches only the start of a key or a tag, and
 * Transcribe writes its output untagged, so only a prefix of their own lets a rule reach both.
 */
export const ENGINE_FILES_PREFIX = 'engine/';
/**
 * Engine files a job left behind (it died before its cleanup, e.g. its execution timed out) go this long
 * after they were written: the bucket's lifecycle rule in AWS, the local sweep otherwise. A job reads them
 * only while it runs, and no run outlives the state machine's timeout (6 hours, as MAX_PROCESSING_SECONDS),
 * so a day is four times the longest run. Whole days: S3 lifecycle rules count days.
 */
export const ENGINE_FILES_KEPT_SECONDS = 24 * 60 * 60;
/** Search results a request gets unless it asks for another number, and the most it may ask for. */
export const DEFAULT_SEARCH_RESULTS = 20;
export const MAX_SEARCH_RESULTS = 50;
/** Tags on one transcript, and the longest tag name. */
export const TAG_LIMITS = { perTranscript: 20, nameLength: 50 } as const;

/**
 * One correction (PUT /api/transcripts/{id}/text, issue 25): at most this many word groups, each named once,
 * `words` in all (a group's 20,000 characters hold at most 10,000). The web sends one paragraph's changed
 * groups (at most six sentences, or one speaker's turn): far below. Corrections may not grow a transcript
 * past `transcriptWords` (four hours of fast speech is about 45,000), since every save rewrites and re-indexes
 * all of it (another user's p99 during the largest correction: 0.65 s at 100,000 words, 0.24 s at 50,000).
 */
export const TEXT_EDIT_LIMITS = { groups: 500, words: 20_000, transcriptWords: 50_000 } as const;

/** A pause this long between two sentences starts a new paragraph (in the plain text, the reading view and exports). */
export const PARAGRAPH_PAUSE_MS = 2000;

/**
 * Passages for Ask (issue 30): runs of whole sentences of about this length, long enough to answer a question
 * with its context, short enough that the moment it links to is the one meant. A sentence longer than `maxMs`
 * (speech without punctuation) is cut at `maxMs`.
 */
export const PASSAGE_MS = { min: 30_000, max: 60_000 } as const;
/** The longest question Ask takes, and how many passages it cites. */
export const ASK_LIMITS = { questionLength: 500, citations: 5 } as const;
/**
 * Passages one run of the vector backfill embeds (whole transcripts): about 25 s with the local encoder, a few
 * seconds of Titan calls; then the next run.
 */
export const VECTOR_BACKFILL_PASSAGES = 200;
/** Search by meaning on AWS (issue 30): the embedding model, the same in every region it is offered in. */
export const EMBEDDING_MODEL_ID = 'amazon.titan-embed-text-v2:0';
