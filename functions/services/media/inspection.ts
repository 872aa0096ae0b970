/**
 * Inspects a recording in storage (or in hand, for the form upload) with the one check of
 * functions/domain/media-inspection.ts. A refusal is an HttpError for the API and, by its name, a
 * user-facing MediaError for the workflow (functions/domain/workflow-failure.ts).
 */
import { inspectMedia, isRefusal, type InspectedMedia } from '../../domain/media-inspection';
import { MEDIA_SNIFF_BYTES } from '../../domain/media-type';
import { USER_FACING_ERROR } from '../../domain/workflow-failure';
import { HttpError } from '../../http/http';
import { deleteObject, firstBytes, objectSize } from '../../storage/media-store';

export class MediaRefused extends HttpError {
  constructor(statusCode: number, message: string) {
    super(statusCode, message);
    this.name = USER_FACING_ERROR;
  }
}

/** The stored recording as checked; a file that can never be used is removed and refused. */
export async function inspectStoredMedia(key: string): Promise<InspectedMedia> {
  const size = await objectSize(key);
  const result = inspectMedia(size, size ? await firstBytes(key) : new Uint8Array());
  if (!isRefusal(result)) return result;
  if (result.remove) await deleteObject(key);
  throw new MediaRefused(result.status, result.message);
}

/** The same check on a recording in hand, before it is stored. */
export function inspectBytes(bytes: Uint8Array): InspectedMedia {
  const result = inspectMedia(bytes.length, bytes.subarray(0, MEDIA_SNIFF_BYTES));
  if (isRefusal(result)) throw new MediaRefused(result.status, result.message);
  return result;
}
