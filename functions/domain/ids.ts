/** Our ids (transcripts, uploads, projects, tags) are URL-safe base64 of random bytes; anything else names nothing. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
