/** A user's S3 objects: their prefix, and deleting them all (account deletion; the table items: data/user-items.ts). */
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client } from './aws-clients';
import { setting } from './config';

/** The S3 prefix of a user's objects; keys never contain a user-supplied name (DESIGN.md section 5). */
export const userPrefix = (userId: string): string => `users/${userId}/`;

export async function deleteUserObjects(userId: string): Promise<number> {
  const bucket = setting('UPLOADS_BUCKET');
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: userPrefix(userId), ContinuationToken: token }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (keys.length > 0) {
      await s3Client().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
