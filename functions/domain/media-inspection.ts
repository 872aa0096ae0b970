/**
 * The one check of a stored recording (docs/architecture.md#workflow: size, real type by its bytes, duration),
 * with the user's texts. Pure: the caller reads the size and the first bytes (functions/services/media/inspection.ts).
 */
import { MAX_RECORDING_SECONDS, MAX_UPLOAD_BYTES } from './constants';
import { formatBytes } from './file-size';
import { mediaDurationSeconds } from './media-duration';
import { detectMediaType, type MediaType } from './media-type';
import { MESSAGES } from './messages';

export interface InspectedMedia {
  size: number;
  type: MediaType;
  /** Null when the file's start does not say (then the engine's own limit applies). */
  durationSeconds: number | null;
}

export interface MediaRefusal {
  status: 400 | 409 | 413 | 415 | 422;
  message: string;
  /** The stored object can never be used: remove it. */
  remove: boolean;
}

/** `size` null: nothing is stored under the key (yet). `head`: at least MEDIA_SNIFF_BYTES of the start. */
export function inspectMedia(size: number | null, head: Uint8Array): InspectedMedia | MediaRefusal {
  if (size === null) return { status: 409, message: MESSAGES.uploadIncomplete, remove: false };
  if (size === 0) return { status: 400, message: MESSAGES.emptyFile, remove: true };
  if (size > MAX_UPLOAD_BYTES) return { status: 413, message: MESSAGES.fileTooLarge(formatBytes(MAX_UPLOAD_BYTES)), remove: true };
  const type = detectMediaType(head);
  if (!type) return { status: 415, message: MESSAGES.notMedia, remove: true };
  const durationSeconds = mediaDurationSeconds(head, size, type);
  if (durationSeconds !== null && durationSeconds > MAX_RECORDING_SECONDS) {
    return { status: 422, message: MESSAGES.recordingTooLong(MAX_RECORDING_SECONDS / 3600), remove: true };
  }
  return { size, type, durationSeconds };
}

export const isRefusal = (result: InspectedMedia | MediaRefusal): result is MediaRefusal => 'status' in result;
