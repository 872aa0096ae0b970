/** A user's S3 objects: their prefixes, and deleting them all (account deletion; the table items: data/user-items.ts). */
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ENGINE_FILES_PREFIX } from '../domain/constants';
import { s3Client } from '../platform/aws-clients';
import { setting } from '../platform/config';

/** The S3 prefix of a user's objects; keys never contain a user-supplied name (docs/architecture.md#data). */
export const userPrefix = (userId: string): string => `users/${userId}/`;
/** The prefix of the user's jobs' temporary engine files: outside userPrefix, so that a lifecycle rule expires them (ENGINE_FILES_PREFIX). */
export const engineFilesPrefix = (userId: string): string => `${ENGINE_FILES_PREFIX}${userId}/`;

/** Every object of the user: theirs, and what their jobs left in the engine prefix. */
export async function deleteUserObjects(userId: string): Promise<number> {
  let deleted = 0;
  for (const prefix of [userPrefix(userId), engineFilesPrefix(userId)]) deleted += await deletePrefix(prefix);
  return deleted;
}

async function deletePrefix(prefix: string): Promise<number> {
  const bucket = setting('UPLOADS_BUCKET');
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (keys.length > 0) {
      await s3Client().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
