/**
 * Inspects a recording in storage (or in hand, for the form upload) with the one check of
 * functions/domain/media-inspection.ts. A refusal is a ServiceError for the API and, by its name, a
 * user-facing MediaError for the workflow (functions/domain/workflow-failure.ts).
 */
import { inspectMedia, isRefusal, type InspectedMedia, type MediaRefusal } from '../../domain/media-inspection';
import { MEDIA_SNIFF_BYTES } from '../../domain/media-type';
import { USER_FACING_ERROR } from '../../domain/workflow-failure';
import { ServiceError, type Refusal } from '../service-error';
import { deleteObject, firstBytes, objectSize } from '../../storage/media-store';

const REASONS: Record<MediaRefusal['status'], Refusal> = { 400: 'invalid', 409: 'conflict', 413: 'too-large', 415: 'unsupported-type', 422: 'unprocessable' };

export class MediaRefused extends ServiceError {
  constructor({ status, message }: MediaRefusal) {
    super(REASONS[status], message);
    this.name = USER_FACING_ERROR;
  }
}

/** The stored recording as checked; a file that can never be used is removed and refused. */
export async function inspectStoredMedia(key: string): Promise<InspectedMedia> {
  const size = await objectSize(key);
  const result = inspectMedia(size, size ? await firstBytes(key) : new Uint8Array());
  if (!isRefusal(result)) return result;
  if (result.remove) await deleteObject(key);
  throw new MediaRefused(result);
}

/** The same check on a recording in hand, before it is stored. */
export function inspectBytes(bytes: Uint8Array): InspectedMedia {
  const result = inspectMedia(bytes.length, bytes.subarray(0, MEDIA_SNIFF_BYTES));
  if (isRefusal(result)) throw new MediaRefused(result);
  return result;
}
