/** New item ids: URL-safe base64 of random bytes (functions/domain/ids.ts says what a path id may look like). */
import { randomBytes } from 'node:crypto';

/** Projects and tags: 12 random bytes. */
export const newItemId = (): string => randomBytes(12).toString('base64url');
/** Uploads, and the transcripts made from them (which take the upload's id): 16 random bytes. */
export const newUploadId = (): string => randomBytes(16).toString('base64url');
