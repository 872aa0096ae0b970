/** Upload items: a presigned upload in progress, which key its owner may complete, until it expires. */
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db } from './db';
import type { Upload } from './entities/upload';
import { whileLive } from './live-items';
import type { MediaType } from '../domain/media-type';

export type UploadItem = EntityItem<typeof Upload>;

export async function createUpload(item: CreateEntityItem<typeof Upload>): Promise<void> {
  await db().entities.upload.create(item).go();
}

/** Records the type the stored file's bytes showed: the transcription takes it without reading the file again. */
export async function recordVerifiedType(upload: UploadItem, type: MediaType): Promise<void> {
  await db().entities.upload.patch({ userId: upload.userId, uploadId: upload.uploadId }).set({ mediaType: type.mime, mediaExtension: type.extension, mediaKind: type.kind }).go();
}

/** The type recorded by `recordVerifiedType`, if the upload was checked. */
export const verifiedType = (upload: UploadItem): MediaType | null =>
  upload.mediaType && upload.mediaExtension && upload.mediaKind ? { kind: upload.mediaKind, mime: upload.mediaType, extension: upload.mediaExtension } : null;

/** The user's upload while it is still valid; null when unknown or expired. */
export async function findLiveUpload(userId: string, uploadId: string): Promise<UploadItem | null> {
  return whileLive((await db().entities.upload.get({ userId, uploadId }).go()).data);
}
