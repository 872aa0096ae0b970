/** A presigned upload in progress: which key the user may complete, until `expiresAt`. */
import { Entity } from 'electrodb';
import { model, required, underUser } from './table';

export const Upload = new Entity({
  model: model('upload'),
  attributes: {
    ...required('string', 'userId', 'uploadId', 'key', 'filename'),
    size: { type: 'number', required: true },
    /** S3's id when the upload is multipart. */
    multipartId: { type: 'string' },
    /** The type found in the stored file's bytes once it was checked (POST /api/uploads/{id}/complete). */
    mediaType: { type: 'string' },
    mediaExtension: { type: 'string' },
    mediaKind: { type: ['audio', 'video'] as const },
    expiresAt: { type: 'number', required: true },
  },
  indexes: underUser(['uploadId']),
});
