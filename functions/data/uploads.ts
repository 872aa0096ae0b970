/** Upload items: a presigned upload in progress, which key its owner may complete, until it expires. */
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db } from './db';
import type { Upload } from './entities';

export type UploadItem = EntityItem<typeof Upload>;

export async function createUpload(item: CreateEntityItem<typeof Upload>): Promise<void> {
  await db().entities.upload.create(item).go();
}

/** The user's upload while it is still valid; null when unknown or expired. */
export async function findLiveUpload(userId: string, uploadId: string): Promise<UploadItem | null> {
  const { data } = await db().entities.upload.get({ userId, uploadId }).go();
  return data && data.expiresAt > Date.now() / 1000 ? data : null;
}
